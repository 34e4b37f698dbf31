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
# Choices built so far, by action, label and ranges (see `Choice.of`); emptied when full.
_BUILT: dict[tuple[Any, ...], Choice] = {}
_BUILT_LIMIT = 8_192


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


class Pick(BaseModel):
    """An open list field: `count` different items of `options`, in the order given (a
    secret programme: 4 of the 6 cards). It is to lists what `IntRange` is to numbers."""

    model_config = ConfigDict(frozen=True)

    options: tuple[str, ...]
    count: int

    @model_validator(mode="after")
    def _possible(self) -> Pick:
        if not 0 < self.count <= len(set(self.options)):
            raise ValueError("more items to pick than options")
        return self

    def __contains__(self, value: object) -> bool:
        return (
            isinstance(value, list)
            and len(value) == self.count
            and all(isinstance(item, str) and item in self.options for item in value)
            and len(set(value)) == self.count
        )

    def read(self, tokens: list[str]) -> list[str] | None:
        """The items a player typed, each as itself or as its place (from 1) in `options`;
        None unless they make a legal pick."""
        items = [
            self.options[int(token) - 1]
            if token.isdecimal() and 1 <= int(token) <= len(self.options)
            else token
            for token in tokens
        ]
        return items if items in self else None


class Choice(BaseModel):
    """One legal action, or a family of them when `ranges` leaves numeric fields open or
    `picks` leaves list fields open.

    `texts` are optional free-text fields (a note sent with a gift): the player may leave
    them out or type at most the given number of characters; they never change legality."""

    model_config = ConfigDict(frozen=True)

    action: dict[str, Any]
    ranges: dict[str, IntRange] = Field(default_factory=dict)
    label: Msg | None = None
    picks: dict[str, Pick] = Field(default_factory=dict)
    texts: dict[str, int] = Field(default_factory=dict)

    @classmethod
    def picking(cls, action: BaseModel, label: Msg | None = None, **picks: Pick) -> Choice:
        """The choice of `action` with list fields left open (`picks`)."""
        return cls._build(action, label, {}, picks)

    @classmethod
    def of(
        cls,
        action: BaseModel,
        label: Msg | None = None,
        **ranges: IntRange,
    ) -> Choice:
        """The choice of `action`. Prompts are listed at every step, mostly with the same
        choices, so each distinct one is built once and shared (choices are frozen)."""
        try:
            # Each value with its type (True and 1 are equal keys, not equal JSON); a tuple,
            # not the model, since a model's hash and equality run in Python.
            fields = tuple((k, type(v), v) for k, v in action.__dict__.items())
            params = (
                () if label is None else tuple((k, type(v), v) for k, v in label.params.items())
            )
            key = (cls, type(action), fields, label and label.key, params, tuple(ranges.items()))
            found = _BUILT.get(key)
        except TypeError:  # a label parameter that is a list or a dict: no key
            return cls._build(action, label, ranges, {})
        if found is None:
            if len(_BUILT) >= _BUILT_LIMIT:
                _BUILT.clear()
            found = _BUILT[key] = cls._build(action, label, ranges, {})
        return found

    @classmethod
    def _build(
        cls,
        action: BaseModel,
        label: Msg | None,
        ranges: dict[str, IntRange],
        picks: dict[str, Pick],
    ) -> Choice:
        fixed = action.model_dump(mode="json", exclude=set(ranges) | set(picks))
        return cls(action=fixed, ranges=ranges, label=label, picks=picks)

    def with_texts(self, **limits: int) -> Choice:
        """The same choice with these fields left open as free text of at most so many
        characters (the player may leave them out)."""
        fixed = {name: value for name, value in self.action.items() if name not in limits}
        return self.model_copy(update={"action": fixed, "texts": {**self.texts, **limits}})

    def matches(self, action: dict[str, Any]) -> bool:
        required = set(self.action) | set(self.ranges) | set(self.picks)
        if not required <= set(action) <= required | set(self.texts):
            return False
        if any(action[name] not in bounds for name, bounds in self.ranges.items()):
            return False
        if any(action[name] not in pick for name, pick in self.picks.items()):
            return False
        for name, limit in self.texts.items():
            typed = action.get(name, "")
            if not isinstance(typed, str) or len(typed) > limit:
                return False
        return all(action[name] == value for name, value in self.action.items())

    def instantiate(self, **given: Any) -> dict[str, Any]:
        """The concrete action, with each open number given or set to its lowest value, each
        open list given or set to the first options in order, and each free text given
        (left out when empty)."""
        filled = {name: given.get(name, bounds.low) for name, bounds in self.ranges.items()}
        for name, pick in self.picks.items():
            filled[name] = given.get(name, list(pick.options[: pick.count]))
        typed = {name: given[name] for name in self.texts if given.get(name)}
        return {**self.action, **filled, **typed}

    @property
    def kind(self) -> str:
        return str(self.action.get("type", ""))


class Prompt(BaseModel):
    """A pending decision of one seat. Several seats may hold prompts at once.

    A `private` prompt is the seat's secret (a programme, a hand, a treaty): its text, its
    choices and the answer are for that seat alone, so adapters deliver it privately (a DM,
    an ephemeral reply) and never where the table reads. Its choices may then depend on the
    seat's secrets. The ruleset keeps the answer out of public events itself: the public
    learns only what the events marked public say ("Alice has programmed her cards").
    """

    model_config = ConfigDict(frozen=True)

    seat: str
    kind: str
    text: Msg
    choices: list[Choice]
    urgency: Urgency = "turn"
    simultaneous: bool = False
    private: bool = False

    def find(self, action: dict[str, Any]) -> Choice | None:
        return next((choice for choice in self.choices if choice.matches(action)), None)
