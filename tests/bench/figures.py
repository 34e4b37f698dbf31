"""The bench table: each figure printed beside its target, with a verdict."""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    section: str
    name: str
    value: str
    target: str
    met: bool | None = None  # None: no target to meet, or not measured


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (share 0.99 for p99)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def median(values: list[float]) -> float:
    return statistics.median(values)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def print_table(figures: list[Figure]) -> None:
    load = os.getloadavg()[0]
    print()
    print(f"Courier benchmarks (load average {load:.1f} on {os.cpu_count()} CPUs)")
    width = max(len(f.name) for f in figures) + 2
    print(f"{'':4}{'figure':<{width}}{'measured':>20}  {'target':<38}ok")
    section = ""
    for figure in figures:
        if figure.section != section:
            section = figure.section
            print(section)
        verdict = {True: "yes", False: "NO", None: "-"}[figure.met]
        print(f"{'':4}{figure.name:<{width}}{figure.value:>20}  {figure.target:<38}{verdict}")
