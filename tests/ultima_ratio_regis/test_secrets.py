"""Hands stay private: no card in a hand is in the public view, a public event, or the
text and labels of a public prompt; the card prompt, which names the hand, is private."""

from __future__ import annotations

import json
import random

from rulesets.core import legal_prompts, start, submit
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from tests.random_play import random_action
from tests.ultima_ratio_regis.helpers import SEED


def test_hands_never_reach_the_public_view_public_events_or_prompts() -> None:
    rng = random.Random(11)
    state = start(URR, ["P1", "P2", "P3", "REF"], {"campaign_turns": 1}, SEED).state
    checked = 0
    while not state.finished:
        prompt = rng.choice(legal_prompts(URR, state))
        outcome = submit(URR, state, prompt.seat, random_action(prompt, rng))
        state = outcome.state
        held = {card for hand in state.hands.values() for card in hand}
        public = json.dumps(URR.view(state, None))
        assert not any(f'"{card}"' in public for card in held)
        for event in outcome.events:
            if event.is_public:
                text = json.dumps(event.params)
                assert not any(f'"{card}"' in text for card in held), event
            else:
                assert event.visible_to is not None and len(event.visible_to) == 1
        for listed in legal_prompts(URR, state):
            if listed.kind == "impulse_card":
                assert listed.private, "the prompt that names the hand must be private"
                continue
            assert not listed.private
            shown = json.dumps(
                [
                    listed.text.params,
                    *(choice.label.params for choice in listed.choices if choice.label),
                ]
            )
            assert not any(f'"{card}"' in shown for card in held), listed.kind
        for seat in ("P2", "P3"):
            assert set(URR.view(state, seat).get("hand", [])) == set(state.hands.get(seat, []))
        checked += 1
    assert checked > 100
