"""End-of-turn stacking: a region over its limit loses units chosen by the one responsible."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Prompt, StepContext
from rulesets.empires.actions import RemoveUnit
from rulesets.empires.decade import resume
from rulesets.empires.state import EmpiresState


def reduce_prompt(state: EmpiresState) -> Prompt:
    task = state.reductions[0]
    kinds = sorted({u.kind for u in state.units_in(task.region) if u.empire == task.empire})
    return Prompt(
        seat=task.seat,
        kind="remove_unit",
        text=Msg(
            key="emp.prompt.remove_unit",
            params={"region": task.region, "empire": task.empire, "limit": task.limit},
        ),
        choices=[Choice.of(RemoveUnit(region=task.region, kind=k)) for k in kinds],
        urgency="turn" if task.seat == state.decider else "reaction",
    )


def remove_unit(ctx: StepContext[EmpiresState], region: str, kind: str) -> None:
    state = ctx.state
    task = state.reductions[0]
    unit = next(u for u in state.units_in(region) if u.empire == task.empire and u.kind == kind)
    state.remove_unit(unit.id)
    ctx.emit("emp.unit_removed", empire=task.empire, region=region, unit=kind)
    resume(ctx)
