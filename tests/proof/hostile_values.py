"""Hypothesis strategies for hostile input: the values an attacker or a broken client sends.

Numbers at and beyond SQLite's 64-bit range, negative bids, control and bidirectional
characters, very long strings, JSON nested deeply, and the ids of other campaigns.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from hypothesis import strategies as st

from tests.proof.crash_plan import USERS

EDGE_INTS = [0, -1, 1, 2**31, -(2**31), 2**53 + 1, 2**63 - 1, 2**63, -(2**63) - 1, 2**100]
EDGE_TEXT = [
    "",
    " ",
    "\x00",
    "red",
    "blue",
    "green",
    *USERS.values(),
    "💥" * 40,
    "\u202egreen",
    "' OR 1=1; --",
    '{"type": "bid", "amount": -5}',
    "null",
    "x" * 100_000,
]


SQLITE_MIN, SQLITE_MAX = -(2**63), 2**63 - 1
UNBOUNDED_PARAMETERS = {"campaign_id", "seq", "to_seq", "expected_seq"}
"""Numbers a forged component id can carry (its pattern is `\\d+`), so any size at all;
other numbers come from Discord's integer options, which are far inside 64 bits."""


def hostile_ints(campaign_ids: list[int], *, unbounded: bool) -> st.SearchStrategy[int]:
    edges = EDGE_INTS if unbounded else [n for n in EDGE_INTS if SQLITE_MIN <= n <= SQLITE_MAX]
    anything = st.integers() if unbounded else st.integers(SQLITE_MIN, SQLITE_MAX)
    return st.one_of(
        st.sampled_from(campaign_ids),
        st.integers(-5, 12),
        st.sampled_from(edges),
        anything,
    )


def hostile_text() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(EDGE_TEXT), st.text(max_size=60))


def json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True),
        hostile_text(),
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=12,
    )


def hostile_actions() -> st.SearchStrategy[Any]:
    """Actions that look almost right (a known type with bad fields) and plain garbage."""
    near_miss = st.fixed_dictionaries(
        {"type": st.sampled_from(["bid", "pass", "call", "start", "BID", ""])},
        optional={
            "amount": st.one_of(st.sampled_from(EDGE_INTS), st.integers(-10, 20), json_values()),
            "side": st.one_of(st.sampled_from(["high", "low", "HIGH"]), json_values()),
            "seat": hostile_text(),
            "extra": json_values(),
        },
    )
    as_text = near_miss.map(lambda action: __import__("json").dumps(action))
    return st.one_of(
        near_miss,
        as_text,
        json_values(),
        st.sampled_from(["{", "[1,2", "[" * 5000, '{"type": "bid", "amount": 1e400}']),
    )


def hostile_options() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.fixed_dictionaries({}, optional={"treasure_points": json_values()}),
        st.dictionaries(hostile_text(), json_values(), max_size=3),
    )


def hostile_times() -> st.SearchStrategy[datetime]:
    """Naive and aware times, from year 1 to year 9999."""
    return st.one_of(
        st.datetimes(),
        st.datetimes(timezones=st.just(UTC)),
        st.sampled_from([datetime.min, datetime.max.replace(tzinfo=UTC)]),
    )


FRIENDLY_TEXT = {
    "user_id": list(USERS.values()),
    "actor": list(USERS.values()),
    "actor_id": list(USERS.values()),
    "creator_id": list(USERS.values()),
    "seat": ["red", "blue", "green"],
    "ruleset": ["mini", "struggle", "empires"],
    "language": ["en", "fr"],
    "reason": ["a reason"],
}
"""Plausible values, drawn as often as hostile ones, so calls get past the first check."""


def hostile_dicts() -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        hostile_actions().filter(lambda value: isinstance(value, dict)),
        st.dictionaries(hostile_text(), json_values(), max_size=4),
    )


def for_parameter(name: str, annotation: str, campaign_ids: list[int]) -> st.SearchStrategy[Any]:
    """A hostile or plausible value of the declared type (`None` too when it is optional)."""
    choices: list[st.SearchStrategy[Any]] = []
    if name == "campaign_id":
        choices += [st.sampled_from(campaign_ids)] * 3
    if name in FRIENDLY_TEXT:
        choices.append(st.sampled_from(FRIENDLY_TEXT[name]))
    if "datetime" in annotation:
        choices.append(hostile_times())
    if "float" in annotation:
        choices.append(st.floats(allow_nan=True, allow_infinity=True))
    if "list[str]" in annotation:
        choices.append(st.lists(hostile_text(), max_size=5))
    elif "dict" in annotation and ("str" in annotation or "bytes" in annotation):
        choices.append(hostile_actions())  # a dict or its JSON text
    elif "dict" in annotation:
        choices.append(hostile_dicts())
    elif "str" in annotation:
        choices.append(hostile_text())
    if "int" in annotation:
        choices.append(hostile_ints(campaign_ids, unbounded=name in UNBOUNDED_PARAMETERS))
    if "bool" in annotation:
        choices.append(st.booleans())
    if "None" in annotation:
        choices.append(st.none())
    if not choices:
        raise ValueError(f"no strategy for {name}: {annotation}")
    return st.one_of(*choices)
