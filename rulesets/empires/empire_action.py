"""Empire: one power point per flag of the empire on the map, then the turn ends."""

from __future__ import annotations

from rulesets.core import Phase, Prompt, StepContext
from rulesets.empires.flags import flag_count
from rulesets.empires.state import EmpiresState
from rulesets.empires.turns import close_action


def run_empire_action(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    empire = state.active_empire
    assert empire is not None
    gained = flag_count(state, empire)
    state.power[empire] += gained
    ctx.emit("emp.event.power_from_flags", empire=empire, points=gained)
    close_action(ctx, place_flags=False)


def _no_prompts(state: EmpiresState) -> list[Prompt]:
    return []


# The action asks nothing: entering the phase scores the flags and closes the turn.
PHASE = Phase(name="empire", prompts=_no_prompts, handlers={}, enter=run_empire_action)
