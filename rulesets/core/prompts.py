"""Prompts: who must decide what now, and the exact list of legal choices.

The same list feeds buttons, autocomplete, the autopilot and the fuzzer, and the kernel
checks every submitted action against it, so listing and validating can never disagree.
A choice is an action with its finite fields fixed; numeric fields (a bid) carry a range;
a free-text field (a note with a gift) may be left open with its length cap.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulesets.core.messages import Msg

Urgency = Literal["turn", "reaction"]


class IntRange(BaseModel):
    model_config = ConfigDict(frozen=True)

    low: int
    high: int

    @model_validator(mode="after")
    def _ordered(self) -> IntRange:
        if self.low > self.high:
            raise ValueError("an empty range")
        return self

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (self.low <= value <= self.high)
        )


class Choice(BaseModel):
    """One legal action, or a family of them when `ranges` leaves numeric fields open.

    `texts` are optional free-text fields (a note sent with a gift): the player may leave
    them out or type at most the given number of characters; they never change legality."""

    model_config = ConfigDict(frozen=True)

    action: dict[str, Any]
    ranges: dict[str, IntRange] = Field(default_factory=dict)
    label: Msg | None = None
    texts: dict[str, int] = Field(default_factory=dict)

    @classmethod
    def of(
        cls,
        action: BaseModel,
        label: Msg | None = None,
        **ranges: IntRange,
    ) -> Choice:
        fixed = action.model_dump(mode="json", exclude=set(ranges))
        return cls(action=fixed, ranges=ranges, label=label)

    def with_texts(self, **limits: int) -> Choice:
        """The same choice with these fields left open as free text of at most so many
        characters (the player may leave them out)."""
        fixed = {name: value for name, value in self.action.items() if name not in limits}
        return self.model_copy(update={"action": fixed, "texts": {**self.texts, **limits}})

    def matches(self, action: dict[str, Any]) -> bool:
        required = set(self.action) | set(self.ranges)
        if not required <= set(action) <= required | set(self.texts):
            return False
        if any(action[name] not in bounds for name, bounds in self.ranges.items()):
            return False
        for name, limit in self.texts.items():
            typed = action.get(name, "")
            if not isinstance(typed, str) or len(typed) > limit:
                return False
        return all(action[name] == value for name, value in self.action.items())

    def instantiate(self, **given: int | str) -> dict[str, Any]:
        """The concrete action, with each open number given or set to its lowest value, and
        each free text given (left out when empty)."""
        filled = {name: given.get(name, bounds.low) for name, bounds in self.ranges.items()}
        typed = {name: given[name] for name in self.texts if given.get(name)}
        return {**self.action, **filled, **typed}

    @property
    def kind(self) -> str:
        return str(self.action.get("type", ""))


class Prompt(BaseModel):
    """A pending decision of one seat. Several seats may hold prompts at once."""

    model_config = ConfigDict(frozen=True)

    seat: str
    kind: str
    text: Msg
    choices: list[Choice]
    urgency: Urgency = "turn"
    simultaneous: bool = False

    def find(self, action: dict[str, Any]) -> Choice | None:
        return next((choice for choice in self.choices if choice.matches(action)), None)
