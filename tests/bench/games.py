"""(c) Whole random games per second for each registered ruleset, in one process, through
the kernel alone (the speed of the fuzzer and of the autopilot's look-ahead)."""

from __future__ import annotations

import time

from rulesets import registry
from tests.bench.figures import Figure
from tests.fuzz import FUZZ_OPTIONS
from tests.random_play import play_random_game

TARGET_GAMES_PER_SECOND = 1.0


def games_per_second(name: str, budget_seconds: float) -> tuple[float, float, int]:
    """Games per second, actions per second and games played in about `budget_seconds`."""
    ruleset = registry.get(name)
    seats = [spec.id for spec in ruleset.seat_pool()][: ruleset.min_players]
    began = time.perf_counter()
    games = actions = 0
    while games == 0 or time.perf_counter() - began < budget_seconds:
        run = play_random_game(ruleset, seats, seed=games, options=FUZZ_OPTIONS.get(name))
        games += 1
        actions += run.steps
    elapsed = time.perf_counter() - began
    return games / elapsed, actions / elapsed, games


def game_figures(budget_seconds: float) -> list[Figure]:
    section = "(c) whole random games per second, smallest table, one process"
    figures = []
    for ruleset in registry.all_rulesets():
        if ruleset.name.startswith("bench_"):
            continue
        per_second, actions, games = games_per_second(ruleset.name, budget_seconds)
        figures.append(
            Figure(
                section,
                f"{ruleset.name} ({games} games, {actions:,.0f} actions/s)",
                f"{per_second:,.1f} games/s",
                f">= {TARGET_GAMES_PER_SECOND:.0f} game/s (proposed)",
                per_second >= TARGET_GAMES_PER_SECOND,
            )
        )
    return figures
