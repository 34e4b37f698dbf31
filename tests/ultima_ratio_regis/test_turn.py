"""The turn skeleton through the engine: powers given by the referee, the deal, the order,
impulses and their end, and the constraints the aid states on the power actions."""

from __future__ import annotations

from rulesets.core import IllegalAction, legal_prompts, start
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.state import War
from tests.ultima_ratio_regis.helpers import (
    SEATS,
    SEED,
    acting,
    add_troops,
    assigned,
    choices,
    in_impulse,
    kinds,
    play,
)


def test_the_referee_gives_every_player_at_least_one_power() -> None:
    state = start(URR, SEATS, {}, SEED).state
    assert kinds(state) == [("REF", "assign_power")]
    for power in ("urr_fra", "urr_gbr", "urr_aus", "urr_esp", "urr_ott"):
        state = play(state, "REF", type="assign_power", power=power, seat="P1")
    assert {c["seat"] for c in choices(state)} == {"P2", "P3", "P4"}


def test_without_a_referee_seat_the_first_player_referees() -> None:
    state = start(URR, ["P1", "P2", "P3"], {}, SEED).state
    assert kinds(state) == [("P1", "assign_power")]


def test_a_table_needs_three_to_eight_players_besides_the_referee() -> None:
    for seats in (["P1", "P2", "REF"], ["P1", "REF", "REF", "P2", "P3"]):
        try:
            start(URR, seats, {}, SEED)
        except IllegalAction:
            continue
        raise AssertionError(seats)


def test_turn_start_deals_the_aids_count_to_each_player_in_private() -> None:
    """CARTES PAR TOUR: 4 joueurs, 40 (10/joueur)."""
    state = play(assigned(), "REF", type="begin_turn")
    assert [len(state.hands[seat]) for seat in ("P1", "P2", "P3", "P4")] == [10] * 4
    public = URR.view(state, None)
    assert "hand" not in public and public["hand_sizes"]["P1"] == 10
    assert URR.view(state, "P1")["hand"] == state.hands["P1"]
    assert all(card not in str(public) for card in state.hands["P1"])
    assert kinds(state) == [("REF", "order")]


def test_the_order_may_be_drawn_by_lot() -> None:
    state = play(assigned(play_order="lot"), "REF", type="begin_turn")
    assert state.phase == "impulse" and sorted(state.order) == ["P1", "P2", "P3", "P4"]


def test_the_middle_of_the_turn_ends_when_every_player_passes_in_succession() -> None:
    state = in_impulse()
    for seat in ("P1", "P2", "P3", "P4"):
        state.step = "card"
        state = play(state, seat, type="pass_impulse")
    assert state.phase == "eot" and kinds(state) == [("REF", "enter_trade")]


def test_a_card_without_a_value_asks_the_referee() -> None:
    """A-37: the referee enters the action value of the real card."""
    state = in_impulse()
    state.hands["P1"] = ["urr_card_08", "urr_card_01"]
    state = play(state, "P1", type="play_card", card="urr_card_08")
    assert kinds(state) == [("REF", "card_value")]
    state = play(state, "REF", type="set_card_value", actions=2)
    assert state.actions_left == 2 and kinds(state) == [("P1", "impulse_act")]


def test_elite_troops_are_built_only_in_national_zones() -> None:
    state = acting(in_impulse())
    state.control["urr_milan"] = "urr_fra"
    builds = [c for c in choices(state, "P1") if c["type"] == "build_troop"]
    assert {"power": "urr_fra", "area": "urr_paris", "elite": True}.items() <= next(
        c for c in builds if c["area"] == "urr_paris" and c["elite"]
    ).items()
    assert [c for c in builds if c["area"] == "urr_milan" and c["elite"]] == []
    assert [c for c in builds if c["area"] == "urr_milan"] != []


