"""A whole Empires game played through the console, from a script written by the engine."""

from __future__ import annotations

import io
import random
from pathlib import Path

from bot.console import main
from bot.console.text import scores_text, seat_choices
from rulesets.core import legal_prompts, start, submit
from rulesets.empires import EMPIRES

SEED = "e3" * 32
SEATS = ["P1", "P2", "P3"]


def scripted_game(seed: int) -> tuple[str, dict[str, int]]:
    """A script of console lines (`SEAT N [numbers]`) and the scores the engine reaches.

    Each step picks a seat holding a decision and one of its choices at random, numbered
    as the console numbers them: every choice of every prompt of that seat, in order.
    """
    rng = random.Random(seed)
    state = start(EMPIRES, SEATS, {}, SEED).state
    lines = []
    while not state.finished:
        prompts = legal_prompts(EMPIRES, state)
        seat = rng.choice([prompt.seat for prompt in prompts])
        choices = seat_choices(prompts, seat)
        number = rng.randrange(len(choices))
        choice = choices[number]
        numbers = {name: rng.randint(span.low, span.high) for name, span in choice.ranges.items()}
        lines.append(" ".join([seat, str(number + 1), *(str(n) for n in numbers.values())]))
        state = submit(EMPIRES, state, seat, choice.instantiate(**numbers)).state
    scores = EMPIRES.scores(state)
    assert scores is not None
    return "\n".join([*lines, "quit", ""]), scores


def test_a_whole_empires_game_from_a_script(tmp_path: Path) -> None:
    script, scores = scripted_game(seed=3)
    out = io.StringIO()
    args = ["--db", str(tmp_path / "db.sqlite3"), "--game", "empires"]
    args += ["--seats", ",".join(SEATS), "--seed", SEED]
    assert main(args, io.StringIO(script), out) == 0
    output = out.getvalue()
    assert "Unknown command" not in output
    assert "has no decision to make" not in output
    moves = len(script.splitlines()) - 1  # every line but the final quit
    assert output.count("\n> ") == moves
    assert scores_text(scores, "en") in output
