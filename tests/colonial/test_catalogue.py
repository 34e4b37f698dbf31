"""Everything a player reads is a sentence: every prompt, label and event key of random games
(both languages) exists, every placeholder is filled, every id is shown by its name."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

from bot.i18n import catalogue
from rulesets.colonial import COLONIAL
from rulesets.core import Event, Msg, legal_prompts, start, submit
from tests.colonial.helpers import SEATS
from tests.random_play import random_action

LOCALE = Path(__file__).resolve().parents[2] / "rulesets" / "colonial" / "locale"
FREE_TEXT = {"digest", "salt"}  # hexadecimal fingerprints, shown as they are


def problems(message: Msg | Event) -> list[str]:
    found = []
    for language in ("en", "fr"):
        template = catalogue(language).get(message.key)
        if template is None:
            found.append(f"{language}: no sentence for {message.key}")
            continue
        wanted = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        missing = wanted - set(message.params)
        if missing:
            found.append(f"{message.key} lacks {sorted(missing)}")
    for name, value in message.params.items():
        values = value if isinstance(value, list) else [value]
        for item in values:
            if (
                isinstance(item, str)
                and name not in FREE_TEXT
                and f"name.{item}" not in catalogue("en")
            ):
                found.append(f"{message.key}: {name}={item} has no name")
    return found


def test_both_catalogues_hold_the_same_keys() -> None:
    english = json.loads((LOCALE / "en.json").read_text(encoding="utf-8"))
    french = json.loads((LOCALE / "fr.json").read_text(encoding="utf-8"))
    assert set(english) == set(french)
    assert all(text.strip() for text in [*english.values(), *french.values()])


def test_every_option_has_a_description() -> None:
    for spec in COLONIAL.option_specs():
        assert not problems(spec.description)


def test_random_games_read_as_sentences() -> None:
    seen: list[str] = []
    for players, options in ((2, {}), (3, {"advanced_colonies": True}), (5, {"nations": True})):
        rng = random.Random(players)
        outcome = start(COLONIAL, SEATS[:players], {**options, "turn_limit": 6}, "9a" * 32)
        state, events = outcome.state, list(outcome.events)
        while not state.finished:
            prompts = legal_prompts(COLONIAL, state)
            for prompt in prompts:
                seen += problems(prompt.text)
                for choice in prompt.choices:
                    assert choice.label is not None, choice
                    seen += problems(choice.label)
            prompt = rng.choice(prompts)
            outcome = submit(COLONIAL, state, prompt.seat, random_action(prompt, rng))
            state, events = outcome.state, events + list(outcome.events)
        for event in events:
            seen += problems(event)
    assert sorted(set(seen)) == []
