"""A campaign service on a temporary database with a hand-moved clock, and helpers to read
the schedule's outbox notices."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.services import CampaignService, FakeClock, open_service
from bot.services.schedule import Scheduler
from tests.services.conftest import BLUE, CHANNEL, GREEN, RED, USERS, new_table

__all__ = ["BLUE", "CHANNEL", "GREEN", "MONDAY_9AM", "RED", "USERS", "notices", "started"]

MONDAY_9AM = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "courier.sqlite3"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(MONDAY_9AM)


@pytest.fixture
async def service(db_path: Path, clock: FakeClock) -> AsyncIterator[CampaignService]:
    opened = await open_service(db_path, clock)
    yield opened
    await opened.close()


@pytest.fixture
def scheduler(service: CampaignService) -> Scheduler:
    return Scheduler(service)


async def started(
    service: CampaignService,
    seats: tuple[str, ...] = ("red", "blue"),
    pace: dict[str, Any] | None = None,
    channel: int = CHANNEL,
) -> int:
    """A mini campaign with this pace (48 h turns by default), started now."""
    campaign_id = await new_table(service, seats, channel=channel)
    if pace is not None:
        await service.set_pace(campaign_id, pace, actor="mod", reason="table agreed")
    await service.start(campaign_id, RED)
    return campaign_id


async def notices(
    service: CampaignService, campaign_id: int, key: str | None = None
) -> list[tuple[str, str, dict[str, Any]]]:
    """The schedule's outbox rows (target kind, target id, params), oldest first."""
    rows = await service.store.campaign_outbox(campaign_id)
    return [
        (row.target_kind, row.target_id, row.payload.get("params", {}))
        for row in rows
        if str(row.payload.get("key", "")).startswith("schedule.")
        and (key is None or row.payload["key"] == key)
    ]
