"""(g) The scheduler at scale: the tick with 1,000 and 10,000 running campaigns when
nothing is due, and when 30% of their deadlines fall due in the same minute (3,000 of
10,000: a restart after an outage) while players keep giving orders in the others, twenty
a second.

Every campaign is a two-player miniature game waiting for its first order: the due ones
with a 4-hour pace, the others with the default 48 hours. The clock is the service's. The
due tables fall due twice (the auction, then both seats' calls), so the drain runs in two
rounds and the orders given meanwhile are counted over both: p99 only from 1,000 of them.

A busy machine slows everything alike, so the figures are also given as ratios to a
baseline measured in the same run: the same orders given while nothing drains. The store
calls and commits the drain makes are counted per due campaign (the tick's own calls; the
commits include those of the orders, which share them).
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import bot.storage.sqlite_commits
from bot.services import CampaignService, FakeClock, open_service
from bot.services.schedule import Scheduler
from tests.bench.figures import Figure, median, ms, percentile
from tests.bench.latency import tail_of
from tests.bench.populate import clone_campaigns, planned_orders, player

BUILT_AT = datetime(2026, 1, 5, 9, tzinfo=UTC)
DUE_SHARE = 0.3
DRAIN_ROUNDS = 2
TARGET_IDLE_SECONDS = 1.0
TARGET_DRAIN_SECONDS = 60.0
TARGET_DRAIN_COUNT = 3_000
TARGET_CLICK_P99 = 0.050
SLOW_SEED, QUICK_SEED = 41, 42
CLICKS_PER_SECOND = 20
"""Far more than 10,000 tables of weeks-long games give, to load the loop while it drains."""
QUIET_ORDERS = 200

# The store's writes the scheduler makes (each one trip to the database).
WRITES = ("append_action", "save_schedule", "set_wake", "add_outbox", "add_audit")

_in_tick: contextvars.ContextVar[bool] = contextvars.ContextVar("in_tick", default=False)


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


class Orders:
    """The idle tables' games, order after order: each pass over the tables gives every
    one its next planned order (each order wakes its table too: the tick looks at it)."""

    def __init__(self, service: CampaignService, idle: list[int], per_second: int) -> None:
        self._service = service
        self._next = self._planned(idle)
        self.per_second = per_second

    @staticmethod
    def _planned(idle: list[int]) -> Iterator[tuple[int, int, tuple[str, str, dict[str, Any]]]]:
        for seq, order in enumerate(planned_orders("mini", SLOW_SEED)):
            for campaign_id in idle:
                yield campaign_id, seq, order

    async def give(self, until: asyncio.Task[object] | None, count: int = 0) -> list[float]:
        """Orders arriving at `per_second` while `until` runs (or `count` of them), each
        on its own like players' clicks: one slow order does not hold back the next."""
        given: list[asyncio.Task[float]] = []
        for campaign_id, seq, (user, seat, order) in self._next:
            if (until is not None and until.done()) or (until is None and len(given) >= count):
                break
            given.append(asyncio.create_task(self._one(campaign_id, user, order, seat, seq)))
            await asyncio.sleep(1 / self.per_second)
        return list(await asyncio.gather(*given))

    async def _one(
        self, campaign_id: int, user: str, order: dict[str, Any], seat: str, seq: int
    ) -> float:
        began = time.perf_counter()
        await self._service.submit(campaign_id, user, order, seat=seat, expected_seq=seq)
        return time.perf_counter() - began


class DrainCounter:
    """Counts the tick's own store calls and every commit while it runs."""

    def __init__(self, service: CampaignService) -> None:
        self.calls: Counter[str] = Counter()
        self.commits = 0
        self._undo: list[tuple[object, str, object]] = []
        store = service.store
        for name, _ in inspect.getmembers(type(store), inspect.iscoroutinefunction):
            if not name.startswith("_"):
                self._wrap(store, name)
        self._count_commits()

    def _wrap(self, store: object, name: str) -> None:
        original = getattr(store, name)

        async def counted(*args: Any, **kwargs: Any) -> Any:
            if _in_tick.get():
                self.calls[name] += 1
            return await original(*args, **kwargs)

        setattr(store, name, counted)
        self._undo.append((store, name, None))

    def _count_commits(self) -> None:
        module = bot.storage.sqlite_commits
        run_group = module._run_group

        def counted(*args: Any) -> Any:
            self.commits += 1
            return run_group(*args)

        module._run_group = counted  # type: ignore[assignment]
        self._undo.append((module, "_run_group", run_group))

    def writes(self) -> int:
        return sum(self.calls[name] for name in WRITES)

    def stop(self) -> None:
        for owner, name, original in reversed(self._undo):
            if original is None:
                delattr(owner, name)  # the instance attribute hid the method
            else:
                setattr(owner, name, original)


async def _tick(scheduler: Scheduler) -> Any:
    _in_tick.set(True)
    return await scheduler.tick()


