"""Records read back from either store: a row's columns, decoded to plain values, fill the
record's fields by name (both stores name their columns as the records name their fields)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Protocol, TypeVar

Record = TypeVar("Record")


class NamedColumns(Protocol):
    """A row whose columns are read by name (sqlite3.Row, asyncpg.Record, a dict)."""

    def __getitem__(self, column: str) -> Any: ...


def from_row(kind: type[Record], row: NamedColumns) -> Record:
    """The record `kind` with each of its fields taken from the row's column of that name;
    the row may hold other columns (a campaign's id beside an action's)."""
    return kind(**{field.name: row[field.name] for field in fields(kind)})  # type: ignore[arg-type]
