"""`SqliteStore`: the `Store` interface on one SQLite file through aiosqlite.

WAL mode lets readers work while a write is in progress; foreign keys are enforced. The
process holds two connections to a file: one for writes and one for reads, so a read never
waits for a write's flush to disk. Each write is a function run on the writer's thread in
one trip, committed together with the writes waiting at the same moment (group commit,
`bot.storage.sqlite_commits`), so a drain of many deadlines, the delivery loop and the
players' clicks share flushes instead of queueing behind each one. Writes begin with
`BEGIN IMMEDIATE`, which also serialises them against other processes on the same file
(the console beside a running bot).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.storage.base import (
    DM_SHARD,
    LOBBY_SEQ,
    ActionRecord,
    AuditRecord,
    AuditRow,
    BackupStore,
    CampaignRow,
    CampaignStatus,
    DeadlineRow,
    NewCampaign,
    NewDeadline,
    NewHolder,
    OutboxRecord,
    OutboxRow,
    PromptPostRow,
    ScheduleRow,
    SeatTaken,
    SeqConflict,
    ShardSet,
    SnapshotRow,
    Store,
    TargetKind,
    TenureRecord,
    TenureRow,
    WakeRow,
)
from bot.storage.copying import TABLE, CopyableStore, Row, Table
from bot.storage.integrity import Check, backup_directory_for, check_database, damaged
from bot.storage.migrate import migrate
from bot.storage.records import from_row
from bot.storage.sqlite_commits import GroupCommitter

BUSY_TIMEOUT_MS = 10_000
_SQLITE_INTEGERS = range(-(2**63), 2**63)
Result = TypeVar("Result")


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _time(value: datetime) -> str:
    return value.isoformat()


def _wake_time(value: datetime) -> str:
    """Wake times are compared as text by the index: UTC, always with microseconds."""
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def _parse_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _decoded(table: Table, row: sqlite3.Row) -> Row:
    """A row as plain values: JSON decoded, times parsed, flags as booleans."""
    values: Row = dict(row)
    for column, value in values.items():
        if value is None:
            continue
        if column in table.json:
            values[column] = json.loads(value)
        elif column in table.times:
            values[column] = datetime.fromisoformat(value)
        elif column in table.flags:
            values[column] = bool(value)
    return values


def _encoded(table: Table, row: Row) -> tuple[Any, ...]:
    """The reverse of `_decoded`, in the order of the table's columns."""
    values = []
    for column in table.columns:
        value = row[column]
        if value is not None and column in table.json:
            value = _json(value)
        elif value is not None and column in table.times:
            value = _time(value)
        elif value is not None and column in table.flags:
            value = int(value)
        values.append(value)
    return tuple(values)


class _RowWriter:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def write(self, table: Table, rows: Sequence[Row]) -> None:
        marks = ", ".join("?" for _ in table.columns)
        await self._db.executemany(
            f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES ({marks})",
            [_encoded(table, row) for row in rows],
        )


def _campaign(row: sqlite3.Row) -> CampaignRow:
    return from_row(CampaignRow, _decoded(TABLE["campaigns"], row))


def _tenure(row: sqlite3.Row) -> TenureRow:
    return from_row(TenureRow, _decoded(TABLE["seats"], row))


def _action(row: sqlite3.Row) -> ActionRecord:
    return from_row(ActionRecord, _decoded(TABLE["actions"], row))


def _outbox(row: sqlite3.Row) -> OutboxRow:
    return from_row(OutboxRow, _decoded(TABLE["outbox"], row))


def _prompt_post(row: sqlite3.Row) -> PromptPostRow:
    return from_row(PromptPostRow, _decoded(TABLE["prompt_posts"], row))


def _audit(row: sqlite3.Row) -> AuditRow:
    return from_row(AuditRow, _decoded(TABLE["audit"], row))


def _deadline(row: sqlite3.Row) -> DeadlineRow:
    return from_row(DeadlineRow, _decoded(TABLE["deadlines"], row))


# Writers: plain functions on the connection, run on its thread inside a group's savepoint
# (see `bot.storage.sqlite_commits`).


