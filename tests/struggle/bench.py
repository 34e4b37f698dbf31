"""Benchmark: random games per second for each table size, with the kernel's miniature game
measured in the same run as a baseline. Run: `python -m tests.struggle.bench [games]`."""

from __future__ import annotations

import sys
import time

from rulesets.struggle import STRUGGLE
from tests.fixtures.mini_game import MINI
from tests.random_play import play_random_game

POWERS = ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]


def steps_per_second(ruleset: object, seats: list[str], games: int) -> tuple[float, float]:
    began = time.perf_counter()
    steps = 0
    for seed in range(games):
        run = play_random_game(ruleset, seats, seed)  # type: ignore[arg-type]
        assert run.finished
        steps += run.steps
    elapsed = time.perf_counter() - began
    return games / elapsed, steps / elapsed


def main(games: int) -> None:
    _, baseline = steps_per_second(MINI, ["red", "blue", "green"], games * 20)
    print(f"baseline (mini game): {baseline:.0f} steps/s")
    for count in range(2, 8):
        rate, steps = steps_per_second(STRUGGLE, POWERS[:count], games)
        print(
            f"{count} players: {rate:.2f} games/s, {steps:.0f} steps/s "
            f"({steps / baseline:.2f} x the baseline's steps/s)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
