"""(g) The scheduler at scale: the tick with 1,000 and 10,000 running campaigns when
nothing is due, and when 30% of their deadlines fall due in the same minute (3,000 of
10,000: a restart after an outage) while players keep giving orders in the others, twenty
a second.

Every campaign is a two-player miniature game waiting for its first order: the due ones
with a 4-hour pace, the others with the default 48 hours. The clock is the service's.
"""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.services import CampaignService, FakeClock, open_service
from bot.services.schedule import Scheduler
from tests.bench.figures import Figure, median, ms
from tests.bench.latency import tail_of
from tests.bench.populate import clone_campaigns, planned_orders, player

BUILT_AT = datetime(2026, 1, 5, 9, tzinfo=UTC)
DUE_SHARE = 0.3
TARGET_IDLE_SECONDS = 1.0
TARGET_DRAIN_SECONDS = 60.0
TARGET_CLICK_P99 = 0.050
SLOW_SEED, QUICK_SEED = 41, 42
CLICKS_PER_SECOND = 20
"""Far more than 10,000 tables of weeks-long games give, to load the loop while it drains."""


async def build(database: Path, active: int) -> tuple[list[int], list[int]]:
    """`active` running campaigns; returns (the due ones, the idle ones)."""
    service = await open_service(database, FakeClock(BUILT_AT))
    quick = await _started_with_pace(service, QUICK_SEED, hours=4)
    slow = await _started_with_pace(service, SLOW_SEED, hours=None)
    await service.close()
    due_count = round(active * DUE_SHARE)
    due = [quick, *clone_campaigns(database, quick, due_count - 1)]
    idle = [slow, *clone_campaigns(database, slow, active - due_count - 1)]
    return due, idle


async def _started_with_pace(service: CampaignService, seed: int, hours: float | None) -> int:
    info = await service.create_campaign(
        ruleset="mini",
        creator_id=player(0),
        guild_id=1,
        channel_id=seed,
        options={},
        seed_hex=f"{seed:064x}",
    )
    for index, seat in enumerate(("red", "blue")):
        await service.join(info.id, player(index), seat, seat)
    if hours is not None:
        pace = {"hours": {"turn": hours, "reaction": hours}}
        await service.set_pace(info.id, pace, actor="bench", reason="a quick table")
    await service.start(info.id, player(0))
    return int(info.id)


async def _clicks_until(
    service: CampaignService, idle: list[int], done: asyncio.Task[object]
) -> list[float]:
    """Idle tables' first orders, `CLICKS_PER_SECOND` of them, for as long as `done` runs
    (each order wakes its table too: the tick looks at it once more)."""
    user, seat, order = planned_orders("mini", SLOW_SEED, limit=1)[0]
    latencies = []
    for campaign_id in idle:
        if done.done():
            break
        began = time.perf_counter()
        await service.submit(campaign_id, user, order, seat=seat, expected_seq=0)
        latencies.append(time.perf_counter() - began)
        await asyncio.sleep(max(0.0, 1 / CLICKS_PER_SECOND - latencies[-1]))
    return latencies


async def scale_figures(folder: Path, sizes: tuple[int, ...]) -> list[Figure]:
    section = "(g) scheduler tick at scale (miniature tables waiting for an order)"
    figures = []
    for size in sizes:
        database = folder / f"scale-{size}.sqlite3"
        due, idle = await build(database, size)
        clock = FakeClock(BUILT_AT + timedelta(hours=1))
        service = await open_service(database, clock)
        scheduler = Scheduler(service)
        began = time.perf_counter()
        await scheduler.tick()
        first = time.perf_counter() - began
        figures.append(
            Figure(section, f"{size:,} active: first tick (plans every wake time)", ms(first), "-")
        )
        idle_ticks = []
        for _ in range(5):
            began = time.perf_counter()
            await scheduler.tick()
            idle_ticks.append(time.perf_counter() - began)
        figures.append(
            Figure(
                section,
                f"{size:,} active: idle tick (median of 5)",
                ms(median(idle_ticks)),
                f"< {TARGET_IDLE_SECONDS:.0f} s",
                median(idle_ticks) < TARGET_IDLE_SECONDS,
            )
        )
        clock.advance(hours=4)  # the quick tables' deadlines have all passed
        began, began_cpu = time.perf_counter(), time.process_time()
        tick = asyncio.create_task(scheduler.tick())
        clicks = await _clicks_until(service, idle, tick)
        report = await tick
        drained, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        figures.append(
            Figure(
                section,
                f"{size:,} active: {report.missed:,} of {len(due):,} due drained (CPU)",
                f"{drained:.1f} s ({cpu:.1f} s)",
                f"< {TARGET_DRAIN_SECONDS:.0f} s for 3,000",
                drained < TARGET_DRAIN_SECONDS if len(due) >= 3_000 else None,
            )
        )
        rate = report.missed / drained
        figures.append(Figure(section, "same: deadlines per second", f"{rate:.0f}", "-"))
        tail, tail_name = tail_of(clicks)
        figures.append(
            Figure(
                section,
                f"same: orders meanwhile (20/s), {tail_name} of {len(clicks):,}",
                ms(tail),
                f"< {TARGET_CLICK_P99 * 1000:.0f} ms",
                tail < TARGET_CLICK_P99,
            )
        )
        await service.close()
    return figures
