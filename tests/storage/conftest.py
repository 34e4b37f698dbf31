"""A fresh store of each kind (SQLite in a temporary folder, PostgreSQL on the throwaway
server), and helpers to fill it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage import ActionRecord, AuditRecord, NewCampaign, OutboxRecord, SqliteStore, Store
from bot.storage.postgres import PostgresStore

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "courier.sqlite3"


@pytest.fixture
async def sqlite_store(db_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
async def postgres_store(postgres_url: str) -> AsyncIterator[PostgresStore]:
    opened = await PostgresStore.open(postgres_url)
    yield opened
    await opened.close()


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest) -> Store:
    """Each test that takes `store` runs once per kind of store."""
    chosen: Store = request.getfixturevalue(f"{request.param}_store")
    return chosen


def new_campaign(**changes: object) -> NewCampaign:
    fields: dict[str, object] = {
        "ruleset": "mini",
        "ruleset_version": "1",
        "options": {},
        "data": None,
        "seed_hex": "00" * 32,
        "seed_commitment": "c" * 64,
        "guild_id": 10,
        "channel_id": 20,
        "language": "en",
        "creator": "u1",
        "created_at": T0,
    }
    fields.update(changes)
    return NewCampaign(**fields)  # type: ignore[arg-type]


def entry(seq: int, seat: str | None = "red") -> ActionRecord:
    return ActionRecord(
        seq=seq,
        seat=seat,
        action={"type": "pass"},
        events=[{"key": "mini.pass", "params": {"seat": seat}, "visible_to": None}],
        rolls=[],
        state_hash=f"hash{seq}",
        actor="u1",
        at=T0,
    )


def report(text: str = "hello") -> OutboxRecord:
    return OutboxRecord(target_kind="channel", target_id="20", payload={"text": text})


def audit(act: str, seqs: list[int] | None = None) -> AuditRecord:
    """An act with the announcement the services would compose (opaque to the store)."""
    return AuditRecord(
        actor="mod", act=act, reason="test", at=T0, seqs=seqs or [], announcement=report(act)
    )
