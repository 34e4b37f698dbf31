"""A whole Colonial game through the console, secret programming included, in English and
in French: every line a player types, from setup to the winner's final score."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import main
from bot.console.text import scores_text, seat_choices
from rulesets.colonial import COLONIAL
from rulesets.core import legal_prompts, start, submit

SEED = "e3" * 32
SEATS = ["col_red", "col_blue", "col_green"]
OPTIONS = {"turn_limit": 40, "three_player_ignored": "asia"}


def scripted_game() -> tuple[str, dict[str, int]]:
    """Console lines (`SEAT N [numbers]`) that play the autopilot's game, and its scores."""
    state = start(COLONIAL, SEATS, OPTIONS, SEED).state
    lines = []
    while not state.finished:
        prompts = legal_prompts(COLONIAL, state)
        seat = prompts[0].seat
        action = COLONIAL.autopilot_action(state, seat, len(lines))
        choices = seat_choices(prompts, seat)
        number = next(n for n, c in enumerate(choices) if c.matches(action))
        numbers = [str(action[name]) for name in choices[number].ranges]
        lines.append(" ".join([seat, str(number + 1), *numbers]))
        state = submit(COLONIAL, state, seat, action).state
    scores = COLONIAL.scores(state)
    assert scores is not None and state.winner is not None
    return "\n".join([*lines, "quit", ""]), scores


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_whole_game_in_the_console(tmp_path: Path, language: str) -> None:
    script, scores = scripted_game()
    out = io.StringIO()
    args = ["--db", str(tmp_path / "db.sqlite3"), "--game", "colonial", "--lang", language]
    args += ["--seats", ",".join(SEATS), "--seed", SEED]
    for name, value in OPTIONS.items():
        args += ["--option", f"{name}={value}"]
    assert main(args, io.StringIO(script), out) == 0
    output = out.getvalue()
    assert "Unknown command" not in output and "has no decision to make" not in output
    assert output.count("\n> ") == len(script.splitlines()) - 1
    assert scores_text(scores, language) in output
    assert "col." not in output  # every message is a sentence of the catalogue


def test_a_programme_typed_in_one_line_and_one_asked_for(tmp_path: Path) -> None:
    """The whole programme as one order: the card numbers after the choice's number, or
    asked for when they are missing; a wrong list is refused with how to give it."""
    state = start(COLONIAL, SEATS, OPTIONS, SEED).state
    (number,) = [
        n + 1
        for n, c in enumerate(seat_choices(legal_prompts(COLONIAL, state), "col_red"))
        if c.kind == "programme_order"
    ]
    script = "\n".join(
        [
            f"col_red {number} 3 3 1 2",
            f"col_red {number} 3 1 4 2",
            f"col_blue {number}",
            "6 5 2 1",
            f"col_green {number} 2 6 1 5",
            "quit",
            "",
        ]
    )
    out = io.StringIO()
    args = ["--db", str(tmp_path / "db.sqlite3"), "--game", "colonial", "--lang", "en"]
    args += ["--seats", ",".join(SEATS), "--seed", SEED]
    for name, value in OPTIONS.items():
        args += ["--option", f"{name}={value}"]
    assert main(args, io.StringIO(script), out) == 0
    output = out.getvalue()
    assert "needs 4 different numbers from 1 to 6" in output
    assert "4 different numbers from 1 to 6, in order?" in output
    for colour in ("Red", "Blue", "Green"):
        assert f"{colour} has programmed its cards" in output
    # Slot 1 of each programme is revealed when the last one is in.
    for colour, card in (("Red", 3), ("Blue", 6), ("Green", 2)):
        assert f"Round 1: {colour} reveals card {card}." in output
