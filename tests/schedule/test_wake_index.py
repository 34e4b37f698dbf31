"""The tick reads only the campaigns the clock has work for: idle ones are not even loaded,
a change wakes a campaign at once, and a backlog larger than a batch drains in one tick."""

from __future__ import annotations

from typing import Any

import pytest

import bot.services.schedule
from bot.services import CampaignService, FakeClock
from bot.services.schedule import Scheduler
from tests.schedule.conftest import CHANNEL, RED, started


def _visits(service: CampaignService, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The campaigns the scheduler looks into, in order, and no listing of all of them."""
    visited: list[int] = []
    looked = service.schedule._run_campaign

    async def looking(campaign_id: int) -> Any:
        visited.append(campaign_id)
        return await looked(campaign_id)

    async def listing(*args: Any) -> Any:
        raise AssertionError("the tick listed every campaign")

    monkeypatch.setattr(service.schedule, "_run_campaign", looking)
    monkeypatch.setattr(service.store, "list_campaigns", listing)
    monkeypatch.setattr(service.store, "all_campaigns", listing)
    return visited


async def test_an_idle_tick_looks_into_no_campaign(
    service: CampaignService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaigns = [await started(service, channel=CHANNEL + i) for i in range(12)]
    quick = await started(service, pace={"hours": {"turn": 4, "reaction": 4}}, channel=CHANNEL + 12)
    visited = _visits(service, monkeypatch)
    scheduler = Scheduler(service)
    await scheduler.tick()  # the first look at each new campaign plans its wake time
    assert sorted(visited) == sorted([*campaigns, quick])
    visited.clear()
    clock.advance(hours=1)
    await scheduler.tick()
    assert visited == []
    clock.advance(hours=4)  # past the quick table's deadline only
    report = await scheduler.tick()
    assert visited == [quick] and report.missed == 1


async def test_a_change_wakes_its_campaign_at_the_next_tick(
    service: CampaignService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaigns = [await started(service, channel=CHANNEL + i) for i in range(3)]
    scheduler = Scheduler(service)
    await scheduler.tick()
    visited = _visits(service, monkeypatch)
    await service.submit(campaigns[1], RED, {"type": "bid", "amount": 2})
    await scheduler.tick()
    assert visited == [campaigns[1]]
    visited.clear()
    await service.pause(campaigns[2], actor="mod", reason="break")
    await service.resume(campaigns[2], actor="mod", reason="back")
    await scheduler.tick()
    assert visited == [campaigns[2]]


async def test_a_backlog_larger_than_a_batch_is_drained_in_one_tick(
    service: CampaignService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaigns = [await started(service, channel=CHANNEL + i) for i in range(7)]
    scheduler = Scheduler(service)
    await scheduler.tick()
    monkeypatch.setattr(bot.services.schedule, "WAKE_BATCH", 3)
    visited = _visits(service, monkeypatch)
    clock.advance(hours=72)  # every deadline passed together
    report = await scheduler.tick()
    assert visited == campaigns and report.missed == len(campaigns)
