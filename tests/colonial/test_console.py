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