def _claim(
    db: sqlite3.Connection,
    campaign_id: int,
    expected_seq: int,
    *,
    new_seq: int | None = None,
    expected_status: CampaignStatus | None = None,
    new_status: CampaignStatus | None = None,
) -> None:
    """The optimistic-concurrency check: move the campaign only from where we saw it."""
    sql = "UPDATE campaigns SET seq = ?, status = COALESCE(?, status) WHERE id = ? AND seq = ?"
    params: list[Any] = [
        expected_seq if new_seq is None else new_seq,
        new_status,
        campaign_id,
        expected_seq,
    ]
    if expected_status is not None:
        sql += " AND status = ?"
        params.append(expected_status)
    if db.execute(sql, params).rowcount != 1:
        raise SeqConflict(campaign_id, expected_seq)


def _insert_outbox(
    db: sqlite3.Connection, campaign_id: int, outbox: Sequence[OutboxRecord], at: datetime
) -> None:
    # Each row carries its campaign's guild, so a process claims only its shards' rows.
    db.executemany(
        "INSERT INTO outbox (campaign_id, guild_id, target_kind, target_id, payload,"
        " created_at) VALUES (?, (SELECT guild_id FROM campaigns WHERE id = ?), ?, ?, ?, ?)",
        [
            (
                campaign_id,
                campaign_id,
                item.target_kind,
                item.target_id,
                _json(item.payload),
                _time(at),
            )
            for item in outbox
        ],
    )


def _insert_audit(
    db: sqlite3.Connection, campaign_id: int, record: AuditRecord | None, *, announce: bool = True
) -> None:
    """Record a moderator's act with the announcement the services composed for it."""
    if record is None:
        return
    db.execute(
        "INSERT INTO audit (campaign_id, actor, act, reason, seqs, detail, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            campaign_id,
            record.actor,
            record.act,
            record.reason,
            _json(record.seqs),
            _json(record.detail),
            _time(record.at),
        ),
    )
    if announce and record.announcement is not None:
        _insert_outbox(db, campaign_id, [record.announcement], record.at)


def _insert_campaign(
    db: sqlite3.Connection, new: NewCampaign, status: CampaignStatus, seq: int
) -> int:
    cursor = db.execute(
        "INSERT INTO campaigns (ruleset, ruleset_version, options, data, seed_hex,"
        " seed_commitment, guild_id, channel_id, language, status, creator, created_at,"
        " seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            new.ruleset,
            new.ruleset_version,
            _json(new.options),
            None if new.data is None else _json(new.data),
            new.seed_hex,
            new.seed_commitment,
            new.guild_id,
            new.channel_id,
            new.language,
            status,
            new.creator,
            _time(new.created_at),
            seq,
        ),
    )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def _open_tenure(db: sqlite3.Connection, campaign_id: int, holder: NewHolder) -> None:
    try:
        db.execute(
            "INSERT INTO seats (campaign_id, seat, user_id, display_name, started_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (
                campaign_id,
                holder.seat,
                holder.user_id,
                holder.display_name,
                _time(holder.started_at),
            ),
        )
    except sqlite3.IntegrityError as error:
        raise SeatTaken(holder.seat) from error


def _close_tenure(db: sqlite3.Connection, campaign_id: int, seat: str, at: datetime) -> None:
    db.execute(
        "UPDATE seats SET ended_at = ? WHERE campaign_id = ? AND seat = ? AND ended_at IS NULL",
        (_time(at), campaign_id, seat),
    )


def _insert_action(db: sqlite3.Connection, campaign_id: int, entry: ActionRecord) -> None:
    db.execute(
        "INSERT INTO actions (campaign_id, seq, seat, action, events, rolls, state_hash,"
        " actor, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            campaign_id,
            entry.seq,
            entry.seat,
            _json(entry.action),
            _json(entry.events),
            _json(entry.rolls),
            entry.state_hash,
            entry.actor,
            _time(entry.at),
        ),
    )


def _insert_snapshot(
    db: sqlite3.Connection, campaign_id: int, seq: int, state: dict[str, Any]
) -> None:
    db.execute(
        "INSERT OR REPLACE INTO snapshots (campaign_id, seq, state) VALUES (?, ?, ?)",
        (campaign_id, seq, _json(state)),
    )


def _replace_schedule(
    db: sqlite3.Connection, campaign_id: int, record: dict[str, Any], expected_version: int | None
) -> None:
    if expected_version is None:
        cursor = db.execute(
            "INSERT OR IGNORE INTO campaign_schedule (campaign_id, record, version)"
            " VALUES (?, ?, 1)",
            (campaign_id, _json(record)),
        )
    else:
        cursor = db.execute(
            "UPDATE campaign_schedule SET record = ?, version = version + 1"
            " WHERE campaign_id = ? AND version = ?",
            (_json(record), campaign_id, expected_version),
        )
    if cursor.rowcount != 1:
        raise SeqConflict(campaign_id, -1 if expected_version is None else expected_version)


