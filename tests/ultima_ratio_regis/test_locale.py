"""Every sentence the game shows reads as a sentence in English and French: prompts,
choice labels and events of random games, the options, and every id's name."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import legal_prompts, start, submit
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.data import default_data
from rulesets.ultima_ratio_regis.options import OPTIONS
from tests.random_play import random_action

PACKAGE = Path(__file__).resolve().parents[2] / "rulesets" / "ultima_ratio_regis"
RAW = re.compile(r"urr[._]|\{|\bNone\b|\bTrue\b|\bFalse\b")


def catalogue(language: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads(
        (PACKAGE / "locale" / f"{language}.json").read_text(encoding="utf-8")
    )
    return loaded


def readable(text: str) -> bool:
    return bool(text.strip()) and RAW.search(text) is None


def test_both_catalogues_have_the_same_keys_and_placeholders() -> None:
    english, french = catalogue("en"), catalogue("fr")
    assert set(english) == set(french)
    for key, text in english.items():
        assert set(re.findall(r"{(\w+)", text)) == set(re.findall(r"{(\w+)", french[key])), key


def test_every_id_of_the_shipped_data_and_every_option_is_named() -> None:
    data = default_data()
    english = catalogue("en")
    ids = data.power_ids() + [z.id for z in data.zones] + [c.id for c in data.deck]
    assert [i for i in ids if f"name.{i}" not in english] == []
    assert [o.name for o in OPTIONS if f"urr.option.{o.name}" not in english] == []


@pytest.mark.parametrize("seed", range(3))
def test_random_games_read_as_sentences_in_both_languages(seed: int) -> None:
    rng = random.Random(seed)
    seats = ["P1", "P2", "P3", "P4", "REF"]
    outcome = start(URR, seats, {"campaign_turns": 2}, f"{seed + 7:064x}")
    state, events = outcome.state, list(outcome.events)
    bad: set[str] = set()
    while not state.finished:
        prompts = legal_prompts(URR, state)
        for prompt in prompts:
            for language in ("en", "fr"):
                if not readable(render(prompt.text, language)):
                    bad.add(render(prompt.text, language))
                for choice in prompt.choices:
                    label = choice_label(URR.name, choice, language)
                    if not readable(label):
                        bad.add(label)
        prompt = rng.choice(prompts)
        step = submit(URR, state, prompt.seat, random_action(prompt, rng))
        state = step.state
        events += step.events
    for event in events:
        for language in ("en", "fr"):
            if not readable(render(event, language)):
                bad.add(render(event, language))
    assert sorted(bad) == []
