"""Absent seats: the default (a missed deadline) and the autopilot play legal, sensible
choices, and a table of autopilots finishes the game with its empires intact."""

from __future__ import annotations

from rulesets.core import legal_prompts, submit
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import Obligation
from tests.pax_britannica.helpers import cleared, new_game


def test_a_table_of_autopilots_plays_ten_turns() -> None:
    state = new_game(5)
    steps = 0
    while not state.finished:
        prompt = legal_prompts(PAX, state)[0]
        action = PAX.autopilot_action(state, prompt.seat, steps)
        state = submit(PAX, state, prompt.seat, action).state
        steps += 1
        assert steps < 5_000
    scores = PAX.scores(state)
    assert scores is not None and scores["britain"] > 0
    # Nobody disbanded its empire: GB still holds India at the end.
    assert {"bengal", "bombay", "madras", "punjab"} <= {
        m.area for m in state.markers if m.power == "britain" and m.is_control
    }


def test_the_default_in_the_window_is_done_and_pays_what_is_owed_first() -> None:
    state = cleared()
    assert PAX.default_action(state, "britain") == {"type": "done"}
    state.powers["france"].treasury = 20
    state.powers["france"].obligations = [Obligation(reason="event", unit="army", left=5)]
    assert PAX.default_action(state, "france")["type"] == "buy_unit"
    assert PAX.autopilot_action(state, "france", 0)["type"] == "buy_unit"


def test_the_default_in_an_open_list_closes_the_window_for_the_seat() -> None:
    state = cleared()
    state.powers["britain"].treasury = 30
    state.powers["britain"].menu = "units"
    assert PAX.default_action(state, "britain") == {"type": "done"}


def test_the_autopilot_takes_its_new_merchant_fleets_beside_its_own_areas() -> None:
    from tests.pax_britannica.helpers import put

    state = cleared()
    state.powers["usa"].fleets_to_take = 1
    put(state, "usa", "hawaii", "possession")
    put(state, "usa", "philippines", "possession")
    action = PAX.autopilot_action(state, "usa", 0)
    assert action == {"type": "open_menu", "power": "usa", "menu": "fleets"}
    state = submit(PAX, state, "usa", action).state
    action = PAX.autopilot_action(state, "usa", 0)
    assert action == {"type": "take_fleet", "power": "usa", "sea": "south_china_sea"}