def _announces(outbox: Sequence[OutboxRecord], *audit: AuditRecord | None) -> bool:
    """Whether a write adds outbox rows (the delivery loop is told after the commit)."""
    return bool(outbox) or any(a is not None and a.announcement is not None for a in audit)


class SqliteStore:
    """The SQLite implementation of `bot.storage.base.Store`. Open with `SqliteStore.open`."""

    backup_suffix = ".sqlite3"

    def __init__(
        self,
        db: aiosqlite.Connection,
        path: str | Path = ":memory:",
        reader: aiosqlite.Connection | None = None,
    ) -> None:
        self._db = db
        # Reads go to their own connection (a file's WAL lets them run beside a write and
        # its flush); an in-memory database has only the one.
        self._reader = reader or db
        self._lock = asyncio.Lock()
        self._commits = GroupCommitter(db, self._lock)
        self.path = Path(path)
        self._outbox_listeners: list[Callable[[], None]] = []

    @classmethod
    async def open(cls, path: str | Path, *, check: Check = "quick") -> SqliteStore:
        """Open (creating if needed) the database at `path` and bring its schema up to date.

        A damaged file (see `bot.storage.integrity`, `check` says how closely it is read)
        raises `DamagedDatabase`; whatever fails, the connections' threads are stopped, so
        that a refused start-up ends the process instead of hanging it."""
        in_memory = str(path) == ":memory:"
        if not in_memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            await asyncio.to_thread(check_database, Path(path), check)
        opened: list[aiosqlite.Connection] = []
        try:
            db = await aiosqlite.connect(str(path), isolation_level=None)
            opened.append(db)
            await cls._prepare(db)
            await migrate(db)
            reader = None
            if not in_memory:
                reader = await aiosqlite.connect(str(path), isolation_level=None)
                opened.append(reader)
                await cls._prepare(reader)
                await (await reader.execute("PRAGMA query_only = ON")).close()
        except sqlite3.DatabaseError as error:
            for connection in opened:
                await connection.close()
            raise damaged(Path(path), error) from error
        except BaseException:
            for connection in opened:
                await connection.close()
            raise
        return cls(db, path, reader)

    @staticmethod
    async def _prepare(db: aiosqlite.Connection) -> None:
        db.row_factory = sqlite3.Row
        for pragma in (
            f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
            "PRAGMA journal_mode = WAL",
            "PRAGMA foreign_keys = ON",
        ):
            # Close each cursor at once: an open one keeps a statement in progress, and the
            # migration's COMMIT would then fail.
            await (await db.execute(pragma)).close()

    async def close(self) -> None:
        if self._reader is not self._db:
            await self._reader.close()
        await self._db.close()

    # Plumbing ------------------------------------------------------------------------

    def add_outbox_listener(self, listener: Callable[[], None]) -> None:
        self._outbox_listeners.append(listener)

    async def _write(
        self, work: Callable[[sqlite3.Connection], Result], *, announces: bool = False
    ) -> Result:
        """`work` committed in one transaction (shared with whatever else is waiting);
        the delivery loop is told when it `announces` new outbox rows."""
        result = await self._commits.run(work)
        if announces:
            for listener in self._outbox_listeners:
                listener()
        return result

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A transaction over several awaits, for bulk copies (`row_writer`) only."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                raise

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        if any(isinstance(value, int) and value not in _SQLITE_INTEGERS for value in params):
            # A number SQLite cannot store (a forged id) matches no row; sqlite3 would raise.
            return []
        if self._reader is self._db:
            async with self._lock:  # not inside another coroutine's transaction
                return list(await self._db.execute_fetchall(sql, params))
        # One trip to the reader's thread (not three: execute, fetch, close); it waits for
        # no write, and sees every write committed before it began.
        return list(await self._reader.execute_fetchall(sql, params))

    # Campaigns -----------------------------------------------------------------------

    async def create_campaign(
        self, new: NewCampaign, outbox: Sequence[OutboxRecord] = ()
    ) -> CampaignRow:
        def work(db: sqlite3.Connection) -> int:
            campaign_id = _insert_campaign(db, new, "lobby", LOBBY_SEQ)
            _insert_outbox(db, campaign_id, outbox, new.created_at)
            return campaign_id

        campaign_id = await self._write(work, announces=_announces(outbox))
        created = await self.get_campaign(campaign_id)
        assert created is not None
        return created

    async def import_campaign(
        self,
        new: NewCampaign,
        *,
        status: CampaignStatus,
        tenures: Sequence[TenureRecord],
        entries: Sequence[ActionRecord],
        audit: Sequence[AuditRecord],
        snapshots: dict[int, dict[str, Any]],
        outbox: Sequence[OutboxRecord] = (),
    ) -> CampaignRow:
        seq = entries[-1].seq if entries else LOBBY_SEQ

        def work(db: sqlite3.Connection) -> int:
            campaign_id = _insert_campaign(db, new, status, seq)
            db.executemany(
                "INSERT INTO seats (campaign_id, seat, user_id, display_name, started_at,"
                " ended_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        campaign_id,
                        tenure.seat,
                        tenure.user_id,
                        tenure.display_name,
                        _time(tenure.started_at),
                        None if tenure.ended_at is None else _time(tenure.ended_at),
                    )
                    for tenure in tenures
                ],
            )
            for entry in entries:
                _insert_action(db, campaign_id, entry)
            for snapshot_seq, state in snapshots.items():
                _insert_snapshot(db, campaign_id, snapshot_seq, state)
            # The copied trail was announced where it happened; only the newest record
            # (the import itself) is announced here.
            for number, record in enumerate(audit, start=1):
                _insert_audit(db, campaign_id, record, announce=number == len(audit))
            _insert_outbox(db, campaign_id, outbox, new.created_at)
            return campaign_id

        campaign_id = await self._write(work, announces=_announces(outbox, *audit[-1:]))
        imported = await self.get_campaign(campaign_id)
        assert imported is not None
        return imported

    async def get_campaign(self, campaign_id: int) -> CampaignRow | None:
        rows = await self._rows("SELECT * FROM campaigns WHERE id = ?", (campaign_id,))
        return _campaign(rows[0]) if rows else None

    async def list_campaigns(self, guild_id: int | None) -> list[CampaignRow]:
        if guild_id is None:
            return await self.all_campaigns()
        rows = await self._rows(
            "SELECT * FROM campaigns WHERE guild_id = ? ORDER BY id", (guild_id,)
        )
        return [_campaign(row) for row in rows]

    async def all_campaigns(self) -> list[CampaignRow]:
        return [_campaign(row) for row in await self._rows("SELECT * FROM campaigns ORDER BY id")]

    async def campaign_for_channel(self, channel_id: int) -> CampaignRow | None:
        rows = await self._rows(
            "SELECT * FROM campaigns WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return _campaign(rows[0]) if rows else None

    async def set_status(
        self,
        campaign_id: int,
        status: CampaignStatus,
        *,
        expected_seq: int,
        expected_status: CampaignStatus,
        audit: AuditRecord,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        def work(db: sqlite3.Connection) -> None:
            _claim(
                db, campaign_id, expected_seq, expected_status=expected_status, new_status=status
            )
            _insert_audit(db, campaign_id, audit)
            _insert_outbox(db, campaign_id, outbox, audit.at)

        await self._write(work, announces=_announces(outbox, audit))

    async def set_data(
        self, campaign_id: int, data: dict[str, Any] | None, *, audit: AuditRecord
    ) -> None:
        def work(db: sqlite3.Connection) -> None:
            _claim(db, campaign_id, LOBBY_SEQ, expected_status="lobby")
            db.execute(
                "UPDATE campaigns SET data = ? WHERE id = ?",
                (None if data is None else _json(data), campaign_id),
            )
            _insert_audit(db, campaign_id, audit)

        await self._write(work, announces=_announces((), audit))

    async def set_maps(self, campaign_id: int, maps: str, *, audit: AuditRecord) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute("UPDATE campaigns SET maps = ? WHERE id = ?", (maps, campaign_id))
            _insert_audit(db, campaign_id, audit)

        await self._write(work, announces=_announces((), audit))

    # Seats ---------------------------------------------------------------------------

    async def current_holders(self, campaign_id: int) -> list[TenureRow]:
        rows = await self._rows(
            "SELECT * FROM seats WHERE campaign_id = ? AND ended_at IS NULL ORDER BY id",
            (campaign_id,),
        )
        return [_tenure(row) for row in rows]

    async def tenures(self, campaign_id: int) -> list[TenureRow]:
        rows = await self._rows(
            "SELECT * FROM seats WHERE campaign_id = ? ORDER BY id", (campaign_id,)
        )
        return [_tenure(row) for row in rows]

    async def take_seat(self, campaign_id: int, holder: NewHolder, *, expected_seq: int) -> None:
        def work(db: sqlite3.Connection) -> None:
            _claim(db, campaign_id, expected_seq)
            _open_tenure(db, campaign_id, holder)

        await self._write(work)

    async def release_seat(
        self,
        campaign_id: int,
        seat: str,
        at: datetime,
        *,
        expected_seq: int,
        audit: AuditRecord | None = None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        def work(db: sqlite3.Connection) -> None:
            _claim(db, campaign_id, expected_seq)
            _close_tenure(db, campaign_id, seat, at)
            _insert_audit(db, campaign_id, audit)
            _insert_outbox(db, campaign_id, outbox, at)

        await self._write(work, announces=_announces(outbox, audit))

    async def replace_holder(
        self,
        campaign_id: int,
        holder: NewHolder,
        *,
        expected_seq: int,
        audit: AuditRecord | None = None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        def work(db: sqlite3.Connection) -> None:
            _claim(db, campaign_id, expected_seq)
            _close_tenure(db, campaign_id, holder.seat, holder.started_at)
            _open_tenure(db, campaign_id, holder)
            _insert_audit(db, campaign_id, audit)
            _insert_outbox(db, campaign_id, outbox, holder.started_at)

        await self._write(work, announces=_announces(outbox, audit))

    # The action log ------------------------------------------------------------------

    async def append_action(
        self,
        campaign_id: int,
        entry: ActionRecord,
        *,
        expected_status: CampaignStatus,
        new_status: CampaignStatus | None = None,
        outbox: Sequence[OutboxRecord] = (),
        snapshot: dict[str, Any] | None = None,
        audit: AuditRecord | None = None,
    ) -> None:
        def work(db: sqlite3.Connection) -> None:
            _claim(
                db,
                campaign_id,
                entry.seq - 1,
                new_seq=entry.seq,
                expected_status=expected_status,
                new_status=new_status,
            )
            _insert_action(db, campaign_id, entry)
            _insert_outbox(db, campaign_id, outbox, entry.at)
            if snapshot is not None:
                _insert_snapshot(db, campaign_id, entry.seq, snapshot)
            _insert_audit(db, campaign_id, audit)

        await self._write(work, announces=_announces(outbox, audit))

    async def actions(
        self, campaign_id: int, *, after_seq: int = LOBBY_SEQ, upto_seq: int | None = None
    ) -> list[ActionRecord]:
        upper = upto_seq if upto_seq is not None else 2**62
        rows = await self._rows(
            "SELECT * FROM actions WHERE campaign_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (campaign_id, after_seq, upper),
        )
        return [_action(row) for row in rows]

    async def recent_actions(
        self, campaign_id: int, *, limit: int, before_seq: int | None = None
    ) -> list[ActionRecord]:
        upper = before_seq if before_seq is not None else 2**62
        rows = await self._rows(
            "SELECT * FROM actions WHERE campaign_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?",
            (campaign_id, upper, limit),
        )
        return [_action(row) for row in reversed(rows)]

    async def truncate_log(
        self,
        campaign_id: int,
        to_seq: int,
        *,
        expected_seq: int,
        audit: AuditRecord,
        new_status: CampaignStatus | None = None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        def work(db: sqlite3.Connection) -> None:
            _claim(db, campaign_id, expected_seq, new_seq=to_seq, new_status=new_status)
            db.execute(
                "DELETE FROM actions WHERE campaign_id = ? AND seq > ?", (campaign_id, to_seq)
            )
            db.execute(
                "DELETE FROM snapshots WHERE campaign_id = ? AND seq > ?", (campaign_id, to_seq)
            )
            _insert_audit(db, campaign_id, audit)
            _insert_outbox(db, campaign_id, outbox, audit.at)

        await self._write(work, announces=_announces(outbox, audit))

    async def replace_log_after(
        self,
        campaign_id: int,
        after_seq: int,
        entries: Sequence[ActionRecord],
        *,
        expected_seq: int,
        audit: AuditRecord,
        new_status: CampaignStatus | None = None,
        outbox: Sequence[OutboxRecord] = (),
        snapshots: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        numbers = [entry.seq for entry in entries]
        if numbers != list(range(after_seq + 1, after_seq + 1 + len(entries))):
            raise ValueError(f"entries must be numbered from {after_seq + 1}: {numbers}")
        new_seq = numbers[-1] if numbers else after_seq

        def work(db: sqlite3.Connection) -> None:
            _claim(db, campaign_id, expected_seq, new_seq=new_seq, new_status=new_status)
            db.execute(
                "DELETE FROM actions WHERE campaign_id = ? AND seq > ?", (campaign_id, after_seq)
            )
            db.execute(
                "DELETE FROM snapshots WHERE campaign_id = ? AND seq > ?",
                (campaign_id, after_seq),
            )
            for entry in entries:
                _insert_action(db, campaign_id, entry)
            for snapshot_seq, state in (snapshots or {}).items():
                _insert_snapshot(db, campaign_id, snapshot_seq, state)
            _insert_audit(db, campaign_id, audit)
            _insert_outbox(db, campaign_id, outbox, audit.at)

        await self._write(work, announces=_announces(outbox, audit))

    async def latest_snapshot(self, campaign_id: int, upto_seq: int) -> SnapshotRow | None:
        rows = await self._rows(
            "SELECT seq, state FROM snapshots WHERE campaign_id = ? AND seq <= ?"
            " ORDER BY seq DESC LIMIT 1",
            (campaign_id, upto_seq),
        )
        if not rows:
            return None
        return SnapshotRow(seq=rows[0]["seq"], state=json.loads(rows[0]["state"]))

    # Audit and outbox ----------------------------------------------------------------

    async def add_audit(self, campaign_id: int, record: AuditRecord) -> None:
        await self._write(
            lambda db: _insert_audit(db, campaign_id, record), announces=_announces((), record)
        )

    async def audit_log(self, campaign_id: int) -> list[AuditRow]:
        rows = await self._rows(
            "SELECT * FROM audit WHERE campaign_id = ? ORDER BY id", (campaign_id,)
        )
        return [_audit(row) for row in rows]

    async def pending_outbox(
        self,
        limit: int,
        *,
        due_by: datetime | None = None,
        targets: Sequence[TargetKind] = ("channel", "dm"),
        campaign_id: int | None = None,
        shards: ShardSet | None = None,
    ) -> list[OutboxRow]:
        sql = "SELECT * FROM outbox WHERE delivered_at IS NULL AND given_up_at IS NULL"
        params: list[Any] = []
        sql += f" AND target_kind IN ({', '.join('?' for _ in targets)})"
        params += list(targets)
        if due_by is not None:
            sql += " AND (next_attempt_at IS NULL OR next_attempt_at <= ?)"
            params.append(_time(due_by))
        if campaign_id is not None:
            sql += " AND campaign_id = ?"
            params.append(campaign_id)
        if shards is not None:
            sql += (
                " AND (CASE WHEN target_kind = 'dm' OR guild_id IS NULL THEN ?"
                f" ELSE (guild_id >> 22) % ? END) IN ({', '.join('?' for _ in shards.ids)})"
            )
            params += [DM_SHARD, shards.count, *sorted(shards.ids)]
        rows = await self._rows(sql + " ORDER BY id LIMIT ?", (*params, limit))
        return [_outbox(row) for row in rows]

    async def outbox_row(self, outbox_id: int) -> OutboxRow | None:
        rows = await self._rows("SELECT * FROM outbox WHERE id = ?", (outbox_id,))
        return _outbox(rows[0]) if rows else None

    async def outbox_after(self, campaign_id: int, outbox_id: int) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE campaign_id = ? AND id > ? ORDER BY id",
            (campaign_id, outbox_id),
        )
        return [_outbox(row) for row in rows]

    async def add_outbox(
        self, campaign_id: int, outbox: Sequence[OutboxRecord], at: datetime
    ) -> None:
        await self._write(
            lambda db: _insert_outbox(db, campaign_id, outbox, at), announces=_announces(outbox)
        )

    async def dead_letters(self, campaign_id: int | None = None) -> list[OutboxRow]:
        sql = "SELECT * FROM outbox WHERE given_up_at IS NOT NULL AND delivered_at IS NULL"
        params: tuple[Any, ...] = ()
        if campaign_id is not None:
            sql += " AND campaign_id = ?"
            params = (campaign_id,)
        return [_outbox(row) for row in await self._rows(sql + " ORDER BY id", params)]

    async def campaign_outbox(self, campaign_id: int) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE campaign_id = ? ORDER BY id", (campaign_id,)
        )
        return [_outbox(row) for row in rows]

    async def count_outbox(self, campaign_id: int) -> int:
        rows = await self._rows(
            "SELECT COUNT(*) AS n FROM outbox WHERE campaign_id = ?", (campaign_id,)
        )
        return cast(int, rows[0]["n"])

    async def mark_delivered(self, outbox_id: int, at: datetime) -> None:
        await self._write(
            lambda db: db.execute(
                "UPDATE outbox SET delivered_at = ?, attempts = attempts + 1 WHERE id = ?",
                (_time(at), outbox_id),
            )
        )

    async def mark_failed(
        self,
        outbox_id: int,
        error: str,
        *,
        retry_at: datetime | None = None,
        given_up_at: datetime | None = None,
        held: bool = False,
    ) -> None:
        await self._write(
            lambda db: db.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?,"
                " given_up_at = ?, held = ? WHERE id = ?",
                (
                    error[:1000],
                    None if retry_at is None else _time(retry_at),
                    None if given_up_at is None else _time(given_up_at),
                    int(held),
                    outbox_id,
                ),
            )
        )

    async def held_outbox(self, user_id: str) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE held = 1 AND target_id = ? AND target_kind = 'dm'"
            " AND delivered_at IS NULL AND given_up_at IS NULL ORDER BY id",
            (user_id,),
        )
        return [_outbox(row) for row in rows]

    # Prompt messages ------------------------------------------------------------------

    async def record_prompt_post(
        self,
        campaign_id: int,
        *,
        outbox_id: int,
        position: int,
        channel_id: str,
        message_id: str,
        content: str,
        seat: str = "",
        number: int = 0,
        fingerprint: str = "",
    ) -> None:
        await self._write(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO prompt_posts (campaign_id, outbox_id, position,"
                " channel_id, message_id, content, seat, number, fingerprint)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    campaign_id,
                    outbox_id,
                    position,
                    channel_id,
                    message_id,
                    content,
                    seat,
                    number,
                    fingerprint,
                ),
            )
        )

    async def prompt_posts(
        self, campaign_id: int, *, outbox_id: int | None = None, open_only: bool = False
    ) -> list[PromptPostRow]:
        sql = "SELECT * FROM prompt_posts WHERE campaign_id = ?"
        params: list[Any] = [campaign_id]
        if outbox_id is not None:
            sql += " AND outbox_id = ?"
            params.append(outbox_id)
        if open_only:
            sql += " AND closed_at IS NULL"
        rows = await self._rows(sql + " ORDER BY outbox_id, position", params)
        return [_prompt_post(row) for row in rows]

    async def close_prompt_post(self, post_id: int, at: datetime) -> None:
        await self._write(
            lambda db: db.execute(
                "UPDATE prompt_posts SET closed_at = ? WHERE id = ?", (_time(at), post_id)
            )
        )

    # Deadlines and the schedule record --------------------------------------------------

    async def deadlines(self, campaign_id: int, *, pending_only: bool = True) -> list[DeadlineRow]:
        sql = "SELECT * FROM deadlines WHERE campaign_id = ?"
        if pending_only:
            sql += " AND state = 'pending'"
        rows = await self._rows(sql + " ORDER BY id", (campaign_id,))
        return [_deadline(row) for row in rows]

    async def load_schedule(self, campaign_id: int) -> ScheduleRow | None:
        rows = await self._rows(
            "SELECT * FROM campaign_schedule WHERE campaign_id = ?", (campaign_id,)
        )
        if not rows:
            return None
        return ScheduleRow(campaign_id, json.loads(rows[0]["record"]), rows[0]["version"])

    async def save_schedule(
        self,
        campaign_id: int,
        at: datetime,
        *,
        record: dict[str, Any] | None = None,
        expected_version: int | None = None,
        new_deadlines: Sequence[NewDeadline] = (),
        changed_deadlines: Sequence[DeadlineRow] = (),
        outbox: Sequence[OutboxRecord] = (),
        audit: AuditRecord | None = None,
    ) -> None:
        def work(db: sqlite3.Connection) -> None:
            if record is not None:
                _replace_schedule(db, campaign_id, record, expected_version)
            db.executemany(
                "INSERT INTO deadlines (campaign_id, seat, kind, urgency, phase, user_id,"
                " armed_seq, armed_at, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        campaign_id,
                        new.seat,
                        new.kind,
                        new.urgency,
                        new.phase,
                        new.user_id,
                        new.armed_seq,
                        _time(new.armed_at),
                        _time(new.due_at),
                    )
                    for new in new_deadlines
                ],
            )
            db.executemany(
                "UPDATE deadlines SET due_at = ?, state = ?, reminders_sent = ?,"
                " overdue_noticed = ?, closed_at = ? WHERE id = ? AND campaign_id = ?",
                [
                    (
                        _time(row.due_at),
                        row.state,
                        row.reminders_sent,
                        int(row.overdue_noticed),
                        None if row.closed_at is None else _time(row.closed_at),
                        row.id,
                        campaign_id,
                    )
                    for row in changed_deadlines
                ],
            )
            _insert_outbox(db, campaign_id, outbox, at)
            _insert_audit(db, campaign_id, audit)

        await self._write(work, announces=_announces(outbox, audit))

    # When the scheduler looks next ------------------------------------------------------
    # The rows are kept by the triggers of migration 0003: see its comment.

    async def due_campaigns(self, now: datetime, *, after_id: int, limit: int) -> list[WakeRow]:
        rows = await self._rows(
            "SELECT campaign_id, changes FROM campaign_wake WHERE wake_at <= ?"
            " AND campaign_id > ? ORDER BY campaign_id LIMIT ?",
            (_wake_time(now), after_id, limit),
        )
        return [WakeRow(row["campaign_id"], row["changes"]) for row in rows]

    async def wake_changes(self, campaign_id: int) -> int | None:
        rows = await self._rows(
            "SELECT changes FROM campaign_wake WHERE campaign_id = ?", (campaign_id,)
        )
        return cast(int, rows[0]["changes"]) if rows else None

    async def set_wake(
        self, campaign_id: int, at: datetime | None, *, expected_changes: int
    ) -> bool:
        if campaign_id not in _SQLITE_INTEGERS:
            return False
        # Committed with whatever else waits (often the next campaign's step).
        updated: int = await self._write(
            lambda db: (
                db.execute(
                    "UPDATE campaign_wake SET wake_at = ? WHERE campaign_id = ? AND changes = ?",
                    (None if at is None else _wake_time(at), campaign_id, expected_changes),
                ).rowcount
            )
        )
        return updated == 1

    async def lead_scheduler(self) -> bool:
        # A SQLite file has one bot process: it always runs the scheduler.
        return True

    # Whole tables, for copying a database (bot.storage.copying) ---------------------

    async def table_names(self) -> set[str]:
        rows = await self._rows("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row["name"] for row in rows}

    async def table_columns(self, table: str) -> list[str]:
        return [row["name"] for row in await self._rows(f"PRAGMA table_info({table})")]

    async def read_rows(self, table: Table, after: Sequence[Any] | None, limit: int) -> list[Row]:
        key = ", ".join(table.key)
        sql = f"SELECT {', '.join(table.columns)} FROM {table.name}"
        if after is not None:
            sql += f" WHERE ({key}) > ({', '.join('?' for _ in table.key)})"
        rows = await self._rows(f"{sql} ORDER BY {key} LIMIT ?", (*(after or ()), limit))
        return [_decoded(table, row) for row in rows]

    @asynccontextmanager
    async def row_writer(self) -> AsyncIterator[_RowWriter]:
        async with self._transaction() as db:
            yield _RowWriter(db)

    # Backups -------------------------------------------------------------------------

    def default_backup_directory(self) -> Path:
        """`backups/` beside the database file (data/backups/ with the default settings)."""
        return backup_directory_for(self.path)

    async def backup_to(self, target: Path) -> None:
        """Copy the live database into `target` with SQLite's online backup API: a
        consistent copy page by page, while the bot keeps reading and writing."""
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        copy = await aiosqlite.connect(str(partial))
        try:
            async with self._lock:
                await self._db.backup(copy)
        finally:
            await copy.close()
        # Renamed only once complete, so a file under its final name is always whole.
        partial.replace(target)


# Let mypy check that the implementation keeps up with the interface.
_IMPLEMENTS_STORE: type[Store] = SqliteStore
_IMPLEMENTS_BACKUP: type[BackupStore] = SqliteStore
_IMPLEMENTS_COPY: type[CopyableStore] = SqliteStore
