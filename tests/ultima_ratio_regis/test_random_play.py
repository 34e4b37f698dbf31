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


def test_a_random_campaign_with_every_alternative_of_the_new_options_finishes() -> None:
    """The desk between impulses and the other readings of the Decisive leader."""
    options = {
        "campaign_turns": 1,
        "referee_desk": "impulse",
        "decisive_tactician": "intercepting",
        "decisive_interception": "troops",
    }
    run = play_random_game(URR, [*PLAYER_SEATS[:4], "REF"], seed=41, options=options)
    assert run.finished and run.state.turn == 2
