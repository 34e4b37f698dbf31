"""Copying a whole database from one store to another (SQLite to PostgreSQL and back).

Every table that holds history is copied row by row with its ids, so that campaign ids,
outbox ids (which prompt posts point at) and deadline ids stay what they were; the target
must hold no campaign yet and is written in one transaction, so a failed copy leaves it
empty. Rows travel as plain Python values (JSON values decoded, times as datetimes); each
store reads and writes its own encoding. Checking the copied campaigns against their
recorded state hashes is the services' part (`bot.services.store_copy`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from bot.storage.base import StoreError

Row = dict[str, Any]
BATCH = 2000


@dataclass(frozen=True)
class Table:
    """A table as copied: its columns, the key it is read in order of, and which columns
    hold JSON, times or flags (SQLite stores those as text and integers)."""

    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...] = ("id",)
    json: frozenset[str] = frozenset()
    times: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()

    @property
    def has_identity(self) -> bool:
        return self.key == ("id",)


TABLES: tuple[Table, ...] = (
    Table(
        "campaigns",
        (
            "id", "ruleset", "ruleset_version", "options", "data", "seed_hex",
            "seed_commitment", "guild_id", "channel_id", "language", "status", "creator",
            "created_at", "seq", "maps",
        ),
        json=frozenset({"options", "data"}),
        times=frozenset({"created_at"}),
    ),
    Table(
        "seats",
        ("id", "campaign_id", "seat", "user_id", "display_name", "started_at", "ended_at"),
        times=frozenset({"started_at", "ended_at"}),
    ),
    Table(
        "actions",
        (
            "campaign_id", "seq", "seat", "action", "events", "rolls", "state_hash", "actor",
            "at",
        ),
        key=("campaign_id", "seq"),
        json=frozenset({"action", "events", "rolls"}),
        times=frozenset({"at"}),
    ),
    Table(
        "snapshots",
        ("campaign_id", "seq", "state"),
        key=("campaign_id", "seq"),
        json=frozenset({"state"}),
    ),
    Table(
        "deadlines",
        (
            "id", "campaign_id", "seat", "kind", "urgency", "phase", "user_id", "armed_seq",
            "armed_at", "due_at", "state", "reminders_sent", "overdue_noticed", "closed_at",
        ),
        times=frozenset({"armed_at", "due_at", "closed_at"}),
        flags=frozenset({"overdue_noticed"}),
    ),
    Table(
        "campaign_schedule",
        ("campaign_id", "record", "version"),
        key=("campaign_id",),
        json=frozenset({"record"}),
    ),
    Table(
        "outbox",
        (
            "id", "campaign_id", "target_kind", "target_id", "payload", "created_at",
            "delivered_at", "attempts", "last_error", "next_attempt_at", "given_up_at",
            "guild_id", "held",
        ),
        json=frozenset({"payload"}),
        times=frozenset({"created_at", "delivered_at", "next_attempt_at", "given_up_at"}),
        flags=frozenset({"held"}),
    ),
    Table(
        "prompt_posts",
        (
            "id", "campaign_id", "outbox_id", "position", "channel_id", "message_id",
            "content", "closed_at", "seat", "number", "fingerprint",
        ),
        times=frozenset({"closed_at"}),
    ),
    Table(
        "audit",
        ("id", "campaign_id", "actor", "act", "reason", "seqs", "detail", "at"),
        json=frozenset({"seqs", "detail"}),
        times=frozenset({"at"}),
    ),
)  # fmt: skip
"""In the order they are written (a row's campaign before it)."""

TABLE = {table.name: table for table in TABLES}
"""Each table by name: how a store decodes the rows it reads back."""

NOT_COPIED = frozenset({"schema_version", "sqlite_sequence", "campaign_wake"})
"""Each store's own bookkeeping: its migrations, SQLite's id counters, and the scheduler's
wake times (the target's triggers make every copied running campaign due at once). Any
other table not in `TABLES` stops the copy, so a table added later is never silently left
behind."""


@runtime_checkable
class CopyableStore(Protocol):
    """A store whose rows can be read and written whole (both stores)."""

    async def table_names(self) -> set[str]:
        """Every table of the database."""

    async def table_columns(self, table: str) -> list[str]:
        """The columns of `table`, in order."""

    async def read_rows(self, table: Table, after: Sequence[Any] | None, limit: int) -> list[Row]:
        """Up to `limit` rows of `table` whose key comes after `after` (None: the first),
        in key order."""

    def row_writer(self) -> AbstractAsyncContextManager[RowWriter]:
        """One transaction writing rows with their ids; the id counters follow at its end."""


class RowWriter(Protocol):
    async def write(self, table: Table, rows: Sequence[Row]) -> None: ...


class CopyRefused(StoreError):
    """The copy cannot start: the target holds campaigns, or a store cannot be copied."""


async def rows_of(store: CopyableStore, table: Table, batch: int = BATCH) -> AsyncIterator[Row]:
    after: Sequence[Any] | None = None
    while True:
        rows = await store.read_rows(table, after, batch)
        for row in rows:
            yield row
        if len(rows) < batch:
            return
        after = [rows[-1][column] for column in table.key]


async def check_schema(store: CopyableStore, role: str) -> None:
    """Refuse a database whose tables or columns are not the ones `TABLES` copies."""
    names = await store.table_names()
    unknown = names - NOT_COPIED - {table.name for table in TABLES}
    if unknown:
        raise CopyRefused(f"the {role} database has tables this copy does not know: {unknown}")
    for table in TABLES:
        columns = set(await store.table_columns(table.name))
        if columns != set(table.columns):
            difference = sorted(columns.symmetric_difference(table.columns))
            raise CopyRefused(
                f"the {role} database's {table.name} differs from what this copy knows:"
                f" {', '.join(difference) or 'the table is missing'}"
            )


async def copy_rows(source: object, target: object, batch: int = BATCH) -> dict[str, int]:
    """Copy every table of `source` into the empty `target`; the rows copied per table."""
    if not isinstance(source, CopyableStore) or not isinstance(target, CopyableStore):
        raise CopyRefused("this kind of store cannot be copied")
    await check_schema(source, "source")
    await check_schema(target, "target")
    for table in TABLES:
        if await target.read_rows(table, None, 1):
            raise CopyRefused(f"the target database is not empty (its {table.name} has rows)")
    counts: dict[str, int] = {}
    async with target.row_writer() as writer:
        for table in TABLES:
            counts[table.name] = 0
            pending: list[Row] = []
            async for row in rows_of(source, table, batch):
                pending.append(row)
                if len(pending) == batch:
                    await writer.write(table, pending)
                    counts[table.name] += len(pending)
                    pending = []
            await writer.write(table, pending)
            counts[table.name] += len(pending)
    return counts
