"""Legal choices as the player sees them: a label per choice and the action it stands for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.discord.limits import clip_words
from bot.i18n.labels import choice_label
from rulesets.core import Choice, Prompt

LABEL_LIMIT = 80  # Discord's limit for button labels and select option labels


@dataclass(frozen=True)
class PromptSlot:
    """Which prompt a button, a select menu, a modal or a typed order answers: the campaign,
    the seq it was posted at, the seat, and the prompt's number among the seat's prompts."""

    campaign_id: int
    seq: int
    seat: str
    number: int = 0


def button_label(ruleset: str, choice: Choice, language: str) -> str:
    """The shared choice label, cut to what a button or a select option can show."""
    return clip_words(choice_label(ruleset, choice, language), LABEL_LIMIT)


def seat_prompts(prompts: list[Prompt], seat: str) -> list[Prompt]:
    """The seat's pending prompts in the ruleset's order: a prompt's number is its place here.

    One seat may hold several prompts at once (Empires: one player holding three empires),
    so a button names its prompt by this number, never by the seat alone.
    """
    return [prompt for prompt in prompts if prompt.seat == seat]


def find_prompt(prompts: list[Prompt], seat: str, number: int = 0) -> Prompt | None:
    mine = seat_prompts(prompts, seat)
    return mine[number] if 0 <= number < len(mine) else None


def choice_at(prompt: Prompt | None, index: int) -> Choice | None:
    if prompt is None or not 0 <= index < len(prompt.choices):
        return None
    return prompt.choices[index]


def open_numbers(choice: Choice) -> dict[str, tuple[int, int]]:
    return {name: (bounds.low, bounds.high) for name, bounds in choice.ranges.items()}


def concrete_action(
    choice: Choice, numbers: dict[str, Any] | None = None, texts: dict[str, str] | None = None
) -> dict[str, Any]:
    return choice.instantiate(**(numbers or {}), **(texts or {}))
