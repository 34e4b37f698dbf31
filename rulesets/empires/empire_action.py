"""Empire: one power point per flag of the empire on the map."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.decade import close_action
from rulesets.empires.state import EmpiresState


def flag_count(state: EmpiresState, empire: str) -> int:
    return sum(1 for owner in state.flags.values() if owner == empire)


def run_empire_action(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    empire = state.active_empire
    assert empire is not None
    gained = flag_count(state, empire)
    state.power[empire] += gained
    ctx.emit("emp.power_gained", empire=empire, points=gained, source="flags")
    close_action(ctx, place_flags=False)
