"""Pax Britannica campaigns played through the console, in English and in French, from a
script written by the engine (random legal choices, numbered as the console does): two
turns in the default suite, and the whole game of ten turns (issue 19: "a whole peacetime
game ... in the console", now with the default diplomacy and wars) among the slow tests,
with issue 20's game of five players steered to a treaty, a Congress and a war."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from bot.console import main
from bot.console.text import scores_text, seat_choices
from rulesets.core import legal_prompts, start, submit
from rulesets.pax_britannica import PAX
from tests.discord.word_scan import defects_in
from tests.pax_britannica.steering import Steering

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


STEERED_SEATS = ["britain", "france", "germany", "usa", "japan"]
STEERED_SEED = 1  # as in test_discord.py: the steering reaches a treaty, a Congress and a war


def steered_script(seed: int) -> tuple[str, Steering, list[str]]:
    """The console script of a five-player game with the default options, steered
    (steering.py); the keys of the events it produced, in order."""
    rng = random.Random(seed)
    steering = Steering(random.Random(seed))
    state = start(PAX, STEERED_SEATS, {}, f"{seed:064x}").state
    lines: list[str] = []
    keys: list[str] = []
    while not state.finished:
        prompts = legal_prompts(PAX, state)
        prompt = rng.choice(prompts)
        action = steering.action(state, prompt, len(lines))
        choice = prompt.find(action)
        assert choice is not None and not choice.picks
        number = next(n for n, c in enumerate(seat_choices(prompts, prompt.seat)) if c is choice)
        numbers = [str(action[name]) for name in choice.ranges]
        lines.append(" ".join([prompt.seat, str(number + 1), *numbers]))
        outcome = submit(PAX, state, prompt.seat, action, listed=prompts)
        state = outcome.state
        keys += [event.key for event in outcome.events]
    assert state.turn == 9 or state.great_war  # 1916, or the Great War ended it
    return "\n".join([*lines, "quit", ""]), steering, keys


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_five_player_game_with_a_treaty_a_congress_and_a_war_in_the_console(
    tmp_path: Path, language: str
) -> None:
    script, steering, keys = steered_script(STEERED_SEED)
    assert steering.done == ["offered", "signed", "called", "declared"]
    assert {"pax.event.treaty_signed", "pax.event.congress_called"} <= set(keys)
    assert "pax.event.war_declared" in keys
    out = io.StringIO()
    args = ["--db", str(tmp_path / "db.sqlite3"), "--game", "pax-britannica"]
    args += ["--seats", ",".join(STEERED_SEATS), "--seed", f"{STEERED_SEED:064x}"]
    args += ["--lang", language]
    assert main(args, io.StringIO(script), out) == 0
    output = out.getvalue()
    assert "Unknown command" not in output and "has no decision to make" not in output
    assert output.count("\n> ") == len(script.splitlines()) - 1
    said = {
        "en": ["sign a defensive alliance", "calls a Congress of Europe", "declares war on"],
        "fr": [
            "Traité signé entre",
            "convocation d'un Congrès européen",
            "Déclaration de guerre",
        ],
    }
    assert all(words in output for words in said[language])
    # What the console shows, less the echoed commands and the slash command it names.
    read = [
        line.replace("/campaign verify", "")
        for line in output.splitlines()
        if not line.startswith(">")
    ]
    defects = sorted({d for line in read for d in defects_in(line, language)})
    assert not defects, "\n".join(defects[:30])
