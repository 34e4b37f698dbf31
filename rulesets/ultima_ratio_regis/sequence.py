"""The middle of the turn: whose impulse it is, the end of an impulse, and when the
impulses stop (A-36: every hand is empty, or every player passed in succession)."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.ultima_ratio_regis.board import check_capitulation, enemies, troops
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.state import UrrState, acting_seat, players, powers_of

Ctx = StepContext[UrrState]


def start_impulse(ctx: Ctx) -> None:
    """Open the impulse of the player at `state.current`, skipping empty hands."""
    state = ctx.state
    for _ in range(len(state.order)):
        seat = acting_seat(state)
        if state.hands.get(seat):
            break
        state.passes += 1
        state.current = (state.current + 1) % len(state.order)
    if middle_over(state):
        ctx.emit("urr.event.middle_over", turn=state.turn)
        state.eot_step = 0
        ctx.enter("eot")
        return
    state.impulse += 1
    state.tests_done = False
    state.asked = []
    state.actions_left = 0
    seat = acting_seat(state)
    at_war = any(enemies(state, power) for power in powers_of(state, seat))
    state.step = "peace" if at_war else "free"
    ctx.emit("urr.event.impulse", seat=seat, number=state.impulse)


def middle_over(state: UrrState) -> bool:
    hands_empty = not any(state.hands.get(seat) for seat in players(state))
    return hands_empty or state.passes >= len(state.order)


def end_impulse(ctx: Ctx, passed: bool) -> None:
    """I4 (A-52): a bookkeeping checkpoint, then the next player in the order."""
    state = ctx.state
    state.passes = state.passes + 1 if passed else 0
    check_capitulations(ctx)
    state.current = (state.current + 1) % len(state.order)
    if option(state.options, "referee_desk") == "impulse":
        ctx.enter("between_impulses")  # the referee's desk, then the next impulse
        return
    ctx.enter("impulse")
    start_impulse(ctx)


def check_capitulations(ctx: Ctx) -> None:
    state = ctx.state
    for fort in list(state.fortresses):
        if fort.besieger is not None and not troops(state, fort.besieger, fort.area):
            fort.besieger = None
        check_capitulation(ctx, fort)


def after_action(ctx: Ctx) -> None:
    """A power action is done: the impulse ends once the card's actions are spent."""
    state = ctx.state
    if state.step == "act" and state.actions_left <= 0:
        end_impulse(ctx, passed=False)
