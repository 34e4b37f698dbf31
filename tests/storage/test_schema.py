"""Opening a database: migrations, WAL, foreign keys."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import SqliteStore
from bot.storage.migrate import available_migrations
from bot.storage.sqlite import _insert_action

TABLES = {"campaigns", "seats", "actions", "snapshots", "deadlines", "outbox", "audit"}


def read_pragmas_and_tables(path: Path) -> tuple[str, set[str], int]:
    with sqlite3.connect(path) as db:
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        version = db.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
    return mode, tables, version


async def test_a_new_database_gets_every_table_in_wal_mode(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    await store.close()
    mode, tables, version = read_pragmas_and_tables(db_path)
    assert mode == "wal"
    assert tables >= TABLES | {"schema_version"}
    assert version == len(available_migrations())


async def test_reopening_applies_no_migration_twice(db_path: Path) -> None:
    for _ in range(2):
        store = await SqliteStore.open(db_path)
        await store.close()
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT version FROM schema_version").fetchall()
    assert sorted(row[0] for row in rows) == list(range(1, len(available_migrations()) + 1))


async def test_foreign_keys_are_enforced(sqlite_store: SqliteStore) -> None:
    from tests.storage.conftest import entry

    with pytest.raises(sqlite3.IntegrityError):
        await sqlite_store._write(lambda db: _insert_action(db, 999, entry(0)))


def test_migration_numbers_must_have_no_gap(tmp_path: Path) -> None:
    (tmp_path / "0001_first.sql").write_text("SELECT 1;")
    (tmp_path / "0003_third.sql").write_text("SELECT 1;")
    with pytest.raises(RuntimeError, match="without gaps"):
        available_migrations(tmp_path)
