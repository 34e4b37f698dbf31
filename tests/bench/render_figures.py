"""(d) Map render time, from `tests/bench/render_bench.py` (the renderer's own benchmark)
when it is present: run as a subprocess, its medians are picked out of its table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench.figures import Figure

RENDER_BENCH = Path(__file__).with_name("render_bench.py")
REPO = Path(__file__).resolve().parents[2]
TARGETS = {"courier cold map": 1.0, "courier cached map": 0.25}
"""Proposed: a cold map within a second, a cached one in a quarter of a second."""


def render_figures(runs: int) -> list[Figure]:
    section = "(d) map render (tests/bench/render_bench.py)"
    if not RENDER_BENCH.exists():
        return [Figure(section, "render bench", "not present", "-", None)]
    done = subprocess.run(
        [sys.executable, "-m", "tests.bench.render_bench", "--runs", str(runs)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1][:60]
        return [Figure(section, "render bench failed", last, "-", False)]
    figures = []
    for line in done.stdout.splitlines():
        for name, target in TARGETS.items():
            if line.startswith(name):
                median_ms = float(line[40:50])
                figures.append(
                    Figure(
                        section,
                        f"{name} (median of {runs})",
                        f"{median_ms:.1f} ms",
                        f"< {target * 1000:.0f} ms (proposed)",
                        median_ms < target * 1000,
                    )
                )
    return figures or [Figure(section, "render bench", "no figures read", "-", None)]
