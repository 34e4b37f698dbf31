"""Interception (TYPES DE CHEF, 'Décidé'): the defending power may meet a tactical move
with one troop from a zone next to the one entered; a Decisive leader intercepts 'avec plus
d'une troupe à 2 zones de distance (au lieu de 1)' and, 'si intercepté, compte comme un
tacticien en bataille terrestre'."""

from __future__ import annotations

from typing import Any

from rulesets.core import legal_prompts
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.state import Combat, Fortress, Leader, Unit, UrrState, War
from tests.ultima_ratio_regis.helpers import (
    ScriptedDice,
    acting,
    add_troops,
    choices,
    clear_area,
    in_impulse,
    kinds,
    play,
)

INTO_SAXONY = {"type": "tactical_move", "power": "urr_fra", "origin": "urr_paris"}


def france_against_austria(**options: Any) -> UrrState:
    """France (P1) with 3 troops in Paris, Austria (P2) with 1 in Saxony and 2 in Bohemia
    next to it; Vienna (2 zones from Saxony) empty."""
    state = acting(in_impulse(**options))
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    for area in ("urr_paris", "urr_saxony", "urr_bohemia", "urr_vienna", "urr_bavaria"):
        clear_area(state, area)
    add_troops(state, "urr_fra", "urr_paris", 3)
    add_troops(state, "urr_aus", "urr_saxony", 1)
    add_troops(state, "urr_aus", "urr_bohemia", 2)
    state.control["urr_saxony"] = "urr_aus"
    return state


def leader(state: UrrState, power: str, kind: str, area: str) -> None:
    state.leaders.append(Leader(id=f"l-{power}-{kind}", power=power, type=kind, area=area))


def fought(state: UrrState) -> Combat:
    """The move's combat: still open, or already resolved when nobody had a choice."""
    combat = state.combat or state.last_combat
    assert combat is not None
    return combat


def in_area(state: UrrState, power: str, area: str) -> int:
    return sum(1 for u in state.units if u.power == power and u.area == area)


def test_one_troop_from_the_next_zone_may_intercept_and_letting_pass_comes_first() -> None:
    state = play(france_against_austria(), "P1", **INTO_SAXONY, area="urr_saxony")
    assert kinds(state) == [("P2", "intercept")]
    assert choices(state, "P2") == [
        {"type": "let_pass"},
        {"type": "intercept", "origin": "urr_bohemia", "count": 1},
    ]
    state = play(state, "P2", type="intercept", origin="urr_bohemia", count=1)
    assert in_area(state, "urr_aus", "urr_bohemia") == 1
    assert len(fought(state).defender.units) == 2
    assert state.pending_move is None


def test_letting_the_move_pass_fights_the_zone_s_own_defenders_only() -> None:
    state = play(france_against_austria(), "P1", **INTO_SAXONY, area="urr_saxony")
    state = play(state, "P2", type="let_pass")
    assert in_area(state, "urr_aus", "urr_bohemia") == 2
    assert len(fought(state).defender.units) == 1


def test_a_decisive_leader_intercepts_from_two_zones_with_more_than_one_troop() -> None:
    state = france_against_austria()
    add_troops(state, "urr_aus", "urr_vienna", 3)
    leader(state, "urr_aus", "decisive", "urr_vienna")
    state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
    (from_vienna,) = [
        c
        for p in legal_prompts(URR, state)
        for c in p.choices
        if c.action.get("origin") == "urr_vienna"
    ]
    assert from_vienna.ranges["count"].high == 3
    state = play(state, "P2", type="intercept", origin="urr_vienna", count=2)
    assert in_area(state, "urr_aus", "urr_vienna") == 1
    assert any(x.type == "decisive" and x.area == "urr_saxony" for x in state.leaders)
    assert len(fought(state).defender.units) == 3


def test_without_a_decisive_leader_a_stack_two_zones_away_cannot_intercept() -> None:
    state = france_against_austria()
    add_troops(state, "urr_aus", "urr_vienna", 3)
    state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
    assert "urr_vienna" not in {c.get("origin") for c in choices(state, "P2")}


def test_the_troops_option_keeps_a_decisive_leader_s_range_at_one_zone() -> None:
    state = france_against_austria(decisive_interception="troops")
    add_troops(state, "urr_aus", "urr_vienna", 3)
    leader(state, "urr_aus", "decisive", "urr_vienna")
    leader(state, "urr_aus", "decisive", "urr_bohemia")
    state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
    origins = {c.get("origin") for c in choices(state, "P2")}
    assert "urr_vienna" not in origins and "urr_bohemia" in origins


