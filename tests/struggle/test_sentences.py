"""Everything a player reads in a random Struggle game is a sentence in the campaign's
language: every prompt, choice label and event text, in English and in French."""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import Event, Prompt, legal_prompts, start, submit
from rulesets.struggle import STRUGGLE
from rulesets.struggle.data import default_data
from tests.random_play import random_action

POWERS = ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]
OPTIONS = {"sealed_proxy_bidding": True}
# A raw id: a snake_case word, a power or region code, or a marker code (GER-3).
DATA = default_data()
CODES = {*DATA.power_ids, *DATA.region_ids, *(m.id for m in DATA.markers)}
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|None|True|False|[{}\[\]]|'\w+':")
ENGLISH = re.compile(
    r"\b(the|and|army|armies|fleet|fleets|gold|bids?|attacks?|wins?|moves?|unrest|"
    r"to|with|from|of|is|turn|pass|stage|combat in)\b"
)


def faults(text: str, language: str) -> list[str]:
    found = RAW.findall(text) + [word for word in re.findall(r"[\w-]+", text) if word in CODES]
    if language == "fr":
        found += ENGLISH.findall(text)
    return found


def texts(prompts: list[Prompt], events: list[Event], language: str) -> list[str]:
    shown = [render(event, language) for event in events]
    for prompt in prompts:
        shown.append(render(prompt.text, language))
        shown += [choice_label("struggle", choice, language) for choice in prompt.choices]
    return shown


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_text_of_a_random_game_is_a_sentence(players: int, language: str) -> None:
    rng = random.Random(players)
    outcome = start(STRUGGLE, POWERS[:players], OPTIONS, f"{players:064x}")
    state, events = outcome.state, outcome.events
    bad: dict[str, list[str]] = {}
    while not state.finished:
        prompts = legal_prompts(STRUGGLE, state)
        for text in texts(prompts, events, language):
            if faults(text, language):
                bad.setdefault(text, faults(text, language))
        prompt = rng.choice(prompts)
        outcome = submit(STRUGGLE, state, prompt.seat, random_action(prompt, rng))
        state, events = outcome.state, outcome.events
    assert not bad, "\n".join(f"{text!r}: {found}" for text, found in list(bad.items())[:15])
