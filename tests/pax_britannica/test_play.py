"""Random legal play reaches a final score at every player count, and the views and
catalogues hold: no seed in a view, the same keys in English and French."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import legal_prompts, start, submit
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.options import OPTIONS
from rulesets.pax_britannica.state import SEAT_ORDER
from tests.random_play import play_random_game, random_action

PACKAGE = Path(__file__).resolve().parents[2] / "rulesets" / "pax_britannica"


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_random_play_reaches_a_final_record(players: int) -> None:
    run = play_random_game(PAX, list(SEAT_ORDER[:players]), players, {"turns": 2})
    assert run.finished
    scores = PAX.scores(run.state)
    assert scores is not None and set(scores) == set(SEAT_ORDER[:players])
    assert sum(len(tied) for tied in run.state.ranking) == players


@pytest.mark.parametrize("players", [4, 7])
def test_random_play_in_peacetime_only_ends_in_a_final_record(players: int) -> None:
    # The option off: issue 19's game, with no negotiation, Congress or war.
    for seed in range(3):
        options = {"turns": 4, "war_declarations": False}
        run = play_random_game(PAX, list(SEAT_ORDER[:players]), seed, options)
        assert run.finished and run.state.treaties == []
        assert not [
            e for e in run.state.tension_log if e.reason in ("declaration", "congress", "war_cycle")
        ]
        assert sum(len(tied) for tied in run.state.ranking) == players


@pytest.mark.slow  # the autopilot test plays ten turns in the default suite
def test_a_whole_four_player_game_runs_all_ten_turns() -> None:
    run = play_random_game(PAX, list(SEAT_ORDER[:4]), 11)
    assert run.finished
    years = [r["year"] for r in run.state.powers["britain"].vp_record]
    assert run.state.great_war or years == list(range(1880, 1917, 4))


def test_views_never_show_the_seed_and_labels_are_sentences() -> None:
    state = start(PAX, list(SEAT_ORDER[:5]), {}, "cd" * 32).state
    rng = __import__("random").Random(5)
    for _ in range(150):
        prompts = legal_prompts(PAX, state)
        if not prompts:
            break
        for prompt in prompts:
            for choice in prompt.choices:
                for language in ("en", "fr"):
                    label = choice_label("pax-britannica", choice, language)
                    assert "pax." not in label and "None" not in label and "{" not in label
                    assert not re.search(r"\b[a-z]+_[a-z_]+\b", label), label
        prompt = rng.choice(prompts)
        outcome = submit(PAX, state, prompt.seat, random_action(prompt, rng))
        for event in outcome.events:
            for language in ("en", "fr"):
                text = render(event, language)
                assert "pax." not in text and "{" not in text, text
                assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text
        state = outcome.state
        for seat in (None, *state.seats):
            assert state.rng.seed not in json.dumps(PAX.view(state, seat))


def catalogue(language: str) -> dict[str, str]:
    text = (PACKAGE / "locale" / f"{language}.json").read_text(encoding="utf-8")
    loaded: dict[str, str] = json.loads(text)
    return loaded


def test_english_and_french_have_the_same_keys() -> None:
    assert set(catalogue("en")) == set(catalogue("fr"))


def test_every_key_the_rules_use_is_translated() -> None:
    source = "\n".join(path.read_text() for path in PACKAGE.glob("*.py"))
    used = set(re.findall(r'"(pax\.[a-z_]+\.[a-z_]+)"', source))
    used |= {f"pax.option.{spec.name}" for spec in OPTIONS}
    menus = re.findall(r'"(markers|units|armies|navies|fleets|downgrade|canal|transfer)"', source)
    used |= {f"pax.label.menu_{m}" for m in menus} | {f"pax.prompt.menu_{m}" for m in menus}
    english = catalogue("en")
    assert sorted(key for key in used if key not in english) == []


def test_every_area_sea_power_and_event_has_a_name() -> None:
    from rulesets.pax_britannica.data import default_data

    data = default_data()
    english, french = catalogue("en"), catalogue("fr")
    names = [a.id for a in data.areas] + [s.id for s in data.seas] + [p.id for p in data.powers]
    names += [f"pax_event_{e.name}" for e in data.events]
    for name in names:
        assert f"name.{name}" in english and f"name.{name}" in french, name
