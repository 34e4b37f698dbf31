"""Every choice and every report of Empires is a sentence in English and in French.

The shared test (tests/i18n/test_sentences.py) finds ids, keys and Python values; this one
adds what only Empires' catalogues can check: every choice carries its own label, every
grammatical form a template asks for exists in both languages, and no English word is left
in a French text. Scenario tests quote the French text for the choices it names.
"""

from __future__ import annotations

import json
import random
import re
import string
import typing
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import Msg, StepContext, legal_prompts, start, submit
from rulesets.empires.actions import EmpiresAction
from rulesets.empires.turns import end_decade
from tests.empires.helpers import (
    EMPIRES,
    blank_board,
    play,
    prompt_of,
    put,
    start_action,
)
from tests.random_play import random_action

LOCALE = Path(__file__).resolve().parents[2] / "rulesets" / "empires" / "locale"
OPTIONS: list[dict[str, Any]] = [
    {},
    {"draft": "standard", "optional_builds": True},
    {"draft": "simplified", "quick_start": True},
]


def _catalogue(language: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((LOCALE / f"{language}.json").read_text("utf-8"))
    return loaded


def _messages_of_random_games() -> tuple[list[tuple[str, Msg]], list[list[Msg]]]:
    """(where, message) for every prompt text, choice label and event of a few games, and
    the labels of each prompt."""
    read: list[tuple[str, Msg]] = []
    prompts_labels: list[list[Msg]] = []
    for players, options in zip((2, 4, 6), OPTIONS):
        rng = random.Random(players)
        seats = [f"P{i}" for i in range(1, players + 1)]
        outcome = start(EMPIRES, seats, options, f"{players:064x}")
        read += [("event", event.as_msg()) for event in outcome.events]
        state = outcome.state
        while not state.finished:
            prompts = legal_prompts(EMPIRES, state)
            for prompt in prompts:
                read.append(("prompt", prompt.text))
                labels = []
                for choice in prompt.choices:
                    assert choice.label is not None, f"{choice.kind} has no label"
                    labels.append(choice.label)
                read += [("choice", label) for label in labels]
                prompts_labels.append(labels)
            prompt = rng.choice(prompts)
            outcome = submit(EMPIRES, state, prompt.seat, random_action(prompt, rng))
            read += [("event", event.as_msg()) for event in outcome.events]
            state = outcome.state
    return read, prompts_labels


@pytest.fixture(scope="module")
def played() -> tuple[list[tuple[str, Msg]], list[list[Msg]]]:
    return _messages_of_random_games()


@pytest.fixture(scope="module")
def messages(played: tuple[list[tuple[str, Msg]], list[list[Msg]]]) -> list[tuple[str, Msg]]:
    return played[0]


def test_no_two_choices_of_a_prompt_read_the_same(
    played: tuple[list[tuple[str, Msg]], list[list[Msg]]],
) -> None:
    for labels in played[1]:
        for language in ("en", "fr"):
            texts = [render(label, language) for label in labels]
            assert len(set(texts)) == len(texts), texts


def test_every_choice_has_a_label_of_its_own(messages: list[tuple[str, Msg]]) -> None:
    labels = {msg.key for where, msg in messages if where == "choice"}
    assert all(key.startswith("emp.label.") for key in labels)
    # Every kind of decision met in these games: picks, turn, each action and reactions.
    assert len(labels) >= 25


def test_every_form_a_template_asks_for_exists_in_both_languages(
    messages: list[tuple[str, Msg]],
) -> None:
    missing: set[str] = set()
    for language in ("en", "fr"):
        names = _catalogue(language)
        for _, msg in messages:
            for _, field, spec, _ in string.Formatter().parse(names[msg.key]):
                value = msg.params.get(field) if field else None
                if spec and isinstance(value, str) and f"name.{value}.{spec}" not in names:
                    missing.add(f"{language}: name.{value}.{spec} ({msg.key})")
    assert sorted(missing) == []


def _english_only_words() -> set[str]:
    """Words of the English sentences that no French sentence uses."""

    def words(table: dict[str, str]) -> set[str]:
        texts = [re.sub(r"\{[^}]*\}", " ", text) for text in table.values()]
        return {w.lower() for text in texts for w in re.findall(r"[A-Za-z]+", text)}

    return words(_catalogue("en")) - words(_catalogue("fr"))


def test_no_english_word_is_left_in_a_french_text(messages: list[tuple[str, Msg]]) -> None:
    english = _english_only_words()
    assert {"the", "of", "move", "attack", "infantry"} <= english
    leaks = {}
    for where, msg in messages:
        text = render(msg, "fr")
        found = {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in english}
        if found:
            leaks[msg.key] = f"{where} {text!r}: {sorted(found)}"
    assert leaks == {}


def test_the_attacker_names_the_unit_it_fights_and_the_odds() -> None:
    # « En cas de présence de plusieurs unités, l'unité entrante décide de l'unité à
    # combattre. » The Spanish artillery from Madrid attacks Marseille, held by two French
    # infantry and a two-master: each target is its own choice, with its odds.
    state = blank_board()
    put(state, "FR", "infantry", "marseille", 2)
    put(state, "FR", "two_master", "marseille")
    put(state, "ES", "artillery", "madrid")
    state = start_action(state, "ES", "move_fight")
    state = play(state, "P1", type="select_unit", region="madrid", kind="artillery")
    choices = prompt_of(state).choices
    attacks = {
        c.action["target"]: choice_label("empires", c, "fr")
        for c in choices
        if c.action.get("to") == "marseille"
    }
    assert attacks["infantry"].startswith("Attaquer l'infanterie de la France à Marseille (1:0)")
    assert attacks["two_master"].startswith("Attaquer le deux-mâts de la France à Marseille (1:1)")
    english = {choice_label("empires", c, "en") for c in choices}
    assert any(t.startswith("Attack the infantry of France in Marseille (1:0)") for t in english)
    assert len(english) == len(choices)


def test_build_names_the_city_it_builds_or_upgrades() -> None:
    # « L'Empire construit une nouvelle ville ou améliore une ville existante. »
    state = blank_board()
    state = start_action(state, "HB", "build_deploy")
    french = [choice_label("empires", c, "fr") for c in prompt_of(state).choices]
    assert "Améliorer Trieste" in french
    assert "Nouvelle ville à Prague" in french
    english = [choice_label("empires", c, "en") for c in prompt_of(state).choices]
    assert "Upgrade Vienna" in english and "New city in Prague" in english


def test_a_pick_names_the_card_it_takes_and_the_report_names_it_again() -> None:
    state = blank_board(3)
    state.timetrack = ["orange"]
    state.stacks["ES"] = ["ES-M4", "ES-P5"]
    state.acted = list(state.board().empire_order)
    ctx = StepContext(state, phases=EMPIRES.phase_table())
    end_decade(ctx)
    state = ctx.state
    prompt = prompt_of(state)
    choice = next(c for c in prompt.choices if c.action["empire"] == "ES")
    assert (
        choice_label("empires", choice, "fr")
        == "Prendre la carte Magistrat de l'Espagne (influence 4)"
    )
    english = choice_label("empires", choice, "en")
    assert english == "Take the Magistrate card of Spain (influence 4)"
    outcome = submit(EMPIRES, state, prompt.seat, choice.action)
    taken = next(e for e in outcome.events if e.key == "emp.event.card_taken")
    assert (
        render(taken, "fr")
        == f"Joueur {prompt.seat[1]} prend la carte Magistrat de l'Espagne (influence 4)."
    )


def test_every_order_has_a_name_in_both_languages() -> None:
    kinds = [
        typing.get_args(model.model_fields["type"].annotation)[0]
        for model in typing.get_args(typing.get_args(EmpiresAction)[0])
    ]
    for language in ("en", "fr"):
        names = _catalogue(language)
        assert [k for k in kinds if f"empires.action.{k}" not in names] == []
