"""(d) Map render time, from `tests/bench/render_bench.py` (the renderer's own benchmark)
when it is present: run as a subprocess, its medians are picked out of its table, with the
diplomacy package's map (the peer) and the ratio of the two beside them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench.figures import Figure

RENDER_BENCH = Path(__file__).with_name("render_bench.py")
REPO = Path(__file__).resolve().parents[2]
TARGETS = {"courier cold map": 1.0, "courier cached map": 0.25}
"""Proposed: a cold map within a second, a cached one in a quarter of a second."""
PEER = "diplomacy 1.1.2 SVG + cairosvg"
RATIO = "ratio peer / courier"


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
        figures += _peer_figures(section, line)
    return figures or [Figure(section, "render bench", "no figures read", "-", None)]


def _peer_figures(section: str, line: str) -> list[Figure]:
    """The diplomacy package's map beside ours, and how many times slower it is."""
    if line.startswith(PEER):
        return [Figure(section, f"peer: {PEER} (median)", f"{float(line[40:50]):.1f} ms", "-")]
    if line.startswith("peer skipped"):
        return [Figure(section, "peer: diplomacy map", "not installed", "(make bench installs)")]
    if line.startswith(RATIO):
        # "ratio peer / courier cold map:      3.1x wall clock    2.9x CPU"
        name, _, figures = line.partition(":")
        wall, cpu = figures.split()[0], figures.split()[3]
        label = name.removeprefix(RATIO).strip()
        return [Figure(section, f"ratio peer / courier, {label}", f"{wall} wall, {cpu} CPU", "-")]
    return []
