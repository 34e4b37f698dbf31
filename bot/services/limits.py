"""The services' boundary: every free text, user id and language checked before any work.

Discord refuses a message over its limits, and a refused message must never sit in the
outbox; so what the services accept must fit in what they later post. The cogs already
cap what Discord users type, but the console, the command line and tests call the services
directly: the same limits hold for all of them here.

`checked_at_the_boundary` wraps each public coroutine of the service class: an argument is
checked by its name (`reason`, `display_name`, `user_id`, `actor`, `language`…), so every
method taking a reason gets the reason's limit, including methods added later. A refusal is
a `ServiceError` before anything runs: the campaign is unchanged.
"""

from __future__ import annotations

import functools
import inspect
import json
import re
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from bot.i18n import LANGUAGES
from bot.services.errors import ServiceError

REASON_LIMIT = 300
"""A moderator's reason: the cogs' cap, short enough for an announcement."""
NAME_LIMIT = 32
"""A player's display name: Discord's own limit for nicknames and global names."""
OPERATOR_NAME = re.compile(r"[A-Za-z0-9_.:-]{1,32}")
"""Who signs an act at the command line or the console ('console', 'courier:autopilot'):
letters and punctuation that can neither mention anyone nor break a message."""
CONSOLE_USER = re.compile(r"console:[A-Za-z0-9_-]{1,40}")
"""A local player of the console table: `console:<seat>`."""
SNOWFLAKE = re.compile(r"[1-9][0-9]{0,19}")
NOTE_LIMIT = 120
"""A note a player sends with an order (with a gift of gold): one short line."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")
MAX_IMPORT_BYTES = 8 * 1024 * 1024
"""The largest export an import reads, as the Discord cog's attachment limit."""


def _text(value: object) -> str | None:
    """The text to check; None for an argument left out (None). The null character is
    refused in every text: PostgreSQL cannot store it, and no player means to type it."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ServiceError("service.error.not_text", value=str(value)[:40])
    if "\x00" in value:
        raise ServiceError("service.error.null_character")
    return value


def is_user_id(value: str) -> bool:
    """A Discord user (a snowflake: a 64-bit number) or a console player."""
    if SNOWFLAKE.fullmatch(value):
        return int(value) < 2**64
    return CONSOLE_USER.fullmatch(value) is not None


def check_reason(value: object) -> None:
    text = _text(value)
    if text is not None and len(text) > REASON_LIMIT:
        raise ServiceError("service.error.reason_too_long", length=len(text), limit=REASON_LIMIT)


def check_display_name(value: object) -> None:
    text = _text(value)
    if text is not None and len(text) > NAME_LIMIT:
        raise ServiceError("service.error.name_too_long", length=len(text), limit=NAME_LIMIT)


def check_user_id(value: object) -> None:
    text = _text(value)
    if text is not None and not is_user_id(text):
        raise ServiceError("service.error.bad_user_id", user=text[:40])


def check_actor(value: object) -> None:
    text = _text(value)
    if text is not None and not (is_user_id(text) or OPERATOR_NAME.fullmatch(text)):
        raise ServiceError("service.error.bad_actor", actor=text[:40])


def check_language(value: object) -> None:
    text = _text(value)
    if text is not None and text not in LANGUAGES:
        raise ServiceError("service.error.unknown_language", code=text[:20])


def check_document(value: object) -> None:
    """A JSON document (a data file, an export, options, an order) carries no null
    character in any text: PostgreSQL's jsonb cannot store one."""
    if isinstance(value, bytes):
        found = b"\x00" in value or b"\\u0000" in value
    elif isinstance(value, str):
        found = "\x00" in value or "\\u0000" in value
    else:
        try:
            found = "\\u0000" in json.dumps(value)
        except (TypeError, ValueError, RecursionError):
            return  # not JSON at all: the method itself refuses it
    if found:
        raise ServiceError("service.error.null_character")


def check_stored_text(value: object) -> None:
    """Text the bot itself hands back to be stored (a message's content or fingerprint, a
    channel or message id, a seat): no null character, which PostgreSQL cannot store.
    Other types are left to the method's own checks."""
    if isinstance(value, str) and "\x00" in value:
        raise ServiceError("service.error.null_character")


def check_action(value: object) -> None:
    """An order carries no null character, and its only free text is its note: one short
    plain line. (Everything else in an order is checked by the rules against the legal
    choices.)"""
    check_document(value)
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            return  # the rules refuse malformed JSON in their own words
    if not isinstance(value, dict) or "note" not in value:
        return
    note = value["note"]
    if not isinstance(note, str):
        raise ServiceError("service.error.not_text", value=str(note)[:40])
    if len(note) > NOTE_LIMIT:
        raise ServiceError("service.error.note_too_long", length=len(note), limit=NOTE_LIMIT)
    if _CONTROL.search(note):
        raise ServiceError("service.error.note_one_line")


CHECKS: dict[str, Callable[[object], None]] = {
    "action": check_action,
    "reason": check_reason,
    "display_name": check_display_name,
    "user_id": check_user_id,
    "actor": check_actor,
    "actor_id": check_actor,
    "creator_id": check_actor,
    "language": check_language,
    "data": check_document,
    "document": check_document,
    "options": check_document,
    "content": check_stored_text,
    "fingerprint": check_stored_text,
    "channel_id": check_stored_text,
    "message_id": check_stored_text,
    "seat": check_stored_text,
}

Service = TypeVar("Service", bound=type)
Method = Callable[..., Coroutine[Any, Any, Any]]


def _checking(method: Method, names: set[str]) -> Method:
    signature = inspect.signature(method)

    @functools.wraps(method)
    async def checked(*args: Any, **kwargs: Any) -> Any:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            return await method(*args, **kwargs)  # let Python say what is missing
        for name in names & bound.arguments.keys():
            CHECKS[name](bound.arguments[name])
        return await method(*args, **kwargs)

    return checked


def checked_at_the_boundary(cls: Service) -> Service:
    """Check the named arguments of every public coroutine of `cls` (see `CHECKS`)."""
    for name, member in inspect.getmembers(cls, inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue
        names = CHECKS.keys() & inspect.signature(member).parameters.keys()
        if names:
            setattr(cls, name, _checking(member, names))
    return cls