def test_the_intercepted_force_s_decisive_leader_counts_as_a_tactician() -> None:
    """A-13: +1 on one die in the land battle that follows the interception; without an
    interception a Decisive leader gives nothing in a land battle."""
    for intercepted, leader_prompt in ((True, True), (False, False)):
        state = france_against_austria()
        leader(state, "urr_fra", "decisive", "urr_paris")
        state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
        if intercepted:
            state = play(state, "P2", type="intercept", origin="urr_bohemia", count=1)
        else:
            state = play(state, "P2", type="let_pass")
        assert fought(state).attacker.bonus_leader is leader_prompt
        assert not fought(state).defender.bonus_leader


def test_the_intercepting_option_gives_the_interceptor_s_decisive_the_tactician_die() -> None:
    state = france_against_austria(decisive_tactician="intercepting")
    leader(state, "urr_fra", "decisive", "urr_paris")
    leader(state, "urr_aus", "decisive", "urr_bohemia")
    state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
    state = play(state, "P2", type="intercept", origin="urr_bohemia", count=2)
    assert fought(state).defender.bonus_leader and not fought(state).attacker.bonus_leader


def test_an_interceptor_turns_the_occupation_of_an_empty_zone_into_a_battle() -> None:
    state = france_against_austria()
    clear_area(state, "urr_saxony")
    state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
    assert kinds(state) == [("P2", "intercept")]
    ScriptedDice.script = [1, 1, 1, 6]  # France's three dice, then the interceptor's
    state = play(state, "P2", type="intercept", origin="urr_bohemia", count=1)
    assert fought(state).kind == "land" and fought(state).winner == "defender"
    assert state.control["urr_saxony"] == "urr_aus"


def test_an_empty_zone_let_pass_is_occupied() -> None:
    state = france_against_austria()
    clear_area(state, "urr_saxony")
    state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
    state = play(state, "P2", type="let_pass")
    assert state.control["urr_saxony"] == "urr_fra" and state.combat is None


def test_a_garrison_under_siege_does_not_intercept() -> None:
    state = france_against_austria()
    state.fortresses.append(
        Fortress(
            area="urr_bohemia", power="urr_aus", started_at=0, complete=True, besieger="urr_pru"
        )
    )
    add_troops(state, "urr_pru", "urr_bohemia", 2)
    state = play(state, "P1", **INTO_SAXONY, area="urr_saxony")
    assert kinds(state) != [("P2", "intercept")]
    assert len(fought(state).defender.units) == 1


def spain_sails(*enemies: str) -> UrrState:
    """Spain (P2, acting) with two squadrons in the Mediterranean, at war with `enemies`;
    a British squadron in the Channel and a Dutch one in the Ocean, both next to the
    Atlantic."""
    state = acting(in_impulse())
    state.order, state.current = ["P2", "P1", "P3", "P4"], 0
    for number, enemy in enumerate(enemies):
        state.wars.append(War(id=f"w{number}", powers=["urr_esp", enemy]))
    for power, sea in (
        ("urr_esp", "urr_mediterranean"),
        ("urr_esp", "urr_mediterranean"),
        ("urr_gbr", "urr_channel"),
        ("urr_ned", "urr_ocean"),
    ):
        state.next_id += 1
        state.units.append(Unit(id=f"s{state.next_id}", power=power, kind="squadron", area=sea))
    return state


SAIL = {
    "type": "strategic_move",
    "power": "urr_esp",
    "origin": "urr_mediterranean",
    "area": "urr_atlantic",
}


def test_a_fleet_sailing_next_to_an_enemy_fleet_may_be_intercepted_in_a_2d_battle() -> None:
    state = play(spain_sails("urr_gbr"), "P2", **SAIL)
    assert kinds(state) == [("P1", "intercept")]
    assert choices(state, "P1") == [
        {"type": "let_pass"},
        {"type": "intercept", "origin": "urr_channel", "count": 1},
    ]
    ScriptedDice.script = [6, 1, 1]  # Britain's die, then Spain's two
    state = play(state, "P1", type="intercept", origin="urr_channel", count=1)
    battle = fought(state)
    assert (battle.kind, battle.size) == ("naval", 2)
    assert (battle.attacker.power, battle.defender.power) == ("urr_gbr", "urr_esp")
    assert battle.winner == "attacker"
    assert state.actions_left == 2 and state.phase == "impulse"


def test_each_enemy_within_reach_is_asked_in_turn_then_the_fleet_sails_on() -> None:
    state = play(spain_sails("urr_gbr", "urr_ned"), "P2", **SAIL)
    assert kinds(state) == [("P1", "intercept")]
    state = play(state, "P1", type="let_pass")
    assert kinds(state) == [("P4", "intercept")]
    state = play(state, "P4", type="let_pass")
    assert state.last_combat is None and state.phase == "impulse"
    assert in_area(state, "urr_esp", "urr_atlantic") == 2 and state.actions_left == 2


def test_a_fleet_sails_unasked_when_no_enemy_fleet_is_within_reach() -> None:
    state = play(spain_sails(), "P2", **SAIL)
    assert kinds(state) == [("P2", "impulse_act")]
