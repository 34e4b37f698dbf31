"""The dice a stored campaign records: fixed vectors for a known seed, and no loss on a
failed write."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.storage.sqlite
from bot.services import CampaignService, verify_campaign
from bot.storage import SqliteStore
from tests.services.conftest import RED, SEED, fingerprint, play_to_the_end, sql, started_table

# HMAC-SHA256 draws 0, 1, 2 of SEED as six-sided dice: red's luck, blue's luck, the call die.
SEED_VECTORS = [(0, 6, 6), (1, 6, 6), (2, 6, 3)]


async def test_the_log_records_the_known_draws_of_a_known_seed(
    service: CampaignService, db_path: Path
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    recorded = [
        (roll.draw, roll.sides, roll.value)
        for entry in await service.history(campaign_id, limit=10)
        for roll in entry.rolls
    ]
    assert recorded == SEED_VECTORS
    state = await service.state_at(campaign_id, 0)
    assert state.luck == {"red": 6, "blue": 6}  # type: ignore[attr-defined]
    assert (await verify_campaign(service.store, campaign_id, SEED)).ok
    [[stored]] = sql(db_path, "SELECT rolls FROM actions WHERE seq = 4")
    assert stored == '[{"draw":2,"sides":6,"value":3}]'


async def test_a_write_that_fails_midway_leaves_the_campaign_and_cache_as_they_were(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await started_table(service)
    before = await fingerprint(service, campaign_id)

    def broken_outbox(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    async def broken_outbox_awaited(*args: object, **kwargs: object) -> None:
        broken_outbox()

    if isinstance(service.store, SqliteStore):
        # SQLite writes run as plain functions on the database's thread (group commit).
        monkeypatch.setattr(bot.storage.sqlite, "_insert_outbox", broken_outbox)
    else:
        monkeypatch.setattr(service.store, "_write_outbox", broken_outbox_awaited)
    with pytest.raises(OSError):
        await service.submit(campaign_id, RED, {"type": "bid", "amount": 2})
    monkeypatch.undo()
    assert await fingerprint(service, campaign_id) == before
    assert [entry.seq for entry in await service.history(campaign_id)] == [0]
    report = await service.submit(campaign_id, RED, {"type": "bid", "amount": 2})
    assert report.seq == 1 and report.rolls == []
