"""Flags: planted once all movement and combat of a turn are over."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.state import EmpiresState


def place_flags(ctx: StepContext[EmpiresState]) -> None:
    """Flag every neutral land or sea region a unit of the active empire moved into this
    turn and still holds (« chaque région [...] nouvellement occupée »).

    A region already showing its flag is skipped; another empire's flag there goes back
    to its owner. With no flag left in stock none is placed.
    """
    state = ctx.state
    empire = state.active_empire
    assert empire is not None
    board = state.board()
    held = sorted({u.region for u in state.units if u.empire == empire} & set(state.entered))
    for region in held:
        if board.kind[region] == "city" or state.flags.get(region) == empire:
            continue
        if state.flags_left(empire) <= 0:
            ctx.emit("emp.event.no_flag_left", empire=empire, region=region)
            continue
        previous = state.flags.get(region)
        state.flags[region] = empire
        if previous is None:
            ctx.emit("emp.event.flag_placed", empire=empire, region=region)
        else:
            ctx.emit("emp.event.flag_replaced", empire=empire, region=region, replaced=previous)


def flag_count(state: EmpiresState, empire: str) -> int:
    return sum(1 for owner in state.flags.values() if owner == empire)
