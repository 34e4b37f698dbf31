"""Whole games played through the console, from scripts written by the engine."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from bot.console import main
from bot.console.text import scores_text, seat_choices
from rulesets import registry
from rulesets.core import legal_prompts, start, submit

SEED = "e3" * 32
TABLES = {"empires": ["P1", "P2", "P3"], "struggle": ["GBR", "FRA", "PRU"]}


def scripted_game(game: Any, seats: list[str], seed: int) -> tuple[str, dict[str, int]]:
    """A script of console lines (`SEAT N [numbers]`) and the scores the engine reaches.

    Each step picks a seat holding a decision and one of its choices at random, numbered
    as the console numbers them: every choice of every prompt of that seat, in order.
    """
    rng = random.Random(seed)
    state = start(game, seats, {}, SEED).state
    lines = []
    while not state.finished:
        prompts = legal_prompts(game, state)
        seat = rng.choice([prompt.seat for prompt in prompts])
        choices = seat_choices(prompts, seat)
        number = rng.randrange(len(choices))
        choice = choices[number]
        numbers = {name: rng.randint(span.low, span.high) for name, span in choice.ranges.items()}
        lines.append(" ".join([seat, str(number + 1), *(str(n) for n in numbers.values())]))
        state = submit(game, state, seat, choice.instantiate(**numbers)).state
    scores = game.scores(state)
    assert scores is not None
    return "\n".join([*lines, "quit", ""]), scores


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_whole_game_from_setup_to_final_scores(tmp_path: Path, name: str) -> None:
    script, scores = scripted_game(registry.get(name), TABLES[name], seed=3)
    out = io.StringIO()
    args = ["--db", str(tmp_path / "db.sqlite3"), "--game", name]
    args += ["--seats", ",".join(TABLES[name]), "--seed", SEED]
    assert main(args, io.StringIO(script), out) == 0
    output = out.getvalue()
    assert "Unknown command" not in output
    assert "has no decision to make" not in output
    moves = len(script.splitlines()) - 1  # every line but the final quit
    assert output.count("\n> ") == moves
    assert scores_text(scores, "en") in output
