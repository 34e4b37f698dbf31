"""`PostgresStore`: the `Store` interface on a PostgreSQL database through asyncpg.

Several bot processes (and the console) can share one database. Each method is one
transaction on a connection of the pool; the optimistic `seq` check is the same
conditional UPDATE as on SQLite, and PostgreSQL's row lock makes the second of two
concurrent writers wait for the first and then find the campaign moved on (`SeqConflict`).
JSON values are jsonb and times timestamptz; the schema has its own numbered migrations
(`postgres_migrations/`). Backups are `pg_dump` files.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import shutil
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

import asyncpg

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
    StoreError,
    TargetKind,
    TenureRecord,
    TenureRow,
    WakeRow,
)
from bot.storage.copying import CopyableStore, Row, Table
from bot.storage.migrate import available_migrations
from bot.storage.records import from_row

MIGRATIONS_DIR = Path(__file__).resolve().parent / "postgres_migrations"
URL_SCHEMES = ("postgresql://", "postgres://")
_BIGINTS = range(-(2**63), 2**63)
_MIGRATION_LOCK = 0x436F7572  # any fixed number: the advisory lock held while migrating
SCHEDULER_LOCK = 0x436F7573
"""The advisory lock the process running the deadline scheduler holds (a session lock on a
connection of its own: it goes when that process closes its store or dies)."""
OUTBOX_CHANNEL = "courier_outbox"
"""NOTIFY channel: a committed transaction wrote outbox rows (any process may deliver them)."""
POOL_SIZE = 10
# Pauses between tries to listen again while the server is away, in seconds.
LISTEN_RETRY_FIRST = 0.5
LISTEN_RETRY_MOST = 30.0


def is_postgres_url(database: str | Path) -> bool:
    """Whether a `COURIER_DATABASE` value names a PostgreSQL database (else a SQLite file)."""
    return isinstance(database, str) and database.startswith(URL_SCHEMES)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _sorted_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # jsonb keeps keys in its own order (shortest first); give them back sorted, as the
    # SQLite store does, so that nothing iterating over a dict sees another order.
    return dict(sorted(pairs))


def _load_json(text: str) -> Any:
    return json.loads(text, object_pairs_hook=_sorted_object)


async def _keep_session(connection: asyncpg.Connection) -> None:
    """What a pooled connection needs when handed back: nothing. asyncpg rolls back a
    transaction left open itself; its default reset (unlock advisory locks, close cursors,
    unlisten, reset settings: a round trip per release, a third of an order's time) undoes
    session state this store never sets on a pooled connection (its session lock and its
    listener have connections of their own)."""


async def _set_codecs(connection: asyncpg.Connection) -> None:
    for kind in ("jsonb", "json"):
        await connection.set_type_codec(
            kind, encoder=_json, decoder=_load_json, schema="pg_catalog"
        )


def _affected(status: str) -> int:
    """The row count of a command status such as 'UPDATE 1' or 'INSERT 0 1'."""
    return int(status.rsplit(" ", 1)[-1])


def _campaign(row: asyncpg.Record) -> CampaignRow:
    return from_row(CampaignRow, row)


def _tenure(row: asyncpg.Record) -> TenureRow:
    return from_row(TenureRow, row)


def _action(row: asyncpg.Record) -> ActionRecord:
    return from_row(ActionRecord, row)


def _outbox(row: asyncpg.Record) -> OutboxRow:
    return from_row(OutboxRow, row)


def _prompt_post(row: asyncpg.Record) -> PromptPostRow:
    return from_row(PromptPostRow, row)


def _audit(row: asyncpg.Record) -> AuditRow:
    return from_row(AuditRow, row)


def _deadline(row: asyncpg.Record) -> DeadlineRow:
    return from_row(DeadlineRow, row)


async def migrate(connection: asyncpg.Connection, folder: Path = MIGRATIONS_DIR) -> list[int]:
    """Apply every migration newer than the database, all with their version records in one
    transaction (PostgreSQL's DDL is transactional: a failure leaves the schema as it was),
    under an advisory lock, so that two processes starting together take turns."""
    applied = []
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_version"
            " (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        current = await connection.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        for migration in available_migrations(folder):
            if migration.number <= current:
                continue
            await connection.execute(migration.path.read_text(encoding="utf-8"))
            await connection.execute(
                "INSERT INTO schema_version (version) VALUES ($1)", migration.number
            )
            applied.append(migration.number)
    return applied


def pg_dump_program() -> str | None:
    """pg_dump from the PATH, else from the newest Debian-style PostgreSQL install."""
    found = shutil.which("pg_dump")
    if found:
        return found
    installed = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_dump"))
    return installed[-1] if installed else None


class _RowWriter:
    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection
        self._identities: set[str] = set()

    async def write(self, table: Table, rows: Sequence[Row]) -> None:
        if table.has_identity:
            self._identities.add(table.name)
        if not rows:
            return
        marks = ", ".join(f"${number}" for number in range(1, len(table.columns) + 1))
        await self._connection.executemany(
            f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES ({marks})",
            [tuple(row[column] for column in table.columns) for row in rows],
        )

    async def finish(self) -> None:
        """Move each id counter past the ids written, so new rows get new ids."""
        for name in sorted(self._identities):
            await self._connection.execute(
                f"SELECT setval(pg_get_serial_sequence('{name}', 'id'),"
                f" COALESCE((SELECT MAX(id) FROM {name}), 0) + 1, false)"
            )


def without_password(url: str) -> tuple[str, str | None]:
    """The URL with its password taken out, and the password: a child process gets the
    password through PGPASSWORD, never on its command line, where any local user sees it."""
    parts = urlsplit(url)
    if parts.password is None:
        return url, None
    user = parts.username or ""
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{user}@{host}")), unquote(parts.password)


@dataclass
class _Transaction:
    connection: asyncpg.Connection
    wrote_outbox: bool = False


class PostgresStore:
    """The PostgreSQL implementation of `bot.storage.base.Store`. Open with `PostgresStore.open`."""

    backup_suffix = ".dump"

    def __init__(self, pool: asyncpg.Pool, url: str, backup_directory: Path) -> None:
        self._pool = pool
        self.url = url
        self._backup_directory = backup_directory
        self._outbox_listeners: list[Callable[[], None]] = []
        self._listening: asyncio.Task[None] | None = None
        self._listener_connection: asyncpg.Connection | None = None
        self._sender = os.urandom(8).hex()  # tells our own notifications from the others'
        self._leader: asyncpg.Connection | None = None
        self._leading = False
        self._leadership = asyncio.Lock()

    @classmethod
    async def open(
        cls, url: str, *, backup_directory: Path = Path("data/backups")
    ) -> PostgresStore:
        """Connect to the database at `url` and bring its schema up to date."""
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=POOL_SIZE, init=_set_codecs, reset=_keep_session
        )
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url, backup_directory)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(BaseException):
                await self._listening
        if self._listener_connection is not None:
            with contextlib.suppress(BaseException):
                await self._listener_connection.close()
        await self._let_go_of_the_lead()
        await self._pool.close()

    # Plumbing ------------------------------------------------------------------------

    def add_outbox_listener(self, listener: Callable[[], None]) -> None:
        """Call `listener` after this process's transactions that wrote outbox rows, and
        when another process's did (PostgreSQL's NOTIFY, on a connection of its own)."""
        self._outbox_listeners.append(listener)
        if self._listening is None:
            with contextlib.suppress(RuntimeError):  # no loop (a script): no cross-process wake
                self._listening = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        """Hold a listening connection for as long as the store is open: when the server
        ends it (a restart, a failover, an administrator's terminate), connect again, with
        a growing pause while the server is away."""
        pause = LISTEN_RETRY_FIRST
        heard_before = False
        while True:
            lost = asyncio.Event()
            try:
                connection = await self._connect_listener(lost)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
                await asyncio.sleep(pause)
                pause = min(pause * 2, LISTEN_RETRY_MOST)
                continue
            self._listener_connection = connection
            if heard_before:
                self._wake()  # rows queued while we were deaf: look once, now
            heard_before, pause = True, LISTEN_RETRY_FIRST
            await lost.wait()
            self._listener_connection = None

    async def _connect_listener(self, lost: asyncio.Event) -> asyncpg.Connection:
        connection = await asyncpg.connect(self.url)
        try:
            connection.add_termination_listener(lambda _connection: lost.set())
            await connection.add_listener(OUTBOX_CHANNEL, self._notified)
        except BaseException:
            connection.terminate()
            raise
        return connection

    def _wake(self) -> None:
        for listener in self._outbox_listeners:
            listener()

    def _notified(self, connection: object, pid: int, channel: str, sender: str) -> None:
        if sender == self._sender:
            return  # our own transaction: its listeners were called after its commit
        self._wake()

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[_Transaction]:
        async with self._pool.acquire() as connection:
            transaction = _Transaction(connection)
            async with connection.transaction():
                yield transaction
        if transaction.wrote_outbox:
            self._wake()

    async def _rows(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        if any(isinstance(value, int) and value not in _BIGINTS for value in params):
            # A number no BIGINT holds (a forged id) matches no row; asyncpg would raise.
            return []
        async with self._pool.acquire() as connection:
            return list(await connection.fetch(sql, *params))

    async def _claim(
        self,
        tx: _Transaction,
        campaign_id: int,
        expected_seq: int,
        *,
        new_seq: int | None = None,
        expected_status: CampaignStatus | None = None,
        new_status: CampaignStatus | None = None,
    ) -> None:
        """The optimistic-concurrency check: move the campaign only from where we saw it."""
        if campaign_id not in _BIGINTS or expected_seq not in _BIGINTS:
            raise SeqConflict(campaign_id, expected_seq)
        status = await tx.connection.execute(
            "UPDATE campaigns SET seq = $1, status = COALESCE($2, status)"
            " WHERE id = $3 AND seq = $4 AND ($5::text IS NULL OR status = $5)",
            expected_seq if new_seq is None else new_seq,
            new_status,
            campaign_id,
            expected_seq,
            expected_status,
        )
        if _affected(status) != 1:
            raise SeqConflict(campaign_id, expected_seq)

    async def _write_outbox(
        self, tx: _Transaction, campaign_id: int, outbox: Sequence[OutboxRecord], at: datetime
    ) -> None:
        if not outbox:
            return
        if not tx.wrote_outbox:
            await tx.connection.execute("SELECT pg_notify($1, $2)", OUTBOX_CHANNEL, self._sender)
        tx.wrote_outbox = True
        await tx.connection.executemany(
            "INSERT INTO outbox (campaign_id, guild_id, target_kind, target_id, payload,"
            " created_at) VALUES ($1, (SELECT guild_id FROM campaigns WHERE id = $1),"
            " $2, $3, $4, $5)",
            [(campaign_id, item.target_kind, item.target_id, item.payload, at) for item in outbox],
        )

    async def _write_audit(
        self,
        tx: _Transaction,
        campaign_id: int,
        record: AuditRecord | None,
        *,
        announce: bool = True,
    ) -> None:
        """Record a moderator's act with the announcement the services composed for it."""
        if record is None:
            return
        await tx.connection.execute(
            "INSERT INTO audit (campaign_id, actor, act, reason, seqs, detail, at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7)",
            campaign_id,
            record.actor,
            record.act,
            record.reason,
            record.seqs,
            record.detail,
            record.at,
        )
        if announce and record.announcement is not None:
            await self._write_outbox(tx, campaign_id, [record.announcement], record.at)

    # Campaigns -----------------------------------------------------------------------

    async def create_campaign(
        self, new: NewCampaign, outbox: Sequence[OutboxRecord] = ()
    ) -> CampaignRow:
        async with self._transaction() as tx:
            campaign_id = await self._insert_campaign(tx, new, "lobby", LOBBY_SEQ)
            await self._write_outbox(tx, campaign_id, outbox, new.created_at)
        created = await self.get_campaign(campaign_id)
        assert created is not None
        return created

    async def _insert_campaign(
        self, tx: _Transaction, new: NewCampaign, status: CampaignStatus, seq: int
    ) -> int:
        campaign_id: int = await tx.connection.fetchval(
            "INSERT INTO campaigns (ruleset, ruleset_version, options, data, seed_hex,"
            " seed_commitment, guild_id, channel_id, language, status, creator, created_at,"
            " seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
            " RETURNING id",
            new.ruleset,
            new.ruleset_version,
            new.options,
            new.data,
            new.seed_hex,
            new.seed_commitment,
            new.guild_id,
            new.channel_id,
            new.language,
            status,
            new.creator,
            new.created_at,
            seq,
        )
        return campaign_id

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
        async with self._transaction() as tx:
            campaign_id = await self._insert_campaign(tx, new, status, seq)
            if tenures:
                await tx.connection.executemany(
                    "INSERT INTO seats (campaign_id, seat, user_id, display_name, started_at,"
                    " ended_at) VALUES ($1, $2, $3, $4, $5, $6)",
                    [
                        (
                            campaign_id,
                            tenure.seat,
                            tenure.user_id,
                            tenure.display_name,
                            tenure.started_at,
                            tenure.ended_at,
                        )
                        for tenure in tenures
                    ],
                )
            await self._write_actions(tx, campaign_id, entries)
            await self._write_snapshots(tx, campaign_id, snapshots)
            # The copied trail was announced where it happened; only the newest record
            # (the import itself) is announced here.
            for number, record in enumerate(audit, start=1):
                await self._write_audit(tx, campaign_id, record, announce=number == len(audit))
            await self._write_outbox(tx, campaign_id, outbox, new.created_at)
        imported = await self.get_campaign(campaign_id)
        assert imported is not None
        return imported

    async def get_campaign(self, campaign_id: int) -> CampaignRow | None:
        rows = await self._rows("SELECT * FROM campaigns WHERE id = $1", campaign_id)
        return _campaign(rows[0]) if rows else None

    async def list_campaigns(self, guild_id: int | None) -> list[CampaignRow]:
        if guild_id is None:
            return await self.all_campaigns()
        rows = await self._rows("SELECT * FROM campaigns WHERE guild_id = $1 ORDER BY id", guild_id)
        return [_campaign(row) for row in rows]

    async def all_campaigns(self) -> list[CampaignRow]:
        return [_campaign(row) for row in await self._rows("SELECT * FROM campaigns ORDER BY id")]

    async def campaign_for_channel(self, channel_id: int) -> CampaignRow | None:
        rows = await self._rows(
            "SELECT * FROM campaigns WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
            channel_id,
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
        async with self._transaction() as tx:
            await self._claim(
                tx, campaign_id, expected_seq, expected_status=expected_status, new_status=status
            )
            await self._write_audit(tx, campaign_id, audit)
            await self._write_outbox(tx, campaign_id, outbox, audit.at)

    async def set_data(
        self, campaign_id: int, data: dict[str, Any] | None, *, audit: AuditRecord
    ) -> None:
        async with self._transaction() as tx:
            await self._claim(tx, campaign_id, LOBBY_SEQ, expected_status="lobby")
            await tx.connection.execute(
                "UPDATE campaigns SET data = $1 WHERE id = $2", data, campaign_id
            )
            await self._write_audit(tx, campaign_id, audit)

    async def set_maps(self, campaign_id: int, maps: str, *, audit: AuditRecord) -> None:
        async with self._transaction() as tx:
            await tx.connection.execute(
                "UPDATE campaigns SET maps = $1 WHERE id = $2", maps, campaign_id
            )
            await self._write_audit(tx, campaign_id, audit)

    # Seats ---------------------------------------------------------------------------

    async def current_holders(self, campaign_id: int) -> list[TenureRow]:
        rows = await self._rows(
            "SELECT * FROM seats WHERE campaign_id = $1 AND ended_at IS NULL ORDER BY id",
            campaign_id,
        )
        return [_tenure(row) for row in rows]

    async def tenures(self, campaign_id: int) -> list[TenureRow]:
        rows = await self._rows(
            "SELECT * FROM seats WHERE campaign_id = $1 ORDER BY id", campaign_id
        )
        return [_tenure(row) for row in rows]

    async def _open_tenure(self, tx: _Transaction, campaign_id: int, holder: NewHolder) -> None:
        try:
            await tx.connection.execute(
                "INSERT INTO seats (campaign_id, seat, user_id, display_name, started_at)"
                " VALUES ($1, $2, $3, $4, $5)",
                campaign_id,
                holder.seat,
                holder.user_id,
                holder.display_name,
                holder.started_at,
            )
        except asyncpg.UniqueViolationError as error:
            raise SeatTaken(holder.seat) from error

    async def _close_tenure(
        self, tx: _Transaction, campaign_id: int, seat: str, at: datetime
    ) -> None:
        await tx.connection.execute(
            "UPDATE seats SET ended_at = $1"
            " WHERE campaign_id = $2 AND seat = $3 AND ended_at IS NULL",
            at,
            campaign_id,
            seat,
        )

    async def take_seat(self, campaign_id: int, holder: NewHolder, *, expected_seq: int) -> None:
        async with self._transaction() as tx:
            await self._claim(tx, campaign_id, expected_seq)
            await self._open_tenure(tx, campaign_id, holder)

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
        async with self._transaction() as tx:
            await self._claim(tx, campaign_id, expected_seq)
            await self._close_tenure(tx, campaign_id, seat, at)
            await self._write_audit(tx, campaign_id, audit)
            await self._write_outbox(tx, campaign_id, outbox, at)

    async def replace_holder(
        self,
        campaign_id: int,
        holder: NewHolder,
        *,
        expected_seq: int,
        audit: AuditRecord | None = None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        async with self._transaction() as tx:
            await self._claim(tx, campaign_id, expected_seq)
            await self._close_tenure(tx, campaign_id, holder.seat, holder.started_at)
            await self._open_tenure(tx, campaign_id, holder)
            await self._write_audit(tx, campaign_id, audit)
            await self._write_outbox(tx, campaign_id, outbox, holder.started_at)

    # The action log ------------------------------------------------------------------

    async def _write_actions(
        self, tx: _Transaction, campaign_id: int, entries: Sequence[ActionRecord]
    ) -> None:
        if not entries:
            return
        await tx.connection.executemany(
            "INSERT INTO actions (campaign_id, seq, seat, action, events, rolls, state_hash,"
            " actor, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            [
                (
                    campaign_id,
                    entry.seq,
                    entry.seat,
                    entry.action,
                    entry.events,
                    entry.rolls,
                    entry.state_hash,
                    entry.actor,
                    entry.at,
                )
                for entry in entries
            ],
        )

    async def _write_snapshots(
        self, tx: _Transaction, campaign_id: int, snapshots: dict[int, dict[str, Any]]
    ) -> None:
        if not snapshots:
            return
        await tx.connection.executemany(
            "INSERT INTO snapshots (campaign_id, seq, state) VALUES ($1, $2, $3)"
            " ON CONFLICT (campaign_id, seq) DO UPDATE SET state = EXCLUDED.state",
            [(campaign_id, seq, state) for seq, state in snapshots.items()],
        )

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
        async with self._transaction() as tx:
            await self._claim(
                tx,
                campaign_id,
                entry.seq - 1,
                new_seq=entry.seq,
                expected_status=expected_status,
                new_status=new_status,
            )
            await self._write_actions(tx, campaign_id, [entry])
            await self._write_outbox(tx, campaign_id, outbox, entry.at)
            if snapshot is not None:
                await self._write_snapshots(tx, campaign_id, {entry.seq: snapshot})
            await self._write_audit(tx, campaign_id, audit)

    async def actions(
        self, campaign_id: int, *, after_seq: int = LOBBY_SEQ, upto_seq: int | None = None
    ) -> list[ActionRecord]:
        rows = await self._rows(
            "SELECT * FROM actions WHERE campaign_id = $1 AND seq > $2"
            " AND ($3::bigint IS NULL OR seq <= $3) ORDER BY seq",
            campaign_id,
            after_seq,
            upto_seq,
        )
        return [_action(row) for row in rows]

    async def recent_actions(
        self, campaign_id: int, *, limit: int, before_seq: int | None = None
    ) -> list[ActionRecord]:
        rows = await self._rows(
            "SELECT * FROM actions WHERE campaign_id = $1 AND ($2::bigint IS NULL OR seq < $2)"
            " ORDER BY seq DESC LIMIT $3",
            campaign_id,
            before_seq,
            limit,
        )
        return [_action(row) for row in reversed(rows)]

    async def _drop_after(self, tx: _Transaction, campaign_id: int, seq: int) -> None:
        for table in ("actions", "snapshots"):
            await tx.connection.execute(
                f"DELETE FROM {table} WHERE campaign_id = $1 AND seq > $2", campaign_id, seq
            )

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
        async with self._transaction() as tx:
            await self._claim(tx, campaign_id, expected_seq, new_seq=to_seq, new_status=new_status)
            await self._drop_after(tx, campaign_id, to_seq)
            await self._write_audit(tx, campaign_id, audit)
            await self._write_outbox(tx, campaign_id, outbox, audit.at)

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
        async with self._transaction() as tx:
            await self._claim(tx, campaign_id, expected_seq, new_seq=new_seq, new_status=new_status)
            await self._drop_after(tx, campaign_id, after_seq)
            await self._write_actions(tx, campaign_id, entries)
            await self._write_snapshots(tx, campaign_id, snapshots or {})
            await self._write_audit(tx, campaign_id, audit)
            await self._write_outbox(tx, campaign_id, outbox, audit.at)

    async def latest_snapshot(self, campaign_id: int, upto_seq: int) -> SnapshotRow | None:
        rows = await self._rows(
            "SELECT seq, state FROM snapshots WHERE campaign_id = $1 AND seq <= $2"
            " ORDER BY seq DESC LIMIT 1",
            campaign_id,
            upto_seq,
        )
        if not rows:
            return None
        return SnapshotRow(seq=rows[0]["seq"], state=rows[0]["state"])

    # Audit and outbox ----------------------------------------------------------------

    async def add_audit(self, campaign_id: int, record: AuditRecord) -> None:
        async with self._transaction() as tx:
            await self._write_audit(tx, campaign_id, record)

    async def audit_log(self, campaign_id: int) -> list[AuditRow]:
        rows = await self._rows(
            "SELECT * FROM audit WHERE campaign_id = $1 ORDER BY id", campaign_id
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
        # SKIP LOCKED: a row another connection is marking delivered right now is passed
        # over rather than waited for (and then sent twice). Each process asks only for its
        # shards' rows, so two processes never deliver the same row.
        rows = await self._rows(
            "SELECT * FROM outbox WHERE delivered_at IS NULL AND given_up_at IS NULL"
            " AND target_kind = ANY($1::text[])"
            " AND ($2::timestamptz IS NULL OR next_attempt_at IS NULL OR next_attempt_at <= $2)"
            " AND ($3::bigint IS NULL OR campaign_id = $3)"
            " AND ($5::int IS NULL OR (CASE WHEN target_kind = 'dm' OR guild_id IS NULL"
            " THEN $6 ELSE (guild_id >> 22) % $5 END) = ANY($7::int[]))"
            " ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED",
            list(targets),
            due_by,
            campaign_id,
            limit,
            None if shards is None else shards.count,
            DM_SHARD,
            [] if shards is None else sorted(shards.ids),
        )
        return [_outbox(row) for row in rows]

    async def outbox_row(self, outbox_id: int) -> OutboxRow | None:
        rows = await self._rows("SELECT * FROM outbox WHERE id = $1", outbox_id)
        return _outbox(rows[0]) if rows else None

    async def outbox_after(self, campaign_id: int, outbox_id: int) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE campaign_id = $1 AND id > $2 ORDER BY id",
            campaign_id,
            outbox_id,
        )
        return [_outbox(row) for row in rows]

    async def add_outbox(
        self, campaign_id: int, outbox: Sequence[OutboxRecord], at: datetime
    ) -> None:
        async with self._transaction() as tx:
            await self._write_outbox(tx, campaign_id, outbox, at)

    async def dead_letters(self, campaign_id: int | None = None) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE given_up_at IS NOT NULL"
            " AND ($1::bigint IS NULL OR campaign_id = $1) ORDER BY id",
            campaign_id,
        )
        return [_outbox(row) for row in rows]

    async def campaign_outbox(self, campaign_id: int) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE campaign_id = $1 ORDER BY id", campaign_id
        )
        return [_outbox(row) for row in rows]

    async def count_outbox(self, campaign_id: int) -> int:
        rows = await self._rows(
            "SELECT COUNT(*) AS n FROM outbox WHERE campaign_id = $1", campaign_id
        )
        return int(rows[0]["n"]) if rows else 0

    async def mark_delivered(self, outbox_id: int, at: datetime) -> None:
        if outbox_id not in _BIGINTS:
            return
        async with self._transaction() as tx:
            await tx.connection.execute(
                "UPDATE outbox SET delivered_at = $1, attempts = attempts + 1 WHERE id = $2",
                at,
                outbox_id,
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
        if outbox_id not in _BIGINTS:
            return
        async with self._transaction() as tx:
            await tx.connection.execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = $1,"
                " next_attempt_at = $2, given_up_at = $3, held = $4 WHERE id = $5",
                error[:1000],
                retry_at,
                given_up_at,
                held,
                outbox_id,
            )

    async def held_outbox(self, user_id: str) -> list[OutboxRow]:
        rows = await self._rows(
            "SELECT * FROM outbox WHERE held AND target_id = $1 AND target_kind = 'dm'"
            " AND delivered_at IS NULL AND given_up_at IS NULL ORDER BY id",
            user_id,
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
        async with self._transaction() as tx:
            # A new post for the same prompt replaces the old one (SQLite's INSERT OR REPLACE).
            await tx.connection.execute(
                "DELETE FROM prompt_posts WHERE outbox_id = $1 AND position = $2",
                outbox_id,
                position,
            )
            await tx.connection.execute(
                "INSERT INTO prompt_posts (campaign_id, outbox_id, position, channel_id,"
                " message_id, content, seat, number, fingerprint)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                campaign_id,
                outbox_id,
                position,
                channel_id,
                message_id,
                content,
                seat,
                number,
                fingerprint,
            )

    async def prompt_posts(
        self, campaign_id: int, *, outbox_id: int | None = None, open_only: bool = False
    ) -> list[PromptPostRow]:
        rows = await self._rows(
            "SELECT * FROM prompt_posts WHERE campaign_id = $1"
            " AND ($2::bigint IS NULL OR outbox_id = $2)"
            " AND (NOT $3 OR closed_at IS NULL) ORDER BY outbox_id, position",
            campaign_id,
            outbox_id,
            open_only,
        )
        return [_prompt_post(row) for row in rows]

    async def close_prompt_post(self, post_id: int, at: datetime) -> None:
        if post_id not in _BIGINTS:
            return
        async with self._transaction() as tx:
            await tx.connection.execute(
                "UPDATE prompt_posts SET closed_at = $1 WHERE id = $2", at, post_id
            )

    # Deadlines and the schedule record --------------------------------------------------

    async def deadlines(self, campaign_id: int, *, pending_only: bool = True) -> list[DeadlineRow]:
        rows = await self._rows(
            "SELECT * FROM deadlines WHERE campaign_id = $1"
            " AND (NOT $2 OR state = 'pending') ORDER BY id",
            campaign_id,
            pending_only,
        )
        return [_deadline(row) for row in rows]

    async def load_schedule(self, campaign_id: int) -> ScheduleRow | None:
        rows = await self._rows(
            "SELECT * FROM campaign_schedule WHERE campaign_id = $1", campaign_id
        )
        if not rows:
            return None
        return ScheduleRow(campaign_id, rows[0]["record"], rows[0]["version"])

    async def _replace_schedule(
        self,
        tx: _Transaction,
        campaign_id: int,
        record: dict[str, Any],
        expected_version: int | None,
    ) -> None:
        if expected_version is None:
            status = await tx.connection.execute(
                "INSERT INTO campaign_schedule (campaign_id, record, version)"
                " VALUES ($1, $2, 1) ON CONFLICT (campaign_id) DO NOTHING",
                campaign_id,
                record,
            )
        else:
            status = await tx.connection.execute(
                "UPDATE campaign_schedule SET record = $1, version = version + 1"
                " WHERE campaign_id = $2 AND version = $3",
                record,
                campaign_id,
                expected_version,
            )
        if _affected(status) != 1:
            raise SeqConflict(campaign_id, -1 if expected_version is None else expected_version)

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
        async with self._transaction() as tx:
            if record is not None:
                await self._replace_schedule(tx, campaign_id, record, expected_version)
            if new_deadlines:
                await tx.connection.executemany(
                    "INSERT INTO deadlines (campaign_id, seat, kind, urgency, phase, user_id,"
                    " armed_seq, armed_at, due_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    [
                        (
                            campaign_id,
                            new.seat,
                            new.kind,
                            new.urgency,
                            new.phase,
                            new.user_id,
                            new.armed_seq,
                            new.armed_at,
                            new.due_at,
                        )
                        for new in new_deadlines
                    ],
                )
            if changed_deadlines:
                await tx.connection.executemany(
                    "UPDATE deadlines SET due_at = $1, state = $2, reminders_sent = $3,"
                    " overdue_noticed = $4, closed_at = $5 WHERE id = $6 AND campaign_id = $7",
                    [
                        (
                            row.due_at,
                            row.state,
                            row.reminders_sent,
                            row.overdue_noticed,
                            row.closed_at,
                            row.id,
                            campaign_id,
                        )
                        for row in changed_deadlines
                    ],
                )
            await self._write_outbox(tx, campaign_id, outbox, at)
            await self._write_audit(tx, campaign_id, audit)

    # When the scheduler looks next ------------------------------------------------------
    # The rows are kept by the triggers of postgres_migrations/0002_wake.sql.

    async def due_campaigns(self, now: datetime, *, after_id: int, limit: int) -> list[WakeRow]:
        rows = await self._rows(
            "SELECT campaign_id, changes FROM campaign_wake WHERE wake_at <= $1"
            " AND campaign_id > $2 ORDER BY campaign_id LIMIT $3",
            now,
            after_id,
            limit,
        )
        return [WakeRow(row["campaign_id"], row["changes"]) for row in rows]

    async def wake_changes(self, campaign_id: int) -> int | None:
        rows = await self._rows(
            "SELECT changes FROM campaign_wake WHERE campaign_id = $1", campaign_id
        )
        return int(rows[0]["changes"]) if rows else None

    async def set_wake(
        self, campaign_id: int, at: datetime | None, *, expected_changes: int
    ) -> bool:
        updated = await self._rows(
            "UPDATE campaign_wake SET wake_at = $1 WHERE campaign_id = $2 AND changes = $3"
            " RETURNING campaign_id",
            at,
            campaign_id,
            expected_changes,
        )
        return bool(updated)

    # Which process runs the scheduler ---------------------------------------------------

    async def lead_scheduler(self) -> bool:
        """Hold `SCHEDULER_LOCK` on a connection of our own (a pooled one would drop it when
        handed back): kept while that connection lives, taken by another process's next
        try once this one is closed or dead (its server session ends with it)."""
        async with self._leadership:
            try:
                if self._leader is None or self._leader.is_closed():
                    self._leading = False
                    self._leader = await asyncpg.connect(self.url)
                if self._leading:
                    await self._leader.fetchval("SELECT 1")  # still connected: still held
                else:
                    self._leading = bool(
                        await self._leader.fetchval(
                            "SELECT pg_try_advisory_lock($1)", SCHEDULER_LOCK
                        )
                    )
            # A session the server ended can leave the client mid-message: asyncpg then
            # raises InternalClientError rather than a connection error (CI, stop 27).
            except (
                OSError,
                asyncpg.PostgresError,
                asyncpg.InterfaceError,
                asyncpg.InternalClientError,
            ):
                await self._let_go_of_the_lead()
            return self._leading

    async def _let_go_of_the_lead(self) -> None:
        leader, self._leader, self._leading = self._leader, None, False
        if leader is not None:
            with contextlib.suppress(Exception):
                await leader.close(timeout=5)

    # Whole tables, for copying a database (bot.storage.copying) ---------------------

    async def table_names(self) -> set[str]:
        rows = await self._rows(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
        )
        return {row["tablename"] for row in rows}

    async def table_columns(self, table: str) -> list[str]:
        rows = await self._rows(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = $1"
            " ORDER BY ordinal_position",
            table,
        )
        return [row["column_name"] for row in rows]

    async def read_rows(self, table: Table, after: Sequence[Any] | None, limit: int) -> list[Row]:
        key = ", ".join(table.key)
        sql = f"SELECT {', '.join(table.columns)} FROM {table.name}"
        params = list(after or ())
        if after is not None:
            marks = ", ".join(f"${number}" for number in range(1, len(params) + 1))
            sql += f" WHERE ({key}) > ({marks})"
        rows = await self._rows(f"{sql} ORDER BY {key} LIMIT ${len(params) + 1}", *params, limit)
        return [dict(row) for row in rows]

    @asynccontextmanager
    async def row_writer(self) -> AsyncIterator[_RowWriter]:
        async with self._pool.acquire() as connection, connection.transaction():
            writer = _RowWriter(connection)
            yield writer
            await writer.finish()

    # Backups -------------------------------------------------------------------------

    def default_backup_directory(self) -> Path:
        """data/backups/ under the working folder unless `open` was told another."""
        return self._backup_directory

    async def backup_to(self, target: Path) -> None:
        """Dump the live database into `target` with `pg_dump` (custom format: restore with
        `pg_restore --clean --if-exists -d URL FILE`): one consistent snapshot, while the
        bot keeps reading and writing."""
        program = pg_dump_program()
        if program is None:
            raise StoreError("pg_dump is not installed: install PostgreSQL's client tools")
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.unlink(missing_ok=True)
        url, password = without_password(self.url)
        environment = dict(os.environ)
        if password is not None:
            environment["PGPASSWORD"] = password
        dump = await asyncio.create_subprocess_exec(
            program,
            "--format=custom",
            f"--file={partial}",
            f"--dbname={url}",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
        )
        _, errors = await dump.communicate()
        if dump.returncode != 0:
            partial.unlink(missing_ok=True)
            message = errors.decode("utf-8", "replace").strip()
            raise StoreError(f"pg_dump failed ({dump.returncode}): {message}")
        # Renamed only once complete, so a file under its final name is always whole.
        partial.replace(target)


# Let mypy check that the implementation keeps up with the interface.
_IMPLEMENTS_STORE: type[Store] = PostgresStore
_IMPLEMENTS_BACKUP: type[BackupStore] = PostgresStore
_IMPLEMENTS_COPY: type[CopyableStore] = PostgresStore
