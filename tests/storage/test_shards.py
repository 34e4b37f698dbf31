"""Several bot processes on one database: each outbox row carries its guild so a process
claims only its shards' rows, held DMs live in the database, and one process leads the
scheduler at a time."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.storage import OutboxRecord, ShardSet, SqliteStore, Store
from bot.storage.postgres import PostgresStore
from tests.storage.conftest import T0, new_campaign

GUILD_ON_SHARD_0 = 10 << 22  # (guild_id >> 22) % 2 == 0
GUILD_ON_SHARD_1 = 11 << 22


def channel_row(text: str) -> OutboxRecord:
    return OutboxRecord(target_kind="channel", target_id="20", payload={"text": text})


def dm_row(text: str, user: str = "42") -> OutboxRecord:
    return OutboxRecord(target_kind="dm", target_id=user, payload={"text": text})


async def campaign_with_rows(store: Store, guild_id: int | None, channel_id: int) -> int:
    campaign = await store.create_campaign(new_campaign(guild_id=guild_id, channel_id=channel_id))
    await store.add_outbox(
        campaign.id, [channel_row(f"post {guild_id}"), dm_row(f"dm {guild_id}")], T0
    )
    return campaign.id


async def texts(store: Store, shards: ShardSet | None) -> set[str]:
    return {row.payload["text"] for row in await store.pending_outbox(100, shards=shards)}


async def test_every_outbox_row_carries_its_campaigns_guild(store: Store) -> None:
    campaign_id = await campaign_with_rows(store, GUILD_ON_SHARD_1, 21)
    rows = await store.campaign_outbox(campaign_id)
    assert [row.guild_id for row in rows] == [GUILD_ON_SHARD_1, GUILD_ON_SHARD_1]


async def test_each_process_claims_only_its_shards_rows_and_dms_go_through_shard_0(
    store: Store,
) -> None:
    await campaign_with_rows(store, GUILD_ON_SHARD_0, 20)
    await campaign_with_rows(store, GUILD_ON_SHARD_1, 21)
    await campaign_with_rows(store, None, 22)  # a campaign without a guild
    first = await texts(store, ShardSet(frozenset({0}), 2))
    second = await texts(store, ShardSet(frozenset({1}), 2))
    assert first == {
        f"post {GUILD_ON_SHARD_0}",
        f"dm {GUILD_ON_SHARD_0}",
        f"dm {GUILD_ON_SHARD_1}",
        "post None",
        "dm None",
    }
    assert second == {f"post {GUILD_ON_SHARD_1}"}
    assert (
        first | second
        == await texts(store, None)
        == await texts(store, ShardSet(frozenset({0, 1}), 2))
    )


def test_a_shard_set_refuses_ids_outside_its_count() -> None:
    with pytest.raises(ValueError, match="not among"):
        ShardSet(frozenset({2}), 2)
    with pytest.raises(ValueError, match="not among"):
        ShardSet(frozenset(), 1)


async def test_held_dms_are_kept_until_delivered_or_set_aside(store: Store) -> None:
    campaign = await store.create_campaign(new_campaign())
    await store.add_outbox(campaign.id, [dm_row("a"), dm_row("b"), dm_row("c", user="43")], T0)
    first, second, other = await store.campaign_outbox(campaign.id)
    for row in (first, second, other):
        await store.mark_failed(row.id, "direct messages closed", retry_at=T0, held=True)
    assert [row.id for row in await store.held_outbox("42")] == [first.id, second.id]
    await store.mark_delivered(first.id, T0)
    await store.mark_failed(second.id, "gone", given_up_at=T0)
    assert await store.held_outbox("42") == []
    assert [row.payload["text"] for row in await store.held_outbox("43")] == ["c"]
    refreshed = await store.outbox_row(other.id)
    assert refreshed is not None and refreshed.held


async def test_the_only_sqlite_process_always_leads(sqlite_store: SqliteStore) -> None:
    assert await sqlite_store.lead_scheduler()
    assert await sqlite_store.lead_scheduler()


async def test_one_postgres_process_leads_until_it_closes(postgres_url: str) -> None:
    first = await PostgresStore.open(postgres_url)
    second = await PostgresStore.open(postgres_url)
    try:
        assert await first.lead_scheduler()
        assert not await second.lead_scheduler()
        assert await first.lead_scheduler()  # asked again, the holder keeps it
        await first.close()
        assert await second.lead_scheduler()
    finally:
        await second.close()
        await first.close()


async def test_the_lead_passes_on_when_its_holders_session_dies(postgres_url: str) -> None:
    first = await PostgresStore.open(postgres_url)
    second = await PostgresStore.open(postgres_url)
    try:
        assert await first.lead_scheduler()
        assert not await second.lead_scheduler()
        # The server ends the holder's session, as when its process is killed.
        admin = await asyncpg.connect(postgres_url)
        try:
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'"
                " AND granted AND database = (SELECT oid FROM pg_database"
                " WHERE datname = current_database())"
            )
        finally:
            await admin.close()
        # The session ends a moment after it is told to: the next tries find the lock free.
        for _ in range(100):
            if await second.lead_scheduler():
                break
            await asyncio.sleep(0.05)
        assert await second.lead_scheduler()
        assert not await first.lead_scheduler()  # it finds out, and does not tick
    finally:
        await second.close()
        await first.close()


async def test_a_leader_connection_left_mid_message_gives_up_the_lead(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A killed session can leave asyncpg mid-message (CI, stop 27): that is a lost lead,
    not an error that stops the scheduler's tick."""
    store = await PostgresStore.open(postgres_url)
    try:
        assert await store.lead_scheduler()
        leader = store._leader
        assert leader is not None

        fetchval = asyncpg.Connection.fetchval

        async def broken(connection: asyncpg.Connection, query: str, *args: object) -> object:
            if connection is leader:
                raise asyncpg.InternalClientError("cannot switch to state 11")
            return await fetchval(connection, query, *args)

        monkeypatch.setattr(asyncpg.Connection, "fetchval", broken)
        assert not await store.lead_scheduler()
        assert leader.is_closed()
        assert await store.lead_scheduler()  # a fresh connection takes the free lock again
    finally:
        await store.close()


