"""(e) resident memory with 10,000 or 100,000 campaigns stored and 200 active, and (f)
start-up time to ready without the Discord login, with nothing due and with a backlog of
overdue deadlines: all measured on a separate process."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

from tests.bench.big_database import BUILT_AT, build_big_database
from tests.bench.figures import Figure

REPO = Path(__file__).resolve().parents[2]
TARGET_RSS_MB = 200
TARGET_START_SECONDS = 3.0


def run_probe(
    database: Path, active_file: Path | None = None, now: datetime | None = None
) -> tuple[dict[str, float], dict[str, str]]:
    """Seconds from launching the process to each line, and its output by keyword."""
    command = [sys.executable, "-m", "tests.bench.process_probe", str(database)]
    if active_file is not None:
        command += ["--active", str(active_file)]
    if now is not None:
        command += ["--now", now.isoformat()]
    began = time.perf_counter()
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    after: dict[str, float] = {}
    lines: dict[str, str] = {}
    for line in process.stdout:
        word, _, rest = line.strip().partition(" ")
        lines[word] = rest
        after[word] = time.perf_counter() - began
    if process.wait() != 0:
        raise RuntimeError(f"the probe failed: {command}")
    return after, lines


async def process_figures(folder: Path, campaigns: int) -> list[Figure]:
    database = folder / f"big-{campaigns}.sqlite3"
    active = await build_big_database(database, campaigns)
    active_file = folder / f"active-{campaigns}.txt"
    active_file.write_text(" ".join(map(str, active)))
    copy = folder / f"big-{campaigns}-backlog.sqlite3"
    shutil.copyfile(database, copy)  # the second start must find the same overdue deadlines
    figures = []
    memory = "(e) resident memory of the bot process"
    # Nothing due: the clock stopped an hour after the database was made.
    seconds, lines = run_probe(database, active_file, now=BUILT_AT + timedelta(hours=1))
    rss, peak = (int(n) / 1024 for n in lines["memory"].split())
    name = f"{campaigns:,} stored, {len(active)} active: VmRSS"
    figures.append(
        Figure(memory, name, f"{rss:.0f} MB", f"< {TARGET_RSS_MB} MB", rss < TARGET_RSS_MB)
    )
    figures.append(
        Figure(
            memory,
            "same: peak (VmHWM)",
            f"{peak:.0f} MB",
            f"< {TARGET_RSS_MB} MB",
            peak < TARGET_RSS_MB,
        )
    )
    started = f"(f) start-up to ready, no Discord login, {campaigns:,} campaigns"
    first, second = (float(n) for n in lines["ready"].split())
    figures += [
        Figure(started, "launch to database open", f"{seconds['opened']:.2f} s", "(imports)"),
        Figure(
            started,
            f"nothing due: first tick ({len(active)} new to the scheduler)",
            f"{first:.2f} s",
            "(plans each one's wake time)",
        ),
        Figure(started, "nothing due: next tick", f"{second * 1000:.1f} ms", "(idle)"),
        Figure(
            started,
            "nothing due: launch to ready",
            f"{seconds['ready']:.2f} s",
            f"< {TARGET_START_SECONDS:.0f} s (proposed)",
            seconds["ready"] < TARGET_START_SECONDS,
        ),
    ]
    # A backlog: the real clock, months after the database's deadlines.
    seconds, lines = run_probe(copy)
    first, second = (float(n) for n in lines["ready"].split())
    figures += [
        Figure(
            started,
            f"backlog: first tick ({len(active)} overdue, defaults played)",
            f"{first:.2f} s",
            "(drains the backlog)",
        ),
        Figure(started, "backlog: launch to ready", f"{seconds['ready']:.2f} s", "(none)"),
    ]
    return figures
