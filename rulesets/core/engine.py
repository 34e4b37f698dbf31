"""The kernel's entry points: start a game and submit an action, checked against prompts.

`submit` never mutates the state it is given: the ruleset works on a deep copy inside a
`StepContext`, and the caller receives the new state, the events and the dice rolled. A
caller that keeps nothing of the old state (random play) may hand it over instead.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from rulesets.core.messages import Event, IllegalAction, JsonValue
from rulesets.core.prompts import Prompt
from rulesets.core.rng import Dice, RngState, Roll
from rulesets.core.ruleset import Ruleset, StateT

if TYPE_CHECKING:
    from rulesets.core.phases import PhaseTable

# Where a step's dice come from: the campaign's verifiable dice, or a test's scripted ones.
DiceSource = Callable[[RngState], Dice]


@dataclass
class StepContext(Generic[StateT]):
    """One step of play: the state being changed, the dice, and the events so far."""

    state: StateT
    dice_source: DiceSource | None = None
    dice: Dice = field(init=False)
    events: list[Event] = field(default_factory=list)
    # The game's phase table, attached by `PhaseTable.apply` so handlers can `enter` phases.
    phases: PhaseTable[StateT] | None = None

    def __post_init__(self) -> None:
        self.dice = (self.dice_source or Dice)(self.state.rng)

    def enter(self, phase: str) -> None:
        """Move the game into `phase` and run that phase's entry hook."""
        if self.phases is None:
            raise RuntimeError("this step has no phase table: the ruleset must dispatch by one")
        self.phases.enter(self, phase)

    def emit(self, key: str, visible_to: list[str] | None = None, **params: JsonValue) -> None:
        self.events.append(Event(key=key, params=params, visible_to=visible_to))

    def roll(self, sides: int = 6) -> int:
        return self.dice.roll(sides)


@dataclass(frozen=True)
class Outcome(Generic[StateT]):
    state: StateT
    events: list[Event]
    rolls: list[Roll]


def start(
    ruleset: Ruleset[StateT],
    seats: list[str],
    options: dict[str, Any],
    seed_hex: str,
    data: dict[str, Any] | None = None,
    dice_source: DiceSource | None = None,
) -> Outcome[StateT]:
    """Set up a new game for these seats, options and seed."""
    ruleset.check_seats(seats)
    resolved = ruleset.resolve_options(options)
    if data is not None:
        ruleset.validate_data(data)
    base = {
        "ruleset": ruleset.name,
        "ruleset_version": ruleset.version,
        "seats": list(seats),
        "options": resolved,
        "rng": RngState(seed=seed_hex),
    }
    ctx = StepContext(ruleset.initial_state(base, data), dice_source)
    ctx.phases = ruleset.phase_table()
    ruleset.setup(ctx, data)
    return Outcome(ctx.state, ctx.events, ctx.dice.rolls)


def legal_prompts(ruleset: Ruleset[StateT], state: StateT, seat: str | None = None) -> list[Prompt]:
    if state.finished:
        return []
    prompts = ruleset.prompts(state)
    return [p for p in prompts if seat is None or p.seat == seat]


def decode_action(raw: Any) -> dict[str, Any]:
    """Accept an action as a dict or as JSON text; anything else is malformed."""
    if isinstance(raw, str | bytes):
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError):
            raise IllegalAction("core.error.malformed_json") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise IllegalAction("core.error.malformed_action", field="type")
    return raw


def copy_state(state: StateT) -> StateT:
    """An equal, unshared copy for the ruleset to change.

    A dump and validation round trip runs in pydantic's compiled core and is several times
    faster than `copy.deepcopy` over the many small models of a board game's state.
    """
    return type(state).model_validate(state.model_dump())


def submit(
    ruleset: Ruleset[StateT],
    state: StateT,
    seat: str,
    raw: Any,
    dice_source: DiceSource | None = None,
    listed: list[Prompt] | None = None,
    handed_over: bool = False,
) -> Outcome[StateT]:
    """Validate `raw` for `seat` against the pending prompts and carry it out. `listed` is
    `legal_prompts(ruleset, state)` when the caller has just computed it (the fuzzer), so
    the prompts of a step are not listed twice. With `handed_over` the caller gives `state`
    up: the ruleset changes it in place, and it is unusable if the action is refused. Random
    play does so because the copy is half the cost of a step; the bot never does, since a
    refused order must leave its campaign as it was."""
    if state.finished:
        raise IllegalAction("core.error.game_over")
    if seat not in state.seats:
        raise IllegalAction("core.error.unknown_seat", seat=str(seat)[:40])
    if listed is None:
        mine = legal_prompts(ruleset, state, seat)
    else:
        mine = [prompt for prompt in listed if prompt.seat == seat]
    if not mine:
        raise IllegalAction("core.error.not_your_turn", seat=seat)
    action = ruleset.parse_action(decode_action(raw))
    normalised = action.model_dump(mode="json")
    if not any(prompt.find(normalised) for prompt in mine):
        raise IllegalAction("core.error.not_a_legal_choice", kind=mine[0].kind)
    ctx = StepContext(state if handed_over else copy_state(state), dice_source)
    ctx.phases = ruleset.phase_table()
    ruleset.apply(ctx, seat, action)
    ctx.state.seq += 1
    return Outcome(ctx.state, ctx.events, ctx.dice.rolls)