async def test_the_migration_gives_older_outbox_rows_their_guild(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    campaign_id = await campaign_with_rows(store, GUILD_ON_SHARD_1, 21)
    await store.close()
    with sqlite3.connect(db_path) as db:  # as it was before 0006
        db.execute("DROP INDEX outbox_held")
        db.execute("ALTER TABLE outbox DROP COLUMN held")
        db.execute("ALTER TABLE outbox DROP COLUMN guild_id")
        db.execute("DELETE FROM schema_version WHERE version >= 6")
    store = await SqliteStore.open(db_path)
    try:
        rows = await store.campaign_outbox(campaign_id)
        assert [(row.guild_id, row.held) for row in rows] == [(GUILD_ON_SHARD_1, False)] * 2
    finally:
        await store.close()


async def test_rows_queued_by_one_postgres_process_wake_the_others_once(
    postgres_url: str,
) -> None:
    writer = await PostgresStore.open(postgres_url)
    reader = await PostgresStore.open(postgres_url)
    woken: dict[str, int] = {"writer": 0, "reader": 0}
    try:
        writer.add_outbox_listener(lambda: woken.__setitem__("writer", woken["writer"] + 1))
        reader.add_outbox_listener(lambda: woken.__setitem__("reader", woken["reader"] + 1))
        await asyncio.sleep(0.5)  # both are listening
        await writer.create_campaign(new_campaign(), [channel_row("hello")])
        for _ in range(100):
            if woken["reader"]:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)  # time for a second, wrong, wake-up to arrive
        assert woken == {"writer": 1, "reader": 1}
        assert [row.payload for row in await reader.pending_outbox(10)] == [{"text": "hello"}]
    finally:
        await reader.close()
        await writer.close()


async def test_a_process_listens_again_after_the_server_ends_its_listening_session(
    postgres_url: str,
) -> None:
    writer = await PostgresStore.open(postgres_url)
    reader = await PostgresStore.open(postgres_url)
    woken = {"reader": 0}
    try:
        reader.add_outbox_listener(lambda: woken.__setitem__("reader", woken["reader"] + 1))
        await asyncio.sleep(0.5)  # listening
        admin = await asyncpg.connect(postgres_url)
        try:  # as a server restart or failover does to every session
            await admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()"
            )
        finally:
            await admin.close()
        for _ in range(100):  # listening again: one wake-up for what came while deaf
            if woken["reader"]:
                break
            await asyncio.sleep(0.05)
        assert woken["reader"] == 1
        await writer.create_campaign(new_campaign(), [channel_row("after the restart")])
        for _ in range(100):
            if woken["reader"] == 2:
                break
            await asyncio.sleep(0.05)
        assert woken["reader"] == 2
    finally:
        await reader.close()
        await writer.close()
