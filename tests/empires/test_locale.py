"""Every message the ruleset can produce has an English and a French template."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rulesets.core import legal_prompts, start, submit
from rulesets.empires import EMPIRES
from rulesets.empires.data import TILES, default_data
from tests.random_play import random_action

LOCALE = Path(__file__).resolve().parents[2] / "rulesets" / "empires" / "locale"


def catalogue(language: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((LOCALE / f"{language}.json").read_text("utf-8"))
    return loaded


def keys_met_in_play(options: dict[str, object]) -> set[str]:
    rng = random.Random(7)
    outcome = start(EMPIRES, ["P1", "P2", "P3"], options, "07" * 32)
    keys = {event.key for event in outcome.events}
    state = outcome.state
    keys |= {spec.description.key for spec in EMPIRES.option_specs()}
    while not state.finished:
        prompts = legal_prompts(EMPIRES, state)
        for prompt in prompts:
            keys.add(prompt.text.key)
            keys |= {c.label.key for c in prompt.choices if c.label is not None}
        prompt = rng.choice(prompts)
        result = submit(EMPIRES, state, prompt.seat, random_action(prompt, rng))
        keys |= {event.key for event in result.events}
        state = result.state
    return keys


@pytest.mark.parametrize("language", ["en", "fr"])
def test_catalogues_cover_every_key_met_in_play(language: str) -> None:
    known = catalogue(language)
    met = keys_met_in_play({}) | keys_met_in_play({"draft": "standard"})
    assert sorted(met - set(known)) == []


def test_both_catalogues_have_the_same_keys_and_placeholders() -> None:
    english, french = catalogue("en"), catalogue("fr")
    assert set(english) == set(french)
    for key, template in english.items():
        assert sorted(_placeholders(template)) == sorted(_placeholders(french[key])), key


def test_every_empire_region_and_tile_has_a_name() -> None:
    known = catalogue("en")
    data = default_data()
    ids = [e.id for e in data.empires] + [r.id for r in data.regions] + [*TILES, "laurel"]
    assert [i for i in ids if f"name.{i}" not in known] == []


def _placeholders(template: str) -> set[str]:
    import string

    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
