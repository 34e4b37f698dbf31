"""Hypothesis mutations of a JSON document: one change somewhere deep inside it — a key
removed, a value replaced by something hostile, a list emptied or an entry duplicated."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from tests.proof.hostile_values import EDGE_INTS, json_values


def _paths(document: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(document, dict):
        for key, value in document.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(document, list):
        for index, value in enumerate(document[:6]):  # the first entries stand for the rest
            found += _paths(value, (*prefix, index))
    return found


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        document = document[part]
    return document


def mutate(document: Any, data: st.DataObject, changes: int = 1) -> Any:
    """A deep copy of `document` with `changes` hostile edits."""
    changed = copy.deepcopy(document)
    for _ in range(changes):
        paths = [path for path in _paths(changed) if path]
        if not paths:
            return data.draw(json_values())
        path = data.draw(st.sampled_from(paths), label="where")
        parent, last = _at(changed, path[:-1]), path[-1]
        here = parent[last]
        edit = data.draw(
            st.sampled_from(["remove", "replace", "number", "empty", "duplicate", "swap_id"]),
            label="edit",
        )
        if edit == "remove":
            del parent[last]
        elif edit == "replace":
            parent[last] = data.draw(json_values(), label="value")
        elif edit == "number":
            parent[last] = data.draw(
                st.one_of(st.sampled_from(EDGE_INTS), st.integers(-3, 3), st.floats()),
                label="number",
            )
        elif edit == "empty":
            parent[last] = type(here)() if isinstance(here, list | dict | str) else None
        elif edit == "duplicate" and isinstance(here, list) and here:
            here.append(copy.deepcopy(here[0]))
        elif edit == "swap_id" and isinstance(here, str):
            strings = [p for p in paths if isinstance(_at(changed, p), str)]
            parent[last] = _at(changed, data.draw(st.sampled_from(strings), label="other id"))
    return changed
