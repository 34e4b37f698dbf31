"""A steering player for whole-campaign tests: random legal play that leans towards war
(tactical moves, piracy, sorties, fleets at sea, wars kept to the end of the turn and
settled with reparations), so that a short campaign meets every kind of combat."""

from __future__ import annotations

import random
from typing import Any

from rulesets.core import Choice, Prompt
from tests.random_play import random_action

# Action types a player reaches for first, with the chance of taking one when listed.
LEANINGS = {
    "impulse_free": (("sortie", 0.9), ("sail", 0.5)),
    "impulse_act": (("piracy", 0.8), ("tactical_move", 0.8), ("declare_war", 0.5)),
    "impulse_peace": (("no_peace", 0.9),),
    "buy_reparation": (("buy_reparation", 0.9),),
}
# The referee's checkpoints: go on most of the time, else open a list of the desk whose
# inputs /play takes in one order (a deployment or a leader pool asks a modal for more).
CHECKPOINTS = ("begin_turn", "dynastic", "between_impulses")
DESK_LISTS = ("losses", "instability", "minor_ally")
# What a prompt ends with when nothing it leans to is taken.
FALLBACK = {"impulse_free": "end_free", "disband": "keep_units", "set_budget": None}


def steer(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    if prompt.kind in CHECKPOINTS or prompt.kind.startswith("referee_"):
        return _at_the_desk(prompt, rng)
    for kind, chance in LEANINGS.get(prompt.kind, ()):
        listed = [c for c in prompt.choices if c.kind == kind]
        if listed and rng.random() < chance:
            return _instantiate(rng.choice(listed), rng)
    if prompt.kind == "set_budget":
        return prompt.choices[0].instantiate(conditions=3)
    if prompt.kind == "declare_winner":
        return prompt.choices[0].instantiate()  # the engine's suggestion
    fallback = FALLBACK.get(prompt.kind)
    ending = [c for c in prompt.choices if c.kind == fallback]
    if ending:
        return ending[0].instantiate()
    if prompt.kind in ("impulse_card", "impulse_act") and len(prompt.choices) > 1:
        return _instantiate(rng.choice(prompt.choices[1:]), rng)
    return random_action(prompt, rng)


def _at_the_desk(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    if prompt.kind in CHECKPOINTS:
        lists = [
            c for c in prompt.choices if c.kind == "open_desk" and c.action["input"] in DESK_LISTS
        ]
        if rng.random() < 0.7 or not lists:
            return prompt.choices[0].instantiate()
        return rng.choice(lists).instantiate()
    plain = [c for c in prompt.choices if len(c.ranges) <= 1 and not c.texts]
    return _instantiate(rng.choice(plain), rng)


def _instantiate(choice: Choice, rng: random.Random) -> dict[str, Any]:
    return choice.instantiate(
        **{name: rng.randint(span.low, span.high) for name, span in choice.ranges.items()}
    )
