"""Choosing the empire on a turn: options A, B and C, compensation, who decides."""

from __future__ import annotations

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import submit
from tests.empires.helpers import EMPIRES, blank_board, offered, play, prompt_of, put, units


def test_option_a_offers_only_the_unacted_empires_whose_monarch_you_hold() -> None:
    state = blank_board()
    state.monarchs.update({"FR": "P1", "GB": "P1", "RU": "P1"})
    state.acted = ["RU"]
    assert {a["empire"] for a in offered(state)} == {"FR", "GB"}


def test_option_b_requires_the_highest_influence_and_at_least_three() -> None:
    state = blank_board()
    state.hands["P1"] = ["FR-B", "ES-C", "OT-M4"]
    assert prompt_of(state).text.key == "emp.prompt.choose_empire_B"
    assert {a["empire"] for a in offered(state)} == {"FR"}
    state.acted = ["FR"]
    assert {a["empire"] for a in offered(state)} == {"ES"}


def test_option_c_hands_the_action_to_the_monarch_after_a_compensation() -> None:
    state = blank_board()
    state.hands["P1"] = ["FR-W"]
    assert prompt_of(state).text.key == "emp.prompt.choose_empire_C"
    assert len(offered(state)) == 7
    state = play(state, "P1", type="choose_empire", empire="FR")
    assert state.decider == "P2"
    assert prompt_of(state).seat == "P1"
    assert offered(state)[0] == {"type": "skip_compensation"}
    # Any empire's unoccupied city with a tile: the unit is the one that city produces.
    state = play(state, "P1", type="compensate", region="liverpool")
    assert units(state, "liverpool") == {"GB": {"two_master": 1}}
    decision = prompt_of(state)
    # The monarch plays the whole action: a turn's deadline, not a reaction's (issue 15).
    assert (decision.seat, decision.kind, decision.urgency) == ("P2", "choose_action", "turn")


def test_compensation_over_three_units_is_reduced_by_that_empires_monarch() -> None:
    state = blank_board(players=3)
    state.monarchs["GB"] = "P3"
    state.markers["FR"] = {"I": None, "II": "attack", "III": "move_fight"}
    state.hands["P1"] = []
    for _ in range(3):
        state.add_unit("GB", "two_master", "liverpool")
    state = play(state, "P1", type="choose_empire", empire="FR")
    state = play(state, "P1", type="compensate", region="liverpool")
    state = play(state, "P2", type="choose_action", action="empire")
    task = prompt_of(state)
    assert (task.seat, task.kind, task.urgency) == ("P3", "remove_unit", "reaction")
    state = play(state, "P3", type="remove_unit", region="liverpool", kind="two_master")
    assert units(state, "liverpool") == {"GB": {"two_master": 3}}
    assert state.turn_index == 1


def test_the_turn_passes_clockwise_and_the_decade_has_seven_turns() -> None:
    state = blank_board(players=3)
    state.monarchs = dict.fromkeys(state.monarchs, "P1")
    seen = []
    for _ in range(7):
        seat = prompt_of(state).seat
        seen.append(seat)
        state.monarchs = dict.fromkeys(state.monarchs, seat)
        empire = offered(state)[0]["empire"]
        state = play(state, seat, type="choose_empire", empire=empire)
        state = play(state, seat, type="choose_action", action=offered(state)[0]["action"])
        while state.phase not in ("choose_empire", "influence_pick", "worker_pick", "levy"):
            prompt = prompt_of(state)
            state = play(state, prompt.seat, **prompt.choices[0].instantiate())
    assert seen == ["P1", "P2", "P3", "P1", "P2", "P3", "P1"]
    # The seat left of the seventh turn's player starts the next decade.
    assert state.start_player == "P2"


def _with_a_neutral_france(**options: object):  # type: ignore[no-untyped-def]
    state = blank_board()
    state.options.update(options)
    state.monarchs["FR"] = None
    state.hands["P1"] = []
    return state


def test_a_player_who_picks_a_neutral_empire_acts_for_it_without_compensation() -> None:
    state = _with_a_neutral_france(neutral_turn="any_empire")
    assert len(offered(state)) == 7
    state = play(state, "P1", type="choose_empire", empire="FR")
    assert (state.decider, state.option, state.phase) == ("P1", "neutral", "choose_action")


def test_by_default_a_player_with_no_empire_acts_for_the_neutral_one() -> None:
    # « Si, pendant votre tour, aucun empire ne possède le monarque ou au moins 3 influences
    # [...], choisissez un marqueur d'action pour l'empire neutre. »
    state = _with_a_neutral_france()
    assert offered(state) == [{"type": "choose_empire", "empire": "FR"}]
    prompt = prompt_of(state)
    assert prompt.text.key == "emp.prompt.choose_empire_neutral"
    assert "neutre" in render(prompt.text, "fr") and "(option" not in render(prompt.text, "fr")
    assert choice_label("empires", prompt.choices[0], "fr") == "Agir pour la France, neutre"
    outcome = submit(EMPIRES, state, "P1", prompt.choices[0].action)
    chosen = next(e for e in outcome.events if e.key.startswith("emp.event.empire_chosen"))
    assert render(chosen, "fr") == "Joueur 1 agit pour la France, qui n'a pas de monarque."


def test_a_neutral_empire_acts_peacefully() -> None:
    state = _with_a_neutral_france()
    put(state, "FR", "infantry", "paris")
    put(state, "GB", "infantry", "southern_netherlands")
    state.flags["rhineland"] = "HB"
    state.markers["FR"] = {"I": None, "II": "attack", "III": "empire"}
    state = play(state, "P1", type="choose_empire", empire="FR")
    state = play(state, "P1", type="choose_action", action="move_fight")
    state = play(state, "P1", type="select_unit", region="paris", kind="infantry")
    reachable = {a.get("to") for a in offered(state)}
    # No attack, no foreign city, no region under another empire's flag.
    assert not {"southern_netherlands", "rhineland", "madrid"} & reachable
    assert "lyon" in reachable