async def scale_figures(
    folder: Path, sizes: tuple[int, ...], orders_per_second: int = CLICKS_PER_SECOND
) -> list[Figure]:
    """`orders_per_second` above the default loads the loop more, so that a run at a reduced
    size still gives its p99 from 1,000 orders."""
    section = "(g) scheduler tick at scale (miniature tables waiting for an order)"
    figures: list[Figure] = []
    idle_ticks: dict[int, float] = {}
    for size in sizes:
        figures += await _figures_at(folder, size, section, idle_ticks, orders_per_second)
    if len(idle_ticks) > 1:
        small, big = min(idle_ticks), max(idle_ticks)
        growth = idle_ticks[big] / max(idle_ticks[small], 1e-9)
        name = f"idle tick growth {small:,} -> {big:,} active"
        figures.append(Figure(section, name, f"{growth:.1f}x", "(none)"))
    return figures


async def _figures_at(
    folder: Path, size: int, section: str, idle_ticks: dict[int, float], per_second: int
) -> list[Figure]:
    database = folder / f"scale-{size}.sqlite3"
    due, idle = await build(database, size)
    clock = FakeClock(BUILT_AT + timedelta(hours=1))
    service = await open_service(database, clock)
    scheduler = Scheduler(service)
    figures = []
    began = time.perf_counter()
    await scheduler.tick()
    first = time.perf_counter() - began
    name = f"{size:,} active: first tick (plans every wake time)"
    figures.append(Figure(section, name, ms(first), "-"))
    ticks = []
    for _ in range(5):
        began = time.perf_counter()
        await scheduler.tick()
        ticks.append(time.perf_counter() - began)
    idle_ticks[size] = median(ticks)
    figures.append(
        Figure(
            section,
            f"{size:,} active: idle tick (median of 5)",
            ms(median(ticks)),
            f"< {TARGET_IDLE_SECONDS:.0f} s",
            median(ticks) < TARGET_IDLE_SECONDS,
        )
    )
    orders = Orders(service, idle, per_second)
    quiet = await orders.give(None, QUIET_ORDERS)
    await scheduler.tick()  # the tables those orders woke
    figures.append(
        Figure(
            section,
            f"baseline: orders while nothing drains, p50 / p99 of {len(quiet)}",
            f"{ms(median(quiet))} / {ms(percentile(quiet, 0.99))}",
            "(baseline)",
        )
    )
    figures += await _drain_figures(service, scheduler, clock, orders, len(due), quiet, section)
    await service.close()
    return figures


async def _drain_figures(
    service: CampaignService,
    scheduler: Scheduler,
    clock: FakeClock,
    orders: Orders,
    due: int,
    quiet: list[float],
    section: str,
) -> list[Figure]:
    figures = []
    clicks: list[float] = []
    for round_number in range(1, DRAIN_ROUNDS + 1):
        clock.advance(hours=4)  # the quick tables' deadlines have all passed
        counter = DrainCounter(service)
        began, began_cpu = time.perf_counter(), time.process_time()
        tick = asyncio.create_task(_tick(scheduler))
        clicks += await orders.give(tick)
        report = await tick
        drained, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        counter.stop()
        target = f"< {TARGET_DRAIN_SECONDS:.0f} s for {TARGET_DRAIN_COUNT:,}"
        name = f"round {round_number}: {report.missed:,} missed on {due:,} due tables (CPU)"
        met = drained < TARGET_DRAIN_SECONDS if due >= TARGET_DRAIN_COUNT else None
        figures.append(Figure(section, name, f"{drained:.1f} s ({cpu:.1f} s)", target, met))
        per_due = drained / due
        figures.append(
            Figure(
                section,
                "same: per due table / a quiet order's p50",
                f"{ms(per_due)} = {per_due / median(quiet):.1f}x",
                f"< {TARGET_DRAIN_SECONDS / TARGET_DRAIN_COUNT * 1000:.0f} ms",
                per_due < TARGET_DRAIN_SECONDS / TARGET_DRAIN_COUNT,
            )
        )
        calls, writes = sum(counter.calls.values()), counter.writes()
        figures.append(
            Figure(
                section,
                "same: store calls / writes / commits per due table",
                f"{calls / due:.1f} / {writes / due:.1f} / {counter.commits / due:.2f}",
                "(none)",
            )
        )
    figures.append(_click_figure(section, clicks, quiet, orders.per_second))
    return figures


def _click_figure(section: str, clicks: list[float], quiet: list[float], rate: int) -> Figure:
    tail, tail_name = tail_of(clicks)
    quiet_tail = percentile(quiet, 0.99)
    return Figure(
        section,
        f"orders meanwhile ({rate}/s): p50 / {tail_name} of {len(clicks):,} (x baseline)",
        f"{ms(median(clicks))} / {ms(tail)} ({median(clicks) / median(quiet):.1f}x"
        f" / {tail / quiet_tail:.1f}x)",
        f"{tail_name} < {TARGET_CLICK_P99 * 1000:.0f} ms",
        tail < TARGET_CLICK_P99,
    )
