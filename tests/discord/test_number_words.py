"""The numbers a player types are named in their language: the modal's label and the refusal
of a number out of range say "Montant", never the field's id "amount"."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from simcord.components import walk_components

from bot.i18n import LANGUAGES, catalogue
from rulesets.ultima_ratio_regis.eot import REFEREE_ENTRIES
from tests.discord.conftest import Table, open_mini_campaign, text_of

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


def _open_number_fields() -> set[str]:
    """Every open number a ruleset offers: the ranges given to `Choice.of` (its keyword
    arguments but the label), and the referee's entries of Ultima Ratio Regis (named in a
    table)."""
    names = {entry[2] for entry in REFEREE_ENTRIES.values()}
    for path in RULESETS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _is_choice_of(node.func):
                names |= {kw.arg for kw in node.keywords if kw.arg and kw.arg != "label"}
    return names


def _is_choice_of(called: ast.expr) -> bool:
    return (
        isinstance(called, ast.Attribute)
        and called.attr == "of"
        and isinstance(called.value, ast.Name)
        and called.value.id == "Choice"
    )


def test_the_scan_finds_the_known_numbers() -> None:
    assert {"amount", "maximum", "conditions", "vp"} <= _open_number_fields()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_open_number_of_every_game_has_its_words(language: str) -> None:
    missing = sorted(
        name for name in _open_number_fields() if f"number.{name}" not in catalogue(language)
    )
    assert missing == []


@pytest.mark.parametrize(
    ("locale", "label", "refusal"),
    [
        ("en-US", "Amount (1 to 10)", "Amount must be a whole number from 1 to 10."),
        ("fr", "Montant (de 1 à 10)", "Montant doit être un nombre entier de 1 à 10."),
    ],
)
async def test_the_modal_names_the_number_in_the_readers_language(
    table: Table, locale: str, label: str, refusal: str
) -> None:
    t = table
    t.locales[t.alice.id] = locale
    await open_mini_campaign(t)
    shown = await t.alice.click(t.last_prompt_for(t.alice), label="bid 1–10")
    modal = shown.modal  # type: ignore[attr-defined]
    labels = [
        component["label"]
        for component in walk_components(modal["components"])
        if component.get("type") in (4, 18) and "label" in component  # text input, label
    ]
    assert labels == [label]
    too_much = await t.alice.submit_modal(shown, {"courier:n:amount": "99"})
    assert text_of(too_much) == refusal
