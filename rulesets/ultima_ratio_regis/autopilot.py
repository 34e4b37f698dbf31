"""Choices for an absent seat, per prompt kind: the referee's keep the campaign moving with
neutral values; a player's play their cards and spend their actions sensibly."""

from __future__ import annotations

from typing import Any

from rulesets.core import Prompt

# Referee inputs the autopilot answers with a middle value rather than the lowest.
MIDDLE_VALUES = {
    "card_value": 2,
    "set_budget": 2,
    "enter_trade": 3,
    "enter_expenses": 10,
    "award_vp": 1,
}


def choose(prompts: list[Prompt], seat: str, pick: int) -> dict[str, Any]:
    prompt = next(p for p in prompts if p.seat == seat)
    choices = prompt.choices
    if prompt.kind in MIDDLE_VALUES:
        choice = choices[0]
        numbers = {
            name: max(span.low, min(span.high, MIDDLE_VALUES[prompt.kind]))
            for name, span in choice.ranges.items()
        }
        return choice.instantiate(**numbers)
    if prompt.kind == "opposition_q":
        return choices[0].instantiate(q=2)
    if prompt.kind in ("impulse_card", "impulse_act") and len(choices) > 1:
        return choices[1 + pick % (len(choices) - 1)].instantiate()
    return choices[0].instantiate()
