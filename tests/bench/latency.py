"""(a) How long the service takes to accept an action and commit it, with 1, 100 and
10,000 campaigns in the database: one game played on one campaign while the others sit
beside it (clones of the same game, so the tables are as large as they would be)."""

from __future__ import annotations

import time
from pathlib import Path

from bot.services import FakeClock, open_service
from tests.bench.figures import Figure, median, ms, percentile
from tests.bench.populate import clone_campaigns, planned_orders, started_campaign

TARGET_P99 = 0.020
TARGET_GROWTH = 2.0
MIN_SAMPLES_FOR_P99 = 1_000


async def submit_latencies(
    folder: Path, campaigns: int, ruleset: str
) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each submit (CPU time shows through a busy machine)."""
    database = folder / f"latency-{campaigns}.sqlite3"
    service = await open_service(database, FakeClock())
    measured = await started_campaign(service, ruleset, seed=7)
    await service.close()
    if campaigns > 1:
        clone_campaigns(database, measured, campaigns - 1)
    service = await open_service(database, FakeClock())
    latencies, cpu = [], []
    for user, seat, action in planned_orders(ruleset, 7):
        began, began_cpu = time.perf_counter(), time.process_time()
        await service.submit(measured, user, action, seat=seat)
        latencies.append(time.perf_counter() - began)
        cpu.append(time.process_time() - began_cpu)
    await service.close()
    return latencies, cpu


def tail_of(values: list[float]) -> tuple[float, str]:
    """The p99 when there are enough samples for one to mean something, else the maximum."""
    if len(values) >= MIN_SAMPLES_FOR_P99:
        return percentile(values, 0.99), "p99"
    return max(values), "maximum"


async def latency_figures(folder: Path, ruleset: str, sizes: tuple[int, ...]) -> list[Figure]:
    section = f"(a) accept and commit one action ({ruleset} game, one commit per action)"
    figures = []
    p99s = {}
    for size in sizes:
        latencies, cpu = await submit_latencies(folder, size, ruleset)
        tail, tail_name = tail_of(latencies)
        p99s[size] = tail
        figures.append(
            Figure(section, f"{size:,} campaigns: median", ms(median(latencies)), "(none)", None)
        )
        cpu_text = f"{ms(median(cpu))} / {ms(tail_of(cpu)[0])}"
        figures.append(
            Figure(section, f"{size:,} campaigns: CPU median / {tail_name}", cpu_text, "(none)")
        )
        met = p99s[size] < TARGET_P99 if size == max(sizes) else None
        target = f"< {TARGET_P99 * 1000:.0f} ms at {max(sizes):,}" if size == max(sizes) else ""
        name = f"{size:,} campaigns: {tail_name} of {len(latencies)}"
        figures.append(Figure(section, name, ms(p99s[size]), target or "(none)", met))
    growth = p99s[max(sizes)] / p99s[min(sizes)]
    figures.append(
        Figure(
            section,
            f"tail growth {min(sizes):,} -> {max(sizes):,}",
            f"{growth:.2f}x",
            f"< {TARGET_GROWTH:.0f}x",
            growth < TARGET_GROWTH,
        )
    )
    return figures
