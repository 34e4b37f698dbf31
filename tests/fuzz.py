"""`make fuzz`: random legal play of every shipped game at every player count.

Usage: python -m tests.fuzz [--games N] [--ruleset NAME] [--workers W]
Prints games per second for each ruleset and player count, and exits non-zero on the first
exception or dead end (with the seed that reproduces it). Without --games every game plays
1,000 games at each player count, its issue's figure; the long campaigns (Ultima Ratio
Regis, Pax Britannica: thousands of actions a game) make `make fuzz` take about three hours
on two quiet cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rulesets import registry
from tests.random_play import play_random_game

# A game whose rules set no end (Colonial) is fuzzed to the house turn limit of its issue.
# Pax Britannica is fuzzed with its wars (the option is off by default for the peacetime game).
FUZZ_OPTIONS: dict[str, dict[str, Any]] = {
    "colonial": {"turn_limit": 40, "six_players": True},
    "pax-britannica": {"war_declarations": True},
}
GAMES_PER_COUNT = 1000


def seats_for(ruleset: Any, count: int) -> list[str]:
    return [spec.id for spec in ruleset.seat_pool()][:count]


def play_batch(name: str, count: int, seeds: range) -> tuple[int, int]:
    """Play one batch in a worker; returns (games finished, actions taken)."""
    ruleset = registry.get(name)
    steps = 0
    for seed in seeds:
        run = play_random_game(ruleset, seats_for(ruleset, count), seed, FUZZ_OPTIONS.get(name))
        if not run.finished:
            raise AssertionError(f"{name} {count}p seed {seed}: not finished in {run.steps}")
        steps += run.steps
    return len(seeds), steps


def fuzz(name: str, games: int, workers: int) -> None:
    ruleset = registry.get(name)
    for count in range(ruleset.min_players, ruleset.max_players + 1):
        began = time.perf_counter()
        chunk = max(1, games // (workers * 4))
        batches = [range(s, min(s + chunk, games)) for s in range(0, games, chunk)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(
                pool.map(play_batch, [name] * len(batches), [count] * len(batches), batches)
            )
        elapsed = time.perf_counter() - began
        played = sum(r[0] for r in results)
        actions = sum(r[1] for r in results)
        print(
            f"{name:10} {count} players: {played:5} games, {actions / played:7.0f} actions/game,"
            f" {played / elapsed:8.1f} games/s",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--ruleset", action="append")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    names = args.ruleset or [r.name for r in registry.all_rulesets() if r.name != "mini"]
    for name in names:
        games = args.games or GAMES_PER_COUNT
        fuzz(name, games, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
