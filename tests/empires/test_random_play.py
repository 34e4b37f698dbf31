"""Random legal play finishes every game: no exception, no dead end, scores at the end."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.core import legal_prompts, submit
from rulesets.empires import EMPIRES
from tests.empires.helpers import new_game
from tests.random_play import play_random_game

SEATS = ["P1", "P2", "P3", "P4", "P5", "P6"]
VARIANTS: list[dict[str, Any]] = [
    {},
    {"draft": "standard"},
    {"draft": "simplified", "decades": 9},
    {"decades": 10, "quick_start": True, "city_tile_crowns": "1/1"},
    {"optional_builds": True, "worker_cards": "random_draw", "neutral_turn": "neutral_first"},
]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", VARIANTS)
def test_random_games_finish(players: int, options: dict[str, Any]) -> None:
    run = play_random_game(EMPIRES, SEATS[:players], seed=players, options=options)
    assert run.finished
    scores = EMPIRES.scores(run.state)
    assert scores is not None and set(scores) == set(SEATS[:players])
    assert len(run.state.revealed) == run.state.decades


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_thousand_random_games_per_player_count(players: int) -> None:
    for seed in range(1000):
        options = VARIANTS[seed % len(VARIANTS)]
        assert play_random_game(EMPIRES, SEATS[:players], seed, options=options).finished


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_autopilot_and_the_default_finish_a_game(players: int) -> None:
    state = new_game(players)
    step = 0
    while not state.finished:
        prompt = legal_prompts(EMPIRES, state)[0]
        if step % 2:
            action = EMPIRES.default_action(state, prompt.seat)
        else:
            action = EMPIRES.autopilot_action(state, prompt.seat, step)
        state = submit(EMPIRES, state, prompt.seat, action).state
        step += 1
        assert step < 5000
    assert EMPIRES.scores(state) is not None
