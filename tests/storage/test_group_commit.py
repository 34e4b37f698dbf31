"""SQLite writes that wait at the same moment share one commit, and stay each its own
transaction: one that fails is rolled back alone, the others land."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import bot.storage.sqlite_commits
from bot.storage import SeqConflict, SqliteStore
from tests.storage.conftest import entry, new_campaign, report


def _count_groups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of writes in each group committed from now on."""
    sizes: list[int] = []
    run_group = bot.storage.sqlite_commits._run_group

    def counted(connection: sqlite3.Connection, works: list[Any]) -> list[Any]:
        sizes.append(len(works))
        return run_group(connection, works)

    monkeypatch.setattr(bot.storage.sqlite_commits, "_run_group", counted)
    return sizes


async def _started(store: SqliteStore, channel: int) -> int:
    campaign = await store.create_campaign(new_campaign(channel_id=channel))
    await store.append_action(
        campaign.id, entry(0, None), expected_status="lobby", new_status="active"
    )
    return campaign.id


def _outbox_count(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0])


async def test_writes_waiting_together_share_commits_and_all_land(
    sqlite_store: SqliteStore, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaigns = [await _started(sqlite_store, channel) for channel in range(20)]
    groups = _count_groups(monkeypatch)
    await asyncio.gather(
        *(
            sqlite_store.append_action(
                campaign_id, entry(1), expected_status="active", outbox=[report()]
            )
            for campaign_id in campaigns
        )
    )
    assert sum(groups) == 20 and len(groups) < 20
    for campaign_id in campaigns:
        campaign = await sqlite_store.get_campaign(campaign_id)
        assert campaign is not None and campaign.seq == 1
    assert _outbox_count(db_path) == 20


async def test_a_write_that_fails_in_a_group_is_rolled_back_alone(
    sqlite_store: SqliteStore, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second, third = [await _started(sqlite_store, channel) for channel in range(3)]
    groups = _count_groups(monkeypatch)
    outcomes = await asyncio.gather(
        sqlite_store.append_action(first, entry(1), expected_status="active", outbox=[report()]),
        # Stale: campaign `second` is at seq 0, so entry 2 cannot follow it.
        sqlite_store.append_action(second, entry(2), expected_status="active", outbox=[report()]),
        sqlite_store.append_action(third, entry(1), expected_status="active", outbox=[report()]),
        return_exceptions=True,
    )
    assert max(groups) >= 2  # the stale write shared a group with another one
    assert outcomes[0] is None and outcomes[2] is None
    assert isinstance(outcomes[1], SeqConflict)
    seqs = [(await sqlite_store.get_campaign(c)).seq for c in (first, second, third)]  # type: ignore[union-attr]
    assert seqs == [1, 0, 1]
    assert [e.seq for e in await sqlite_store.actions(second)] == [0]
    assert _outbox_count(db_path) == 2


async def test_a_caller_cancelled_before_its_group_starts_writes_nothing(
    sqlite_store: SqliteStore,
) -> None:
    first, second = [await _started(sqlite_store, channel) for channel in range(2)]
    running = asyncio.create_task(
        sqlite_store.append_action(first, entry(1), expected_status="active")
    )
    await asyncio.sleep(0)  # its group has started
    waiting = asyncio.create_task(
        sqlite_store.append_action(second, entry(1), expected_status="active")
    )
    await asyncio.sleep(0)  # queued behind it
    waiting.cancel()
    await running
    with pytest.raises(asyncio.CancelledError):
        await waiting
    await asyncio.sleep(0.05)
    assert [e.seq for e in await sqlite_store.actions(first)] == [0, 1]
    assert [e.seq for e in await sqlite_store.actions(second)] == [0]
