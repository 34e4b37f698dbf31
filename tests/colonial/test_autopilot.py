"""The autopilot plays the game: tables of absent players reach a winner well before the
house limit of 40 turns (the issue asks for 95% of such games)."""

from __future__ import annotations

import pytest

from rulesets.colonial import COLONIAL
from rulesets.core import legal_prompts, start, submit
from tests.colonial.helpers import SEATS


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_an_autopilot_table_ends_with_a_winner_before_turn_40(players: int) -> None:
    for game in range(2):
        state = start(COLONIAL, SEATS[:players], {"turn_limit": 40}, f"{game + 11:064x}").state
        steps = 0
        while not state.finished:
            prompt = legal_prompts(COLONIAL, state)[0]
            action = COLONIAL.autopilot_action(state, prompt.seat, steps)
            state = submit(COLONIAL, state, prompt.seat, action).state
            steps += 1
        assert state.winner is not None and state.turn < 40
        winner = state.players[state.winner]
        assert winner.prestige >= 10 and not winner.loans
