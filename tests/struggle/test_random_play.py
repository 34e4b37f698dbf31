"""Random legal play finishes every table size, keeps the board sane and never leaks unrest."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from rulesets.core import legal_prompts, start, submit
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.random_play import play_random_game, random_action

POWERS = ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]


def check_board(state: StruggleState) -> None:
    for power, holder in state.powers.items():
        assert holder.gold >= 0, power
        assert 0 <= holder.population <= 9, power
        assert holder.unrest >= 0, power
    for region in state.regions.values():
        for table in (region.control, region.armies, region.fleets, region.forts):
            assert all(count > 0 for count in table.values())
    for home in state.homes.values():
        assert min(home.armies, home.fleets, home.forts) >= 0
    assert all(count >= 0 for count in state.stock.values())


def secrets_absent(shown: Any, secrets: set[str]) -> None:
    """No key of the public view is a secret's name, at any depth."""
    if isinstance(shown, dict):
        for key, value in shown.items():
            assert key not in secrets, key
            secrets_absent(value, secrets)
    elif isinstance(shown, list):
        for item in shown:
            secrets_absent(item, secrets)


def play_checked(count: int, seed: int, options: dict[str, Any] | None = None) -> StruggleState:
    """Random play that checks the board and the public view after every step."""
    rng = random.Random(seed)
    state = start(STRUGGLE, POWERS[:count], options or {}, f"{seed:064x}").state
    for _ in range(20_000):
        if state.finished:
            break
        prompts = legal_prompts(STRUGGLE, state)
        assert prompts, f"dead end at seq {state.seq}"
        prompt = rng.choice(prompts)
        state = submit(STRUGGLE, state, prompt.seat, random_action(prompt, rng)).state
        check_board(state)
        if not state.finished:
            secrets_absent(STRUGGLE.view(state, None), {"unrest", "you", "maximum", "proxies"})
    assert state.finished
    return state


@pytest.mark.parametrize("count", range(2, 8))
def test_random_games_finish_for_every_table_size(count: int) -> None:
    for seed in range(3):
        run = play_random_game(STRUGGLE, POWERS[:count], seed * 100 + count)
        assert run.finished
        scores = STRUGGLE.scores(run.state)
        assert scores is not None and set(scores) == set(POWERS[:count])


@pytest.mark.parametrize("count", [2, 5, 7])
def test_public_view_never_shows_unrest_or_a_sealed_maximum(count: int) -> None:
    state = play_checked(count, 7 + count, {"sealed_proxy_bidding": True})
    final = STRUGGLE.view(state, None)
    assert set(final["unrest"]) == set(POWERS[:count])


def test_autopilot_plays_whole_games_legally() -> None:
    for count in (3, 6):
        state = start(STRUGGLE, POWERS[:count], {}, f"{count:064x}").state
        pick = 0
        while not state.finished:
            prompt = legal_prompts(STRUGGLE, state)[0]
            pick += 1
            action = STRUGGLE.autopilot_action(state, prompt.seat, pick)
            state = submit(STRUGGLE, state, prompt.seat, action).state
        assert STRUGGLE.scores(state) is not None


@pytest.mark.slow
@pytest.mark.parametrize("count", range(2, 8))
def test_a_thousand_random_games_per_table_size(count: int) -> None:
    began = time.perf_counter()
    for seed in range(1000):
        assert play_random_game(STRUGGLE, POWERS[:count], seed).finished
    rate = 1000 / (time.perf_counter() - began)
    print(f"{count} players: {rate:.1f} games/s")
