"""A few random campaigns of one turn at every table size, the referee's prompts answered
at random too: no exception, no dead end (the fuzzer plays 6-turn campaigns)."""

from __future__ import annotations

import pytest

from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.state import PLAYER_SEATS
from tests.random_play import play_random_game


@pytest.mark.parametrize("players", range(3, 9))
def test_a_random_one_turn_campaign_finishes(players: int) -> None:
    seats = [*PLAYER_SEATS[:players], "REF"]
    run = play_random_game(URR, seats, seed=players, options={"campaign_turns": 1})
    assert run.finished and URR.scores(run.state) is not None
    assert run.state.turn == 2