def test_conscription_costs_one_instability_on_the_main_map() -> None:
    state = acting(in_impulse())
    before = state.powers["urr_fra"].instability
    state = play(
        state,
        "P1",
        type="build_troop",
        power="urr_fra",
        area="urr_paris",
        elite=False,
        conscript=True,
    )
    assert state.powers["urr_fra"].instability == before + 1


def test_a_fortress_is_finished_in_a_later_impulse_than_it_was_started() -> None:
    state = acting(in_impulse())
    state = play(state, "P1", type="build_fortress", power="urr_fra", area="urr_paris")
    forts = [c for c in choices(state, "P1") if c["type"] == "build_fortress"]
    assert all(c["area"] != "urr_paris" for c in forts)
    state.impulse += 1
    state = play(state, "P1", type="build_fortress", power="urr_fra", area="urr_paris")
    assert next(f for f in state.fortresses if f.area == "urr_paris").complete


def test_a_troop_dispersed_in_an_earlier_impulse_regroups_in_its_theatre() -> None:
    state = acting(in_impulse())
    troop = next(u for u in state.units if u.power == "urr_fra" and u.area == "urr_paris")
    troop.dispersed_at = state.impulse
    assert [c for c in choices(state, "P1") if c["type"] == "regroup_troop"] == []
    troop.dispersed_at = state.impulse - 1
    areas = {c["area"] for c in choices(state, "P1") if c["type"] == "regroup_troop"}
    assert areas == {"urr_paris", "urr_brittany"}  # the west; Provence is in the south


def test_a_tactical_move_reaches_two_zones_at_most() -> None:
    state = acting(in_impulse())
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    targets = {
        c["area"]
        for c in choices(state, "P1")
        if c["type"] == "tactical_move" and c["origin"] == "urr_paris"
    }
    assert "urr_bohemia" in targets and "urr_vienna" not in targets


def test_subsidies_go_only_to_allies() -> None:
    state = acting(in_impulse())
    state.alliances.append(["urr_esp", "urr_fra"])
    subsidies = {c["ally"] for c in choices(state, "P1") if c["type"] == "subsidize"}
    assert subsidies == {"urr_esp"}
    state = play(state, "P1", type="subsidize", power="urr_fra", ally="urr_esp")
    assert state.powers["urr_esp"].instability == 2


def test_war_without_a_casus_belli_costs_a_morale_point() -> None:
    state = acting(in_impulse())
    state = play(
        state, "P1", type="declare_war", power="urr_fra", target="urr_ned", casus_belli=False
    )
    war = state.wars[0]
    assert war.lost == {"urr_fra": 1} and war.gained == {"urr_ned": 1}
    assert state.actions_left == 2


def test_a_claimed_casus_belli_is_checked_by_the_referee() -> None:
    state = acting(in_impulse())
    state = play(
        state, "P1", type="declare_war", power="urr_fra", target="urr_ned", casus_belli=True
    )
    assert kinds(state) == [("REF", "casus_belli")]
    state = play(state, "REF", type="answer", yes=True)
    assert state.wars[0].lost == {} and kinds(state) == [("P1", "impulse_act")]


def test_an_alliance_needs_the_partner_and_the_referee() -> None:
    state = in_impulse()
    state.step = "free"
    state = acting(state, 1)
    state.step = "free"
    state = play(state, "P1", type="propose_alliance", power="urr_fra", partner="urr_aus")
    state = play(state, "P2", type="answer", yes=True)
    state = play(state, "REF", type="answer", yes=True)
    assert ["urr_aus", "urr_fra"] in state.alliances


def test_the_spent_card_actions_end_the_impulse() -> None:
    state = acting(in_impulse(), 1)
    state = play(state, "P1", type="reduce_instability", power="urr_fra")
    assert state.powers["urr_fra"].instability == 1
    assert kinds(state) == [("P2", "impulse_free")] or kinds(state)[0][0] == "P2"


def test_every_prompt_has_a_choice() -> None:
    state = acting(in_impulse())
    add_troops(state, "urr_fra", "urr_paris", 1)
    assert all(prompt.choices for prompt in legal_prompts(URR, state))
