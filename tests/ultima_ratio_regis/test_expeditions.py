"""Expeditionary corps: troops sent into an ally's zone, brought home at step 1 of the end
of turn ('Finir les alliances et les guerres et rapatrier les corps expéditionnaires')."""

from __future__ import annotations

from rulesets.ultima_ratio_regis.expeditions import expeditionary_corps
from rulesets.ultima_ratio_regis.state import Leader, UrrState
from tests.ultima_ratio_regis.helpers import (
    acting,
    add_troops,
    choices,
    clear_area,
    in_impulse,
    kinds,
    play,
)
from tests.ultima_ratio_regis.test_end_of_turn import everybody_passes

TO_FLANDERS = {
    "type": "strategic_move",
    "power": "urr_fra",
    "origin": "urr_paris",
    "area": "urr_flanders",
}


def allies() -> UrrState:
    """France (P1) and the United Provinces (P4) allied; 3 French troops and a leader in
    Paris, next to Flanders, a Dutch zone."""
    state = acting(in_impulse())
    state.alliances.append(sorted(["urr_fra", "urr_ned"]))
    clear_area(state, "urr_paris")
    add_troops(state, "urr_fra", "urr_paris", 3)
    state.leaders.append(Leader(id="l1", power="urr_fra", type="tactician", area="urr_paris"))
    return state


def test_a_strategic_move_enters_an_ally_s_zone_but_not_through_it() -> None:
    state = allies()
    listed = choices(state, "P1")
    assert TO_FLANDERS in listed
    assert {**TO_FLANDERS, "area": "urr_amsterdam"} not in listed  # beyond Flanders
    state.alliances = []
    assert TO_FLANDERS not in choices(state, "P1")


def test_troops_in_an_ally_s_zone_are_an_expeditionary_corps() -> None:
    state = play(allies(), "P1", **TO_FLANDERS)
    assert expeditionary_corps(state) == [("urr_fra", "urr_flanders")]
    state.alliances = []
    assert expeditionary_corps(state) == []


def test_step_1_brings_each_corps_home_before_the_alliances_end() -> None:
    state = play(allies(), "P1", **TO_FLANDERS)
    state = everybody_passes(state)
    assert kinds(state) == [("P1", "repatriate")]
    homes = [c["area"] for c in choices(state, "P1")]
    assert homes[0] == "urr_brittany" and set(homes) == {
        "urr_brittany",
        "urr_paris",
        "urr_provence",
    }
    assert state.alliances == [["urr_fra", "urr_ned"]]
    state = play(
        state, "P1", type="repatriate", power="urr_fra", origin="urr_flanders", area="urr_paris"
    )
    assert sum(u.area == "urr_paris" and u.power == "urr_fra" for u in state.units) == 3
    assert next(x for x in state.leaders if x.id == "l1").area == "urr_paris"
    assert state.alliances == [] and state.eot_step == 2
    assert kinds(state) == [("REF", "enter_trade")]


def test_a_power_with_no_zone_left_disbands_its_corps() -> None:
    state = play(allies(), "P1", **TO_FLANDERS)
    for area, owner in state.control.items():
        if owner == "urr_fra":
            state.control[area] = "urr_aus"
    state = everybody_passes(state)
    assert choices(state, "P1") == [
        {
            "type": "repatriate",
            "power": "urr_fra",
            "origin": "urr_flanders",
            "area": "urr_flanders",
        }
    ]
    state = play(
        state,
        "P1",
        type="repatriate",
        power="urr_fra",
        origin="urr_flanders",
        area="urr_flanders",
    )
    assert not any(u.power == "urr_fra" and u.area == "urr_flanders" for u in state.units)
    assert state.eot_step == 2
