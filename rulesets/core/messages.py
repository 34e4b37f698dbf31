"""Structured messages: rules speak in message keys and parameters, never in prose.

The bot's translation layer turns a `Msg` into English or French using the catalogues in
each ruleset's `locale/` folder, so a ruleset never formats a sentence itself.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

JsonValue = Any


class Msg(BaseModel):
    """A translatable message: a catalogue key and the values it refers to."""

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, JsonValue] = Field(default_factory=dict)


class Event(BaseModel):
    """Something that happened, in order, for reports and history.

    `visible_to` is None for a public event; otherwise only the listed seats may see it
    (a drawn card, a sealed bid). Public reports are built from public events only.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, JsonValue] = Field(default_factory=dict)
    visible_to: list[str] | None = None

    @property
    def is_public(self) -> bool:
        return self.visible_to is None

    def visible_for(self, seat: str | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def as_msg(self) -> Msg:
        return Msg(key=self.key, params=self.params)


class IllegalAction(Exception):
    """An action that the rules refuse now, with what the player needs to know why."""

    def __init__(self, key: str, **params: JsonValue) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @property
    def msg(self) -> Msg:
        return Msg(key=self.key, params=self.params)

    def __str__(self) -> str:
        return f"{self.key} {self.params}" if self.params else self.key
