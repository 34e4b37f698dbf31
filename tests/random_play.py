"""Random legal play for any ruleset: the fuzzer behind `make fuzz` and the smoke tests.

Each step asks the kernel for the pending prompts, picks a seat that must act and one of
its legal choices at random (numbers anywhere in their range) and submits it. A game that
raises, or stops with nobody able to act before it is finished, is a bug.

Random play keeps only the newest state, so it hands each state over to the kernel rather
than have it copied (half the cost of a step). Every `ROUND_TRIP_EVERY` steps, and at the
end, the state goes through the copy the bot makes at every order: a dump and validation
that must give an equal state, so a ruleset that stores a value its schema refuses, or one
that does not survive storage, is still caught, a few steps late.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rulesets.core import IllegalAction, Prompt, legal_prompts, start, submit
from rulesets.core.engine import copy_state
from rulesets.core.ruleset import Ruleset

ROUND_TRIP_EVERY = 20


class DeadEnd(AssertionError):
    """The game is not over, yet no seat has anything to decide."""


class LostInStorage(AssertionError):
    """The state does not come back equal from the dump and validation the bot stores."""


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
        if state.finished or step % ROUND_TRIP_EVERY == 0:
            state = round_trip(state, f"{ruleset.name} seed {seed}")
        if state.finished:
            return GameRun(step, True, state)
        prompts = legal_prompts(ruleset, state)
        if not prompts:
            raise DeadEnd(f"{ruleset.name} seed {seed}: no prompt at seq {state.seq}")
        prompt = rng.choice(prompts)
        action = random_action(prompt, rng)
        seq = state.seq
        try:
            state = submit(
                ruleset, state, prompt.seat, action, listed=prompts, handed_over=True
            ).state
        except IllegalAction as error:
            raise AssertionError(
                f"{ruleset.name} seed {seed} seq {seq}: listed choice {action} "
                f"refused by its own rules: {error}"
            ) from error
    return GameRun(max_steps, state.finished, round_trip(state, f"{ruleset.name} seed {seed}"))


def round_trip(state: Any, game: str) -> Any:
    """The state as the bot would store and load it, which must equal the one in play."""
    stored = copy_state(state)
    if stored != state:
        raise LostInStorage(f"{game} seq {state.seq}: the state changes when stored and loaded")
    return stored
