"""(h) PostgreSQL beside SQLite, measured in the same run on the same machine: the latency to
accept and commit an order with 10,000 and 100,000 campaigns stored (p50 and p99), and
orders per second on one set of campaigns played by one and by two bot processes at once.

The PostgreSQL server is the tests' throwaway one (tests/fixtures/postgres_server.py: the
machine's PostgreSQL binaries, a Unix socket, durability settings off as for the tests,
which favours PostgreSQL a little; SQLite keeps its own WAL settings). Campaigns are cloned
inside each database with one `INSERT … SELECT` per table, as `populate` does for SQLite.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import asyncpg

from bot.services import FakeClock, open_service
from tests.bench.figures import Figure, median, ms, percentile
from tests.bench.latency import submit_latencies
from tests.bench.populate import clone_campaigns, planned_orders, started_campaign
from tests.fixtures.postgres_server import PostgresServer, _prepare_directory, server_binaries

SKIPPED_TABLES = ("outbox", "audit", "campaign_wake", "schema_version", "prompt_posts")
THROUGHPUT_SEED = 11
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def postgres_server() -> Iterator[PostgresServer | None]:
    """A throwaway server for the bench, or None (figures marked not measured)."""
    binaries = server_binaries()
    if binaries is None:
        yield None
        return
    directory = _prepare_directory()
    server = PostgresServer(binaries, directory)
    try:
        server.start()
        try:
            server.make_template()
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(directory, ignore_errors=True)


async def clone_postgres(url: str, template_id: int, count: int) -> None:
    """Add `count` copies of campaign `template_id` (every row of it but its history)."""
    connection = await asyncpg.connect(url)
    try:
        async with connection.transaction():
            first = await connection.fetchval("SELECT COALESCE(MAX(id), 0) + 1 FROM campaigns")
            await _clone_table(connection, "campaigns", "id", template_id, first, count)
            tables = await connection.fetch(
                "SELECT table_name FROM information_schema.columns WHERE column_name ="
                " 'campaign_id' AND table_schema = current_schema() AND table_name <> ALL($1)",
                list(SKIPPED_TABLES),
            )
            for row in tables:
                table = row["table_name"]
                await _clone_table(connection, table, "campaign_id", template_id, first, count)
            await connection.execute(
                "SELECT setval(pg_get_serial_sequence('campaigns', 'id'), MAX(id)) FROM campaigns"
            )
    finally:
        await connection.close()


async def _clone_table(
    connection: asyncpg.Connection, table: str, key: str, template_id: int, first: int, count: int
) -> None:
    columns = [
        row["column_name"]
        for row in await connection.fetch(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = $1",
            table,
        )
        if row["column_name"] not in ("id", "campaign_id", "channel_id")
    ]
    extra = ", channel_id" if table == "campaigns" else ""
    made = ", 1000000000 + clone" if table == "campaigns" else ""
    names = ", ".join(columns)
    await connection.execute(
        f"INSERT INTO {table} ({key}{extra}, {names})"
        f" SELECT clone{made}, {names} FROM {table}"
        f" CROSS JOIN generate_series($2::bigint, $3::bigint) AS clone WHERE {key} = $1",
        template_id,
        first,
        first + count - 1,
    )


async def postgres_latencies(url: str, campaigns: int, ruleset: str) -> list[float]:
    service = await open_service(url, FakeClock())
    measured = await started_campaign(service, ruleset, seed=7)
    await service.close()
    if campaigns > 1:
        await clone_postgres(url, measured, campaigns - 1)
    service = await open_service(url, FakeClock())
    latencies = []
    for user, seat, action in planned_orders(ruleset, 7):
        began = time.perf_counter()
        await service.submit(measured, user, action, seat=seat)
        latencies.append(time.perf_counter() - began)
    await service.close()
    return latencies


def _p50_p99(values: list[float]) -> str:
    return f"{ms(median(values))} / {ms(percentile(values, 0.99))}"


async def latency_beside(
    folder: Path, server: PostgresServer, ruleset: str, sizes: tuple[int, ...]
) -> list[Figure]:
    section = f"(h) PostgreSQL beside SQLite: accept and commit one action ({ruleset})"
    figures = []
    for size in sizes:
        sqlite, _ = await submit_latencies(folder, size, ruleset)
        url = server.url(server.new_database())
        postgres = await postgres_latencies(url, size, ruleset)
        figures += [
            Figure(section, f"SQLite, {size:,} campaigns: p50 / p99", _p50_p99(sqlite), "(none)"),
            Figure(
                section,
                f"PostgreSQL, {size:,} campaigns: p50 / p99",
                _p50_p99(postgres),
                "(none)",
            ),
            Figure(
                section,
                f"PostgreSQL / SQLite p99, {size:,} campaigns",
                f"{percentile(postgres, 0.99) / percentile(sqlite, 0.99):.2f}x",
                "(none)",
            ),
        ]
    return figures


async def _orders_per_second(database: str, ids: list[int], processes: int, moves: int) -> float:
    """Orders per second with `processes` worker processes, each playing its share of `ids`
    (every other id, as shards split guilds) from the same start signal."""
    shares = [ids[number::processes] for number in range(processes)]
    workers = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bench.throughput_worker",
            database,
            str(moves),
            str(THROUGHPUT_SEED),
            ",".join(map(str, share)),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        for share in shares
    ]
    for worker in workers:
        assert worker.stdout is not None
        assert (await worker.stdout.readline()).strip() == b"ready"
    began = time.perf_counter()
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write(b"go\n")
        await worker.stdin.drain()
    orders = 0
    for worker in workers:
        output, _ = await worker.communicate()
        orders += int(output.split()[0])
    return orders / (time.perf_counter() - began)


async def _campaign_set(service_database: str, count: int, ruleset: str) -> list[int]:
    service = await open_service(service_database, FakeClock())
    first = await started_campaign(service, ruleset, seed=THROUGHPUT_SEED)
    await service.close()
    if service_database.startswith("postgresql://"):
        await clone_postgres(service_database, first, count - 1)
        return list(range(first, first + count))
    return [first, *clone_campaigns(Path(service_database), first, count - 1)]


async def throughput_beside(
    folder: Path, server: PostgresServer, ruleset: str, campaigns: int, moves: int
) -> list[Figure]:
    section = (
        f"(h) orders per second, {campaigns} {ruleset} campaigns, {moves} orders each,"
        " 1 and 2 processes"
    )
    figures = []
    for processes in (1, 2):
        sqlite_file = str(folder / f"throughput-{processes}.sqlite3")
        postgres_url = server.url(server.new_database())
        rates = {}
        for name, database in (("SQLite", sqlite_file), ("PostgreSQL", postgres_url)):
            ids = await _campaign_set(database, campaigns, ruleset)
            rates[name] = await _orders_per_second(database, ids, processes, moves)
        for name, rate in rates.items():
            label = f"{name}, {processes} process{'es' if processes > 1 else ''}"
            figures.append(Figure(section, label, f"{rate:.0f} orders/s", "(none)"))
    return figures


async def postgres_figures(
    folder: Path, ruleset: str, sizes: tuple[int, ...], campaigns: int, moves: int
) -> list[Figure]:
    with postgres_server() as server:
        if server is None:
            return [Figure("(h) PostgreSQL", "no PostgreSQL server binaries", "-", "(none)")]
        figures = await latency_beside(folder, server, ruleset, sizes)
        figures += await throughput_beside(folder, server, ruleset, campaigns, moves)
        return figures
