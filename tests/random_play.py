"""Random legal play for any ruleset: the fuzzer behind `make fuzz` and the smoke tests.

Each step asks the kernel for the pending prompts, picks a seat that must act and one of
its legal choices at random (numbers anywhere in their range) and submits it. A game that
raises, or stops with nobody able to act before it is finished, is a bug.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rulesets.core import IllegalAction, Prompt, legal_prompts, start, submit
from rulesets.core.ruleset import Ruleset


class DeadEnd(AssertionError):
    """The game is not over, yet no seat has anything to decide."""


@dataclass
class GameRun:
    steps: int
    finished: bool
    state: Any


def random_action(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    choice = rng.choice(prompt.choices)
    given: dict[str, Any] = {
        name: rng.randint(span.low, span.high) for name, span in choice.ranges.items()
    }
    for name, pick in choice.picks.items():
        given[name] = rng.sample(pick.options, pick.count)
    return choice.instantiate(**given)


def play_random_game(
    ruleset: Ruleset[Any],
    seats: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    max_steps: int = 20_000,
) -> GameRun:
    rng = random.Random(seed)
    state = start(ruleset, seats, options or {}, f"{seed:064x}").state
    for step in range(max_steps):
        if state.finished:
            return GameRun(step, True, state)
        prompts = legal_prompts(ruleset, state)
        if not prompts:
            raise DeadEnd(f"{ruleset.name} seed {seed}: no prompt at seq {state.seq}")
        prompt = rng.choice(prompts)
        action = random_action(prompt, rng)
        try:
            state = submit(ruleset, state, prompt.seat, action, listed=prompts).state
        except IllegalAction as error:
            raise AssertionError(
                f"{ruleset.name} seed {seed} seq {state.seq}: listed choice {action} "
                f"refused by its own rules: {error}"
            ) from error
    return GameRun(max_steps, state.finished, state)
