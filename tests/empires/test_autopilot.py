"""The stand-ins for absent players: a conservative default and a sensible autopilot."""

from __future__ import annotations

from rulesets.empires import EMPIRES
from tests.empires.helpers import blank_board, play, put, start_action


def test_the_default_takes_the_compensation_and_an_action_that_gains_power() -> None:
    state = blank_board()
    state.hands["P1"] = []
    state = play(state, "P1", type="choose_empire", empire="FR")
    assert EMPIRES.default_action(state, "P1")["type"] == "compensate"
    state = play(state, "P1", type="skip_compensation")
    state.markers["FR"] = {"I": None, "II": "attack", "III": "move_fight"}
    # No French flag on the map: the palace's crowns, not an Empire action worth nothing.
    assert EMPIRES.default_action(state, "P2") == {"type": "choose_action", "action": "palace"}


def test_the_default_ends_movement_and_refuses_passage() -> None:
    state = blank_board(3)
    state.monarchs["HB"] = "P3"
    put(state, "PR", "infantry", "berlin")
    put(state, "HB", "infantry", "saxony")
    state = start_action(state, "PR", "move_fight")
    assert EMPIRES.default_action(state, "P1") == {"type": "end_moves"}
    state = play(state, "P1", type="select_unit", region="berlin", kind="infantry")
    assert EMPIRES.default_action(state, "P1") == {"type": "stay"}
    state = play(state, "P1", type="march_to", to="bavaria", via="saxony", target=None)
    assert EMPIRES.default_action(state, "P3") == {"type": "answer_passage", "grant": False}


def test_the_autopilot_cashes_in_many_flags_and_lets_friends_pass() -> None:
    state = blank_board(3)
    state.monarchs["HB"] = "P1"
    state.markers["HB"] = {"I": None, "II": "attack", "III": "move_fight"}
    for region in ("ionian", "adriatic", "sicily", "venice", "bavaria", "serbia"):
        state.flags[region] = "HB"
    state = play(state, "P1", type="choose_empire", empire="HB")
    assert EMPIRES.autopilot_action(state, "P1", 0) == {"type": "choose_action", "action": "empire"}

    state = blank_board(3)
    state.monarchs["HB"] = "P3"
    state.hands["P3"] = ["PR-A", "HB-C"]
    put(state, "PR", "infantry", "berlin")
    put(state, "HB", "infantry", "saxony")
    state = start_action(state, "PR", "move_fight")
    state = play(state, "P1", type="select_unit", region="berlin", kind="infantry")
    state = play(state, "P1", type="march_to", to="bavaria", via="saxony", target=None)
    assert EMPIRES.autopilot_action(state, "P3", 0) == {"type": "answer_passage", "grant": True}


def test_the_autopilot_moves_units_to_plant_flags() -> None:
    state = blank_board()
    put(state, "GB", "three_master", "north_sea")
    state = start_action(state, "GB", "move_fight")
    action = EMPIRES.autopilot_action(state, "P1", 0)
    assert action["type"] == "select_unit"
    state = play(state, "P1", **action)
    destination = EMPIRES.autopilot_action(state, "P1", 0)
    assert destination["type"] == "sail_to"
