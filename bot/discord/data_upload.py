"""Reading a data file a moderator attached to /admin data: a JSON object of modest size, or
a sentence saying what is wrong with it (the ruleset then checks what the tables hold)."""

from __future__ import annotations

import json
import math
from typing import Any

from bot.discord.errors import Refusal

# The shipped data files are 45–105 KB: ten times the largest leaves room for a printed set.
MAX_DATA_BYTES = 1024 * 1024
# No data file nests deeper than a few levels; deeper is a trap for the parsers.
MAX_DEPTH = 32


def read_data_file(raw: bytes) -> dict[str, Any]:
    """The JSON object of an attached data file; Refusal when it is too large, not text, not
    JSON, not one object, holds a number JSON does not have or a null character, or nests
    absurdly deep."""
    if len(raw) > MAX_DATA_BYTES:
        raise Refusal(
            "discord.admin.data.too_big",
            size=-(-len(raw) // 1024),
            limit=MAX_DATA_BYTES // 1024,
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refusal("discord.admin.data.not_text") from None
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as error:
        raise Refusal(
            "discord.admin.data.not_json", line=error.lineno, column=error.colno
        ) from None
    except (RecursionError, ValueError):
        # ValueError: NaN, Infinity or 1e999 (see `_finite`), or an integer too long to read.
        raise Refusal("discord.admin.data.odd_value") from None
    if not isinstance(data, dict):
        raise Refusal("discord.admin.data.not_object")
    if not _plain(data):
        raise Refusal("discord.admin.data.odd_value")
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text[:20]} is too large a number")
    return number


def _plain(data: dict[str, Any]) -> bool:
    """Whether `data` nests at most MAX_DEPTH deep and no text in it (key or value) holds
    a null character; walked without recursion."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str) and "\x00" in item:
            return False
        if isinstance(item, dict | list):
            if level > MAX_DEPTH:
                return False
            children = [*item.keys(), *item.values()] if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return True
