"""The referee's desk: units deployed, losses outside a battle, a roll for the table,
instability for one of the aid's causes, a leader pool; each an order of the log, offered at
the start of a turn and at step 6 of the end of turn, never a free edit."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.core import IllegalAction, legal_prompts, state_hash, submit
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.ledgers import INSTABILITY_CAUSES
from rulesets.ultima_ratio_regis.state import UrrState
from tests.ultima_ratio_regis.helpers import (
    ScriptedDice,
    assigned,
    choices,
    deployment,
    in_impulse,
    kinds,
    play,
    play_events,
)
from tests.ultima_ratio_regis.test_end_of_turn import enter_for_every_power, everybody_passes


def at_desk(state: UrrState, desk: str) -> UrrState:
    return play(state, "REF", type="open_desk", input=desk)


def units_of(state: UrrState, power: str, area: str) -> list[Any]:
    return [u for u in state.units if u.power == power and u.area == area]


def test_the_start_of_a_turn_offers_the_desk_after_beginning_the_turn() -> None:
    state = assigned()
    listed = [c["type"] for c in choices(state, "REF")]
    assert listed[0] == "begin_turn"  # an absent referee begins the turn
    assert listed[1:] == ["open_desk"] * 5 + ["roll_dice"]  # the shipped data has minors
    state = at_desk(state, "deploy")
    assert kinds(state) == [("REF", "referee_deploy")]
    assert choices(state, "REF")[0] == {"type": "close_desk"}
    state = play(state, "REF", type="close_desk")
    assert kinds(state) == [("REF", "begin_turn")]


def test_deploying_units_places_them_with_their_quality_and_says_so() -> None:
    """S1 'Déploiement des nouvelles puissances': the referee places what the book says."""
    state = at_desk(assigned(), "deploy")
    before = len(units_of(state, "urr_fra", "urr_paris"))
    state, events = play_events(state, "REF", **deployment("urr_fra", "urr_paris", 3, q=3))
    placed = units_of(state, "urr_fra", "urr_paris")[before:]
    assert [(u.kind, u.q) for u in placed] == [("troop", 3)] * 3
    assert events == ["urr.event.deployed.troop"]
    assert kinds(state) == [("REF", "begin_turn")]  # one input, then back to the checkpoint


def test_deploying_is_refused_where_the_power_cannot_stand() -> None:
    state = at_desk(assigned(), "deploy")
    with pytest.raises(IllegalAction):  # Vienna is Austria's, not France's
        play(state, "REF", **deployment("urr_fra", "urr_vienna", 1))
    with pytest.raises(IllegalAction):  # six units in one order is above the range
        play(state, "REF", **deployment("urr_fra", "urr_paris", 6))


def test_losses_outside_a_battle_take_the_weakest_and_count_destroyed_units() -> None:
    state = assigned()
    power, area = "urr_fra", "urr_paris"
    stack = [u for u in units_of(state, power, area) if u.kind == "troop"]
    assert len(stack) >= 2
    stack[-1].q = 1  # the weakest goes first
    state = at_desk(state, "losses")
    state, events = play_events(
        state,
        "REF",
        type="record_loss",
        power=power,
        area=area,
        kind="troop",
        fate="eliminated",
        count=1,
    )
    assert stack[-1].id not in {u.id for u in state.units}
    assert state.powers[power].destroyed == 1  # an expense item at the end of the turn
    assert events == ["urr.event.loss_recorded.troop.eliminated"]
    state = at_desk(state, "losses")
    state = play(
        state,
        "REF",
        type="record_loss",
        power=power,
        area=area,
        kind="troop",
        fate="dispersed",
        count=1,
    )
    dispersed = [u for u in units_of(state, power, area) if u.dispersed_at is not None]
    assert len(dispersed) == 1 and state.powers[power].destroyed == 1


def test_a_squadron_lost_outside_a_battle_is_damaged_and_goes_back_to_port() -> None:
    state = at_desk(assigned(), "deploy")
    state = play(state, "REF", **deployment("urr_gbr", "urr_channel", 1, kind="squadron"))
    state = at_desk(state, "losses")
    state = play(
        state,
        "REF",
        type="record_loss",
        power="urr_gbr",
        area="urr_channel",
        kind="squadron",
        fate="dispersed",
        count=1,
    )
    damaged = [u for u in state.units if u.power == "urr_gbr" and u.repairing]
    assert damaged and all(u.area != "urr_channel" for u in damaged)
    assert all(state.control.get(u.area) == "urr_gbr" for u in damaged)


def test_the_referee_s_roll_uses_the_campaign_dice_and_is_shown_to_all() -> None:
    state = assigned()
    ScriptedDice.script = [3, 5]
    outcome = submit(
        URR,
        state,
        "REF",
        {"type": "roll_dice", "dice": 2, "purpose": "plague in Vienna"},
        dice_source=ScriptedDice,
    )
    (event,) = outcome.events
    assert event.key == "urr.event.referee_roll.purpose" and event.is_public
    assert event.params == {"dice": "3, 5", "total": 8, "purpose": "plague in Vienna"}
    assert outcome.state.rng.counter == state.rng.counter + 2  # drawn from the seeded RNG
    with pytest.raises(IllegalAction):
        play(state, "REF", type="roll_dice", dice=7)


def test_instability_changes_only_for_a_cause_of_the_aid_in_its_direction() -> None:
    state = at_desk(assigned(), "instability")
    offered = [
        c
        for p in legal_prompts(URR, state, "REF")
        for c in p.choices
        if c.action.get("power") == "urr_aus" and "cause" in c.action
    ]
    # CAUSES D'INSTABILITÉ: eight causes raise it, four lower it, the peace conditions both.
    ways = {(c.action["cause"], 1 if c.ranges["change"].low > 0 else -1) for c in offered}
    assert ways == {(cause, way) for cause, dirs in INSTABILITY_CAUSES.items() for way in dirs}
    assert len(ways) == 13 and ("reparation", 1) in ways and ("reparation", -1) in ways
    level = state.powers["urr_aus"].instability
    state, events = play_events(
        state, "REF", type="adjust_instability", power="urr_aus", cause="rebellion", change=2
    )
    assert state.powers["urr_aus"].instability == level + 2
    assert events == ["urr.event.instability"]
    state = at_desk(state, "instability")
    with pytest.raises(IllegalAction):  # a surplus lowers instability, it never raises it
        play(state, "REF", type="adjust_instability", power="urr_aus", cause="surplus", change=1)
    state = play(
        state, "REF", type="adjust_instability", power="urr_aus", cause="surplus", change=-1
    )
    assert state.powers["urr_aus"].instability == level + 1
    state = at_desk(state, "instability")
    with pytest.raises(IllegalAction):  # not a cause the aid lists
        play(state, "REF", type="adjust_instability", power="urr_aus", cause="whim", change=1)


def test_a_leader_pool_set_by_the_referee_is_what_the_draw_picks_from() -> None:
    state = at_desk(assigned(), "leader_pool")
    state, events = play_events(
        state,
        "REF",
        type="set_leader_pool",
        power="urr_fra",
        tactician=0,
        admiral=0,
        decisive=2,
        creative=0,
        organizer=0,
    )
    assert state.leader_pools["urr_fra"] == ["decisive", "decisive"]
    assert events == ["urr.event.leader_pool"]


def test_step_6_of_the_end_of_turn_offers_the_desk_too() -> None:
    state = everybody_passes(in_impulse())
    for kind, field in (("enter_trade", "amount"), ("enter_expenses", "amount")):
        state = enter_for_every_power(state, kind, field, {})
    state = enter_for_every_power(state, "place_rebellions", "count", {})
    for seat in ("P1", "P2", "P3", "P4"):
        state = play(state, seat, type="keep_units")
    assert kinds(state) == [("REF", "dynastic")]
    assert [c["type"] for c in choices(state, "REF")][1:] == ["open_desk"] * 5 + ["roll_dice"]
    state = at_desk(state, "instability")
    state = play(
        state, "REF", type="adjust_instability", power="urr_fra", cause="promotion", change=3
    )
    assert kinds(state) == [("REF", "dynastic")]


def test_desk_orders_replay_to_the_same_state() -> None:
    """Each input is an order of the log: played again from the start, it gives the same
    state, dice included (what undo and a rules fix rely on)."""
    log: list[dict[str, Any]] = [
        {"type": "open_desk", "input": "deploy"},
        {
            "type": "deploy_units",
            "power": "urr_ned",
            "area": "urr_amsterdam",
            "kind": "troop",
            "count": 2,
            "q": 2,
        },
        {"type": "roll_dice", "dice": 3},
        {"type": "begin_turn"},
    ]
    hashes = []
    for _ in range(2):
        state = assigned()
        for action in log:
            state = submit(URR, state, "REF", action).state
        hashes.append(state_hash(state))
    assert hashes[0] == hashes[1]


def test_the_impulse_option_opens_the_desk_between_two_impulses() -> None:
    state = in_impulse(referee_desk="impulse")
    state = play(state, "P1", type="pass_impulse")
    assert kinds(state) == [("REF", "between_impulses")]
    assert choices(state, "REF")[0] == {"type": "next_impulse"}
    state = play(state, "REF", type="open_desk", input="instability")
    state = play(
        state, "REF", type="adjust_instability", power="urr_aus", cause="rebellion", change=1
    )
    assert kinds(state) == [("REF", "between_impulses")]
    state = play(state, "REF", type="next_impulse")
    assert state.phase == "impulse" and kinds(state)[0][0] == "P2"


def test_by_default_the_next_impulse_follows_at_once() -> None:
    state = play(in_impulse(), "P1", type="pass_impulse")
    assert state.phase == "impulse" and kinds(state)[0][0] == "P2"
