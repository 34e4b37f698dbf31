"""Messages of the game: a catalogue key and its parameters."""

from __future__ import annotations

from rulesets.core import Msg
from rulesets.core.messages import JsonValue


def say(key: str, **params: JsonValue) -> Msg:
    return Msg(key=key, params=params)
