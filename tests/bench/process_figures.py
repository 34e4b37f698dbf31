"""(e) resident memory with 10,000 campaigns stored and 200 active, and (f) start-up time
to ready without the Discord login: both measured on a separate process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tests.bench.big_database import build_big_database
from tests.bench.figures import Figure

REPO = Path(__file__).resolve().parents[2]
TARGET_RSS_MB = 200
TARGET_START_SECONDS = 3.0


def run_probe(
    database: Path, active_file: Path | None = None
) -> tuple[dict[str, float], dict[str, str]]:
    """Seconds from launching the process to each line, and its output by keyword."""
    command = [sys.executable, "-m", "tests.bench.process_probe", str(database)]
    if active_file is not None:
        command.append(str(active_file))
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
    database = folder / "big.sqlite3"
    active = await build_big_database(database, campaigns)
    active_file = folder / "active.txt"
    active_file.write_text(" ".join(map(str, active)))
    figures = []
    memory = "(e) resident memory of the bot process"
    seconds, lines = run_probe(database, active_file)
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
    started = "(f) start-up to ready, no Discord login"
    figures.append(
        Figure(
            started,
            f"{campaigns:,} campaigns: launch to database open",
            f"{seconds['opened']:.2f} s",
            "(imports, migrate, rulesets)",
        )
    )
    figures.append(
        Figure(
            started,
            f"first scheduler tick, {len(active)} active",
            f"{float(lines['ready']):.2f} s",
            "(re-arm: loads every active state)",
        )
    )
    figures.append(
        Figure(
            started,
            "launch to ready, tick included",
            f"{seconds['ready']:.2f} s",
            f"< {TARGET_START_SECONDS:.0f} s (proposed)",
            seconds["ready"] < TARGET_START_SECONDS,
        )
    )
    return figures
