"""Absent seats keep the campaign moving: a game of defaults only and a game of autopilot
only both reach the final standing, the referee included."""

from __future__ import annotations

import pytest

from rulesets.core import legal_prompts, start, submit
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from tests.ultima_ratio_regis.helpers import SEED


@pytest.mark.parametrize("mode", ["default", "autopilot"])
def test_a_campaign_of_absent_seats_finishes(mode: str) -> None:
    state = start(URR, ["P1", "P2", "P3", "P4", "REF"], {"campaign_turns": 2}, SEED).state
    kinds: set[str] = set()
    for step in range(5_000):
        if state.finished:
            break
        prompt = legal_prompts(URR, state)[0]
        kinds.add(prompt.kind)
        if mode == "default":
            action = URR.default_action(state, prompt.seat)
        else:
            action = URR.autopilot_action(state, prompt.seat, step)
        state = submit(URR, state, prompt.seat, action).state
    assert state.finished and state.turn == 3
    assert {"begin_turn", "order", "enter_trade", "award_vp"} <= kinds


def test_the_autopilot_plays_cards_and_spends_actions() -> None:
    state = start(URR, ["P1", "P2", "P3", "REF"], {"campaign_turns": 1}, SEED).state
    played = 0
    for step in range(5_000):
        if state.finished:
            break
        prompt = legal_prompts(URR, state)[0]
        action = URR.autopilot_action(state, prompt.seat, step)
        played += action["type"] == "play_card"
        state = submit(URR, state, prompt.seat, action).state
    assert state.finished and played > 0
