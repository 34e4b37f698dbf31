"""(c) Whole random games per second for each registered ruleset, in one process, through
the kernel alone (the speed of the fuzzer and of the autopilot's look-ahead)."""

from __future__ import annotations

import time

from rulesets import registry
from tests.bench.figures import Figure
from tests.fuzz import FUZZ_VARIANTS, first_options
from tests.random_play import play_random_game

TARGET_GAMES_PER_SECOND = 1.0


def games_per_second(
    name: str, budget_seconds: float, players: int | None = None
) -> tuple[float, float, int]:
    """Games per second, actions per second and games played in about `budget_seconds`
    (at the smallest table unless `players` says otherwise)."""
    ruleset = registry.get(name)
    seats = [spec.id for spec in ruleset.seat_pool()][: players or ruleset.min_players]
    began = time.perf_counter()
    games = actions = 0
    while games == 0 or time.perf_counter() - began < budget_seconds:
        run = play_random_game(ruleset, seats, seed=games, options=first_options(name))
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
        if ruleset.name in FUZZ_VARIANTS:
            # A game fuzzed to a turn limit: its fuzz time grows with the table, so each
            # count is measured.
            figures += _per_count(ruleset.name, budget_seconds)
    return figures


def _per_count(name: str, budget_seconds: float) -> list[Figure]:
    ruleset = registry.get(name)
    section = "(c) whole random games per second at each table size, one process"
    figures = []
    for players in range(ruleset.min_players + 1, ruleset.max_players + 1):
        per_second, actions, games = games_per_second(name, budget_seconds, players)
        figures.append(
            Figure(
                section,
                f"{name} {players} players ({games} games, {actions:,.0f} actions/s)",
                f"{per_second:,.1f} games/s",
                "-",
                None,
            )
        )
    return figures
