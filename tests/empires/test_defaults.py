"""What an absent player does on a missed deadline (the table in rulesets/empires/defaults.py)."""

from __future__ import annotations

from collections import Counter

from rulesets.core import legal_prompts, start, submit
from tests.empires.helpers import EMPIRES, blank_board, play, prompt_of, put, start_action

ABSENT = ("P2", "P4", "P6")


def test_a_six_player_game_runs_on_deadlines_alone_with_three_absent_players() -> None:
    # Issue 15's acceptance: no absent player removes artillery before infantry, skips a
    # compensation, or takes an Empire action with no flag to count.
    state = start(EMPIRES, [f"P{i}" for i in range(1, 7)], {}, "6a" * 32).state
    met: Counter[str] = Counter()
    while not state.finished:
        prompt = legal_prompts(EMPIRES, state)[0]
        seat = prompt.seat
        if seat in ABSENT:
            action = EMPIRES.default_action(state, seat)
            met[prompt.kind] += 1
            offered = {c.action.get("kind") for c in prompt.choices}
            if prompt.kind == "remove_unit" and action["kind"] == "artillery":
                assert "infantry" not in offered
            if prompt.kind == "remove_unit" and action["kind"] == "three_master":
                assert "two_master" not in offered
            if prompt.kind == "compensate":
                assert action["type"] == "compensate"
            if prompt.kind == "choose_action" and action["action"] == "empire":
                empire = state.active_empire
                assert sum(1 for owner in state.flags.values() if owner == empire) > 0
        else:
            action = EMPIRES.autopilot_action(state, seat, state.seq)
        state = submit(EMPIRES, state, seat, action).state
    assert met["choose_action"] > 10 and met["compensate"] > 0 and met["remove_unit"] > 0


def test_an_absent_monarch_strikes_back_with_infantry() -> None:
    # « En retour, la France choisirait alors l'unité avec laquelle combattre l'artillerie.
    # Elle devrait cependant utiliser l'infanterie pour riposter. »
    state = blank_board()
    state.monarchs["FR"] = "P2"
    put(state, "FR", "infantry", "marseille", 2)
    put(state, "FR", "artillery", "marseille")
    put(state, "ES", "artillery", "barcelona")
    state = start_action(state, "ES", "move_fight")
    state = play(state, "P1", type="select_unit", region="barcelona", kind="artillery")
    state = play(state, "P1", type="march_to", to="marseille", via=None, target="infantry")
    assert prompt_of(state).kind == "retaliate"
    assert EMPIRES.default_action(state, "P2") == {"type": "retaliate", "kind": "infantry"}
    assert prompt_of(state).choices[0].action["kind"] == "infantry"


def test_an_absent_player_cuts_a_stack_by_its_least_valuable_unit() -> None:
    state = blank_board()
    put(state, "ES", "artillery", "bavaria")
    put(state, "ES", "infantry", "saxony")
    put(state, "ES", "artillery", "madrid", 3)
    state = start_action(state, "ES", "move_fight")
    state = play(state, "P1", type="select_unit", region="saxony", kind="infantry")
    state = play(state, "P1", type="march_to", to="bavaria", via=None, target=None)
    state = play(state, "P1", type="end_moves")
    assert prompt_of(state).kind == "remove_unit"
    assert EMPIRES.default_action(state, "P1") == {
        "type": "remove_unit",
        "region": "bavaria",
        "kind": "infantry",
    }


def test_an_absent_player_takes_the_compensation_in_the_empire_it_backs() -> None:
    state = blank_board(3)
    state.hands = {"P1": ["GB-W"], "P2": [], "P3": []}
    state.monarchs = dict.fromkeys(state.monarchs, "P2")
    state = play(state, "P1", type="choose_empire", empire="FR")
    assert prompt_of(state).kind == "compensate"
    chosen = EMPIRES.default_action(state, "P1")
    assert chosen["type"] == "compensate"
    assert state.board().owner[chosen["region"]] == "GB"


def test_an_absent_player_chooses_an_action_that_gains_something() -> None:
    state = blank_board()
    state.monarchs["ES"] = "P1"
    state.markers["ES"] = {"I": None, "II": "palace", "III": "build_deploy"}
    state = play(state, "P1", type="choose_empire", empire="ES")
    # No flag on the map: Empire would gain nothing, so Move & Fight is taken instead.
    assert EMPIRES.default_action(state, "P1") == {"type": "choose_action", "action": "move_fight"}
    state.flags["portugal"] = "ES"
    assert EMPIRES.default_action(state, "P1") == {"type": "choose_action", "action": "empire"}


def test_a_monarch_playing_another_players_turn_has_a_turns_deadline() -> None:
    # Option C: P1 holds nothing and chooses France; France's monarch P2 plays the action.
    state = blank_board(3)
    state.hands = {"P1": [], "P2": [], "P3": []}
    state.monarchs = dict.fromkeys(state.monarchs, "P2")
    state = play(state, "P1", type="choose_empire", empire="FR")
    state = play(state, "P1", type="skip_compensation")
    prompt = prompt_of(state)
    assert (prompt.seat, prompt.kind, prompt.urgency) == ("P2", "choose_action", "turn")


def test_an_absent_player_takes_no_palace_action_that_can_build_nothing_and_count_nothing() -> None:
    state = blank_board()
    state.monarchs["ES"] = "P1"
    state.markers["ES"] = {"I": None, "II": "empire", "III": "build_deploy"}
    put(state, "FR", "infantry", "madrid")  # the capital and its crowns are held
    put(state, "FR", "infantry", "barcelona")
    put(state, "FR", "infantry", "seville")
    state = play(state, "P1", type="choose_empire", empire="ES")
    assert EMPIRES.default_action(state, "P1") == {"type": "choose_action", "action": "move_fight"}
