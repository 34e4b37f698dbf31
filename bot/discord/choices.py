"""Legal choices as the player sees them: a label per choice and the action it stands for."""

from __future__ import annotations

from typing import Any

from bot.i18n import catalogue, localise_value, render
from rulesets.core import Choice, Prompt

LABEL_LIMIT = 80  # Discord's limit for button labels and select option labels


def action_name(ruleset: str, action_type: str, language: str) -> str:
    """The catalogue's name for an action type (`<ruleset>.action.<type>`), else the type."""
    key = f"{ruleset}.action.{action_type}"
    return catalogue(language).get(key) or catalogue("en").get(key) or action_type


def choice_label(ruleset: str, choice: Choice, language: str) -> str:
    """A short label: the ruleset's own label, else the action type and its fixed values."""
    if choice.label is not None:
        text = render(choice.label, language)
    else:
        fixed = [
            str(localise_value(value, language))
            for name, value in choice.action.items()
            if name != "type"
        ]
        ranges = [f"{bounds.low}–{bounds.high}" for bounds in choice.ranges.values()]
        text = " ".join([action_name(ruleset, choice.kind, language), *fixed, *ranges])
    return text[:LABEL_LIMIT]


def find_prompt(prompts: list[Prompt], seat: str) -> Prompt | None:
    return next((prompt for prompt in prompts if prompt.seat == seat), None)


def choice_at(prompt: Prompt | None, index: int) -> Choice | None:
    if prompt is None or not 0 <= index < len(prompt.choices):
        return None
    return prompt.choices[index]


def open_numbers(choice: Choice) -> dict[str, tuple[int, int]]:
    return {name: (bounds.low, bounds.high) for name, bounds in choice.ranges.items()}


def concrete_action(choice: Choice, numbers: dict[str, int] | None = None) -> dict[str, Any]:
    return choice.instantiate(**(numbers or {}))
