"""A backlog of due deadlines drains cheaply and lets players' orders through: each due
campaign costs a bounded number of reads and writes, a batch's wake times are written
together, and an order given during the drain is served before the drain ends."""

from __future__ import annotations

import asyncio
import inspect
from collections import Counter
from typing import Any

import pytest

from bot.services import CampaignService, FakeClock
from bot.services.schedule import Scheduler
from tests.schedule.conftest import CHANNEL, RED, started

QUICK = {"hours": {"turn": 4, "reaction": 4}}
# What one due campaign whose deadline is missed may cost: a look (7 reads), the default
# move (its state, its holders, one write), the deadlines following it (about a dozen
# reads, one write), a last look (7 reads) and its wake time: 30 (40 before this was counted).
MOST_STORE_CALLS_PER_DUE_CAMPAIGN = 32
MOST_WRITES_PER_DUE_CAMPAIGN = 3


def _count_store_calls(service: CampaignService, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    calls: Counter[str] = Counter()
    store = service.store
    for name, _ in inspect.getmembers(type(store), inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue
        original = getattr(store, name)

        async def counted(
            *args: Any, _original: Any = original, _name: str = name, **kwargs: Any
        ) -> Any:
            calls[_name] += 1
            return await _original(*args, **kwargs)

        monkeypatch.setattr(store, name, counted)
    return calls


async def test_each_due_campaign_costs_a_bounded_number_of_store_calls(
    service: CampaignService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    due = [await started(service, pace=QUICK, channel=CHANNEL + i) for i in range(8)]
    scheduler = Scheduler(service)
    await scheduler.tick()
    clock.advance(hours=5)
    calls = _count_store_calls(service, monkeypatch)
    report = await scheduler.tick()
    assert report.missed == len(due)
    writes = sum(calls[name] for name in ("append_action", "save_schedule", "set_wake"))
    assert sum(calls.values()) <= MOST_STORE_CALLS_PER_DUE_CAMPAIGN * len(due)
    assert writes <= MOST_WRITES_PER_DUE_CAMPAIGN * len(due)
    assert calls["set_wake"] == len(due) and calls["due_campaigns"] == 2


async def test_a_batch_writes_its_wake_times_after_its_visits(
    service: CampaignService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    due = [await started(service, pace=QUICK, channel=CHANNEL + i) for i in range(5)]
    scheduler = Scheduler(service)
    await scheduler.tick()
    clock.advance(hours=5)
    order: list[str] = []
    visit, set_wake = service.schedule._run_campaign, service.store.set_wake

    async def visiting(campaign_id: int) -> Any:
        order.append("visit")
        return await visit(campaign_id)

    async def waking(*args: Any, **kwargs: Any) -> Any:
        order.append("wake")
        return await set_wake(*args, **kwargs)

    monkeypatch.setattr(service.schedule, "_run_campaign", visiting)
    monkeypatch.setattr(service.store, "set_wake", waking)
    await scheduler.tick()
    assert order == ["visit"] * len(due) + ["wake"] * len(due)
    # The wake times landed: the next tick, an hour on, has nothing to do.
    order.clear()
    clock.advance(hours=1)
    await scheduler.tick()
    assert order == []


async def test_an_order_given_during_a_drain_is_served_before_it_ends(
    service: CampaignService, clock: FakeClock
) -> None:
    due = [await started(service, pace=QUICK, channel=CHANNEL + i) for i in range(24)]
    calm = await started(service, channel=CHANNEL + 100)
    scheduler = Scheduler(service)
    await scheduler.tick()
    clock.advance(hours=5)
    drain = asyncio.create_task(scheduler.tick())
    await asyncio.sleep(0)  # the drain has begun
    answered = await service.submit(calm, RED, {"type": "bid", "amount": 2})
    assert answered.seq == 1
    assert not drain.done()
    report = await drain
    assert report.missed == len(due)
