"""`make bench`: every Courier benchmark, printed as one table of figures beside targets.

Usage: python -m tests.bench [--quick] [--only a,b,c,d,e,f,g,h] [--scale-sizes 1000,3000]
       [--orders-per-second 20] [--stored N,N]

(a) service latency to accept and commit an action with 1, 100 and 10,000 campaigns;
(b) loading a long log at a snapshot, 49 steps after one and without snapshots; (c) random
games per second per ruleset; (d) map render time (tests/bench/render_bench.py) beside the
diplomacy package's; (e) resident memory with 10,000 and 100,000 campaigns stored and 200
active; (f) start-up time to ready without the login, with nothing due and with a backlog;
(g) the scheduler's tick with 1,000 and 10,000 running campaigns, idle and with 30% due
(two drain rounds, orders given meanwhile beside the same orders with nothing draining,
store calls, writes and commits per due table);
(h) PostgreSQL beside SQLite: submit p50/p99 with 10,000 and 100,000 campaigns stored
(`--stored` for other counts) and orders per second with one and two processes.
Targets marked "proposed" are not from the issue; the others are. Timings on a shared
machine are noisy: the load average is printed with the table, CPU times beside some.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

from rulesets import registry
from tests.bench.figures import Figure, print_table
from tests.bench.games import game_figures
from tests.bench.latency import latency_figures
from tests.bench.loading import loading_figures
from tests.bench.postgres_bench import postgres_figures
from tests.bench.process_figures import process_figures
from tests.bench.render_figures import render_figures
from tests.bench.scale import CLICKS_PER_SECOND, scale_figures
from tests.fixtures.mini_game import MINI

SECTIONS = "abcdefgh"


def heaviest_ruleset() -> str:
    names = {ruleset.name for ruleset in registry.all_rulesets()}
    return next(name for name in ("struggle", "empires", "mini") if name in names)


async def run(
    sections: str,
    quick: bool,
    folder: Path,
    scale_sizes: tuple[int, ...] = (),
    orders_per_second: int = CLICKS_PER_SECOND,
    stored: tuple[int, ...] | None = None,
) -> list[Figure]:
    figures: list[Figure] = []
    big = 1_000 if quick else 10_000
    if "a" in sections:
        figures += await latency_figures(folder, heaviest_ruleset(), (1, 100, big))
    if "b" in sections:
        real = "empires" if "empires" in {r.name for r in registry.all_rulesets()} else None
        figures += await loading_figures(folder, real)
    if "c" in sections:
        figures += game_figures(budget_seconds=3.0 if quick else 15.0)
    if "d" in sections:
        figures += render_figures(runs=3 if quick else 10)
    if "e" in sections or "f" in sections:
        for stored in (big,) if quick else (big, 100_000):
            figures += await process_figures(folder, stored)
    if "g" in sections:
        sizes = scale_sizes or ((1_000,) if quick else (1_000, 10_000))
        figures += await scale_figures(folder, sizes, orders_per_second)
    if "h" in sections:
        sizes = stored or ((1_000, 10_000) if quick else (10_000, 100_000))
        campaigns, moves = (20, 10) if quick else (100, 20)
        figures += await postgres_figures(folder, heaviest_ruleset(), sizes, campaigns, moves)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 campaigns, short runs")
    parser.add_argument("--only", default=SECTIONS, help="sections to run, e.g. a,c")
    parser.add_argument(
        "--scale-sizes", default="", help="(g) at these numbers of active campaigns, e.g. 3000"
    )
    parser.add_argument(
        "--orders-per-second",
        type=int,
        default=CLICKS_PER_SECOND,
        help="(g) orders given during the drain (more: enough samples at a reduced size)",
    )
    parser.add_argument(
        "--stored", default=None, help="campaigns stored for (h), e.g. 1000,10000 for a quick run"
    )
    arguments = parser.parse_args(argv)
    registry.register(MINI)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="courier-bench-") as folder:
        sizes = tuple(int(size) for size in arguments.scale_sizes.split(",") if size)
        stored = tuple(int(n) for n in arguments.stored.split(",")) if arguments.stored else None
        sections = arguments.only.replace(",", "")
        figures = asyncio.run(
            run(
                sections,
                arguments.quick,
                Path(folder),
                sizes,
                arguments.orders_per_second,
                stored,
            )
        )
    print_table(figures)
    print(f"\n{time.perf_counter() - began:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
