"""One label for a legal choice, shared by the buttons on Discord and the console's list."""

from __future__ import annotations

from bot.i18n import DEFAULT_LANGUAGE, catalogue, localise_value, render
from rulesets.core import Choice


def action_name(ruleset: str, action_type: str, language: str) -> str:
    """The catalogue's name for an action type (`<ruleset>.action.<type>`), else the type."""
    key = f"{ruleset}.action.{action_type}"
    return catalogue(language).get(key) or catalogue(DEFAULT_LANGUAGE).get(key) or action_type


def number_name(name: str, language: str) -> str:
    """The words for an open number of a choice ('amount' reads 'Amount', 'Montant'): the
    catalogue's `number.<name>`, else the field's own name with spaces."""
    key = f"number.{name}"
    return (
        catalogue(language).get(key)
        or catalogue(DEFAULT_LANGUAGE).get(key)
        or name.replace("_", " ")
    )


def choice_label(ruleset: str, choice: Choice, language: str, *, name_ranges: bool = False) -> str:
    """The choice's title, then each open number's range ('bid 1–10').

    `name_ranges` adds the field's name before its range ('bid amount 1–10'), for a reader who
    types the number next rather than filling a form that names it.
    """
    text = choice_title(ruleset, choice, language)
    # A label that ends in a colon ('amount:') already names its number.
    named = name_ranges and not text.endswith(":")
    ranges = [
        f"{number_name(name, language).lower()} {span.low}–{span.high}"
        if named
        else f"{span.low}–{span.high}"
        for name, span in choice.ranges.items()
    ]
    return " ".join([text, *ranges])


def choice_title(ruleset: str, choice: Choice, language: str) -> str:
    """The ruleset's own label, else the action's name and its fixed values by their names
    ('place army German States'), without the open numbers."""
    if choice.label is not None:
        return render(choice.label, language)
    fixed = [
        str(localise_value(value, language))
        for name, value in choice.action.items()
        if name != "type"
    ]
    return " ".join([action_name(ruleset, choice.kind, language), *fixed])
