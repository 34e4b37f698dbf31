"""Pax Britannica campaigns played through the console, in English and in French, from a
script written by the engine (random legal choices, numbered as the console does): two
turns in the default suite, and the whole peacetime game of ten turns (issue 19: "a whole
peacetime game ... in the console") among the slow tests."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from bot.console import main
from bot.console.text import scores_text, seat_choices
from rulesets.core import legal_prompts, start, submit
from rulesets.pax_britannica import PAX

SEED = "e3" * 32
SEATS = ["britain", "france", "germany", "usa"]


def scripted_game(seed: int, turns: int) -> tuple[str, dict[str, int]]:
    rng = random.Random(seed)
    state = start(PAX, SEATS, {"turns": turns}, SEED).state
    lines = []
    while not state.finished:
        prompts = legal_prompts(PAX, state)
        seat = rng.choice([prompt.seat for prompt in prompts])
        choices = seat_choices(prompts, seat)
        number = rng.randrange(len(choices))
        choice = choices[number]
        numbers = {name: rng.randint(span.low, span.high) for name, span in choice.ranges.items()}
        lines.append(" ".join([seat, str(number + 1), *(str(n) for n in numbers.values())]))
        state = submit(PAX, state, seat, choice.instantiate(**numbers)).state
    scores = PAX.scores(state)
    assert scores is not None
    return "\n".join([*lines, "quit", ""]), scores


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("turns", [2, pytest.param(10, marks=pytest.mark.slow)])
def test_a_campaign_in_the_console(tmp_path: Path, language: str, turns: int) -> None:
    script, scores = scripted_game(seed=4, turns=turns)
    out = io.StringIO()
    args = ["--db", str(tmp_path / "db.sqlite3"), "--game", "pax-britannica"]
    args += ["--seats", ",".join(SEATS), "--seed", SEED, "--option", f"turns={turns}"]
    args += ["--lang", language]
    assert main(args, io.StringIO(script), out) == 0
    output = out.getvalue()
    assert "Unknown command" not in output and "has no decision to make" not in output
    assert output.count("\n> ") == len(script.splitlines()) - 1
    assert scores_text(scores, language) in output
    assert "pax." not in output and "None" not in output
