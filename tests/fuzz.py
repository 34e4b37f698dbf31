"""`make fuzz`: random legal play of every shipped game at every player count.

Usage: python -m tests.fuzz [--games N] [--ruleset NAME] [--workers W] [--variant V] [--players P]
Prints games per second for each ruleset and player count, and exits non-zero on the first
exception or dead end (with the seed that reproduces it). Without --games every game plays
1,000 games at each player count, its issue's figure; the long campaigns (Ultima Ratio
Regis, Pax Britannica both ways: thousands of actions a game) make `make fuzz` take about
three and a half hours on two quiet cores.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rulesets import registry
from tests.random_play import play_random_game

# The campaign options each game is fuzzed with, by a name printed with its figures; a
# game not listed plays its defaults. A game whose rules set no end (Colonial) is fuzzed
# to the house turn limit of its issue. Pax Britannica plays both its peacetime game to
# 1916 and its whole game with random diplomacy and wars, which nearly always ends early
# in a Great War (random powers declare every war they may).
FUZZ_VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "colonial": {"": {"turn_limit": 40, "six_players": True}},
    "pax-britannica": {
        "peacetime": {"war_declarations": False},
        "wars": {"war_declarations": True},
    },
}
GAMES_PER_COUNT = 1000
# How a game ended, where a game has more than one way to end: counted and printed.
ENDINGS: dict[str, Any] = {
    "pax-britannica": lambda state: "a Great War" if state.great_war else "1916",
}


def first_options(name: str) -> dict[str, Any]:
    """The options of a game's first fuzz variant (its defaults when it has none)."""
    return next(iter(FUZZ_VARIANTS.get(name, {"": {}}).values()))


def seats_for(ruleset: Any, count: int) -> list[str]:
    return [spec.id for spec in ruleset.seat_pool()][:count]


def play_batch(
    name: str, options: dict[str, Any], count: int, seeds: range
) -> tuple[int, int, Counter[str]]:
    """Play one batch in a worker; returns (games finished, actions taken, endings)."""
    ruleset = registry.get(name)
    steps = 0
    endings: Counter[str] = Counter()
    for seed in seeds:
        try:
            run = play_random_game(ruleset, seats_for(ruleset, count), seed, options)
        except Exception as error:  # any crash is reported with the seed that replays it
            raise AssertionError(f"{name} {count}p seed {seed} {options}: {error!r}") from error
        if not run.finished:
            raise AssertionError(f"{name} {count}p seed {seed}: not finished in {run.steps}")
        steps += run.steps
        if name in ENDINGS:
            endings[ENDINGS[name](run.state)] += 1
    return len(seeds), steps, endings


def fuzz(
    name: str, games: int, workers: int, only: str | None = None, counts: set[int] | None = None
) -> None:
    for variant, options in FUZZ_VARIANTS.get(name, {"": {}}).items():
        if only is None or variant == only:
            fuzz_variant(name, variant, options, games, workers, counts)


def fuzz_variant(
    name: str,
    variant: str,
    options: dict[str, Any],
    games: int,
    workers: int,
    counts: set[int] | None = None,
) -> None:
    ruleset = registry.get(name)
    title = f"{name} ({variant})" if variant else name
    for count in range(ruleset.min_players, ruleset.max_players + 1):
        if counts is not None and count not in counts:
            continue
        began = time.perf_counter()
        chunk = max(1, games // (workers * 4))
        batches = [range(s, min(s + chunk, games)) for s in range(0, games, chunk)]
        each = len(batches)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(
                pool.map(play_batch, [name] * each, [options] * each, [count] * each, batches)
            )
        elapsed = time.perf_counter() - began
        played = sum(r[0] for r in results)
        actions = sum(r[1] for r in results)
        endings = sum((r[2] for r in results), Counter[str]())
        ended = "".join(f", {n / played:.1%} ending in {how}" for how, n in sorted(endings.items()))
        print(
            f"{title:10} {count} players: {played:5} games, {actions / played:7.0f} actions/game,"
            f" {played / elapsed:8.1f} games/s{ended}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--ruleset", action="append")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variant", help="only this variant (e.g. peacetime, wars)")
    parser.add_argument(
        "--players", type=int, action="append", help="only this player count (repeatable)"
    )
    args = parser.parse_args(argv)
    names = args.ruleset or [r.name for r in registry.all_rulesets() if r.name != "mini"]
    for name in names:
        games = args.games or GAMES_PER_COUNT
        fuzz(name, games, args.workers, args.variant, set(args.players or []) or None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
