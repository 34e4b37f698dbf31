"""Legal choices as the player sees them: a label per choice and the action it stands for."""

from __future__ import annotations

from typing import Any

from bot.i18n.labels import choice_label
from rulesets.core import Choice, Prompt

LABEL_LIMIT = 80  # Discord's limit for button labels and select option labels


def button_label(ruleset: str, choice: Choice, language: str) -> str:
    """The shared choice label, cut to what a button or a select option can show."""
    return choice_label(ruleset, choice, language)[:LABEL_LIMIT]


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
