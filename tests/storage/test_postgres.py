"""What is particular to PostgreSQL: its migrations and schema, two stores (two processes)
on one database, a writer killed mid-transaction, and backups by pg_dump."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.storage import PostgresStore, SeqConflict, SqliteStore, describe_database, open_store
from bot.storage.migrate import available_migrations
from bot.storage.postgres import MIGRATIONS_DIR, pg_dump_program, without_password
from tests.fixtures.postgres_server import PostgresServer
from tests.storage.conftest import T0, entry, new_campaign, report

REPO = Path(__file__).resolve().parents[2]

KILLED_WRITER = """
import asyncio, sys, time
from bot.storage import PostgresStore
from tests.storage.conftest import entry, new_campaign, report

async def main(url):
    store = await PostgresStore.open(url)
    campaign = await store.create_campaign(new_campaign())
    await store.append_action(campaign.id, entry(0, None), expected_status="lobby",
                              new_status="active")

    async def hang(*args, **kwargs):
        print("inside", flush=True)
        time.sleep(60)

    store._write_outbox = hang
    await store.append_action(campaign.id, entry(1), expected_status="active",
                              outbox=[report()])

asyncio.run(main(sys.argv[1]))
"""


async def fetch(url: str, sql: str) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(url)
    try:
        return list(await connection.fetch(sql))
    finally:
        await connection.close()


async def log_and_seq(url: str) -> tuple[list[int], list[int], int]:
    seqs = [row["seq"] for row in await fetch(url, "SELECT seq FROM actions ORDER BY seq")]
    campaign_seqs = [row["seq"] for row in await fetch(url, "SELECT seq FROM campaigns")]
    [count] = await fetch(url, "SELECT COUNT(*) AS n FROM outbox")
    return seqs, campaign_seqs, count["n"]


async def test_the_schema_has_jsonb_values_and_one_current_holder_per_seat(
    postgres_store: PostgresStore,
) -> None:
    url = postgres_store.url
    [version] = await fetch(url, "SELECT MAX(version) AS v FROM schema_version")
    assert version["v"] == len(available_migrations(MIGRATIONS_DIR))
    columns = {
        (row["table_name"], row["column_name"]): row["data_type"]
        for row in await fetch(url, "SELECT * FROM information_schema.columns")
    }
    assert columns["snapshots", "state"] == "jsonb"
    assert columns["outbox", "payload"] == "jsonb"
    assert columns["actions", "at"] == "timestamp with time zone"
    [index] = await fetch(
        url, "SELECT indexdef FROM pg_indexes WHERE indexname = 'seats_one_current_holder'"
    )
    assert "UNIQUE" in index["indexdef"] and "WHERE (ended_at IS NULL)" in index["indexdef"]


async def test_reopening_applies_no_migration_twice(postgres_url: str) -> None:
    for _ in range(2):
        store = await PostgresStore.open(postgres_url)
        await store.close()
    rows = await fetch(postgres_url, "SELECT version FROM schema_version ORDER BY version")
    assert [row["version"] for row in rows] == list(
        range(1, len(available_migrations(MIGRATIONS_DIR)) + 1)
    )


async def test_processes_starting_together_on_an_empty_database_migrate_it_once(
    postgres_server: PostgresServer,
) -> None:
    name = postgres_server.new_database(template="template0")
    empty = postgres_server.url(name)
    try:
        stores = await asyncio.gather(*(PostgresStore.open(empty) for _ in range(3)))
        for store in stores:
            await store.close()
        rows = await fetch(empty, "SELECT version FROM schema_version ORDER BY version")
    finally:
        postgres_server.drop_database(name)
    assert [row["version"] for row in rows] == list(
        range(1, len(available_migrations(MIGRATIONS_DIR)) + 1)
    )


async def test_open_store_picks_the_store_from_the_setting(
    postgres_url: str, tmp_path: Path
) -> None:
    opened = [await open_store(postgres_url), await open_store(str(tmp_path / "c.sqlite3"))]
    try:
        assert [type(store) for store in opened] == [PostgresStore, SqliteStore]
    finally:
        for store in opened:
            await store.close()


async def test_foreign_keys_are_enforced(postgres_store: PostgresStore) -> None:
    with pytest.raises(asyncpg.ForeignKeyViolationError):
        await postgres_store.add_outbox(999, [report()], T0)


async def test_an_exception_inside_the_transaction_rolls_everything_back(
    postgres_store: PostgresStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = postgres_store
    campaign = await store.create_campaign(new_campaign())
    await store.append_action(
        campaign.id, entry(0, None), expected_status="lobby", new_status="active"
    )

    async def fail(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(store, "_write_outbox", fail)
    with pytest.raises(RuntimeError):
        await store.append_action(
            campaign.id, entry(1), expected_status="active", outbox=[report()]
        )
    assert await log_and_seq(store.url) == ([0], [0], 0)
    monkeypatch.undo()
    await store.append_action(campaign.id, entry(1), expected_status="active", outbox=[report()])
    assert await log_and_seq(store.url) == ([0, 1], [1], 1)


async def test_two_stores_on_one_database_apply_exactly_one_of_two_racing_appends(
    postgres_url: str,
) -> None:
    """Two processes' stores, each with its own connections: the row lock and the seq
    check let one append through and refuse the other."""
    first, second = [await PostgresStore.open(postgres_url) for _ in range(2)]
    try:
        campaign = await first.create_campaign(new_campaign())
        await first.append_action(
            campaign.id, entry(0, None), expected_status="lobby", new_status="active"
        )
        for seq in range(1, 6):
            results = await asyncio.gather(
                first.append_action(campaign.id, entry(seq, "red"), expected_status="active"),
                second.append_action(campaign.id, entry(seq, "blue"), expected_status="active"),
                return_exceptions=True,
            )
            assert sum(result is None for result in results) == 1
            assert sum(isinstance(result, SeqConflict) for result in results) == 1
        assert [row.seq for row in await second.actions(campaign.id)] == list(range(6))
    finally:
        await first.close()
        await second.close()


async def test_a_process_killed_mid_write_leaves_no_partial_action(postgres_url: str) -> None:
    writer = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        KILLED_WRITER,
        postgres_url,
        cwd=REPO,
        stdout=subprocess.PIPE,
    )
    try:
        assert writer.stdout is not None
        line = await asyncio.wait_for(writer.stdout.readline(), timeout=60)
        assert line.strip() == b"inside"
        writer.send_signal(signal.SIGKILL)
        await asyncio.wait_for(writer.wait(), timeout=10)
    finally:
        if writer.returncode is None:
            writer.kill()
            await writer.wait()
    assert writer.returncode == -signal.SIGKILL
    # The server notices the dead client and rolls its transaction back.
    assert await log_and_seq(postgres_url) == ([0], [0], 0)


async def test_a_pg_dump_backup_restores_into_an_empty_database(
    postgres_store: PostgresStore, postgres_server: PostgresServer, tmp_path: Path
) -> None:
    campaign = await postgres_store.create_campaign(new_campaign(options={"x": 1}))
    await postgres_store.append_action(
        campaign.id, entry(0, None), expected_status="lobby", new_status="active", outbox=[report()]
    )
    target = tmp_path / "backups" / "courier-1.dump"
    await postgres_store.backup_to(target)
    assert target.is_file() and not list(target.parent.glob("*.partial"))

    dump = pg_dump_program()
    assert dump is not None
    empty = postgres_server.new_database(template="template0")
    restore = Path(dump).with_name("pg_restore")
    subprocess.run(
        [str(restore), "--no-owner", f"--dbname={postgres_server.url(empty)}", str(target)],
        check=True,
        capture_output=True,
    )
    restored = await PostgresStore.open(postgres_server.url(empty))
    try:
        assert await restored.get_campaign(campaign.id) == await postgres_store.get_campaign(
            campaign.id
        )
        assert await restored.actions(campaign.id) == await postgres_store.actions(campaign.id)
        assert await restored.count_outbox(campaign.id) == 1
    finally:
        await restored.close()
        postgres_server.drop_database(empty)


def test_a_password_never_reaches_a_command_line_or_a_printed_url() -> None:
    url = "postgresql://courier:s3cr%40t@db.example:5433/courier?sslmode=require"
    assert without_password(url) == (
        "postgresql://courier@db.example:5433/courier?sslmode=require",
        "s3cr@t",
    )
    assert describe_database(url) == "postgresql://courier@db.example:5433/courier?sslmode=require"
    assert without_password("postgresql://courier@/courier?host=/run") == (
        "postgresql://courier@/courier?host=/run",
        None,
    )
    assert describe_database("data/courier.sqlite3") == "data/courier.sqlite3"
