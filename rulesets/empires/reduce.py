"""End-of-turn stacking: a region over its limit loses units chosen by the one responsible."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.empires.actions import RemoveUnit
from rulesets.empires.production import UNIT_VALUE_ORDER
from rulesets.empires.state import EmpiresState
from rulesets.empires.turns import resume


def reduce_prompts(state: EmpiresState) -> list[Prompt]:
    task = state.reductions[0]
    present = {u.kind for u in state.units_in(task.region) if u.empire == task.empire}
    kinds = [kind for kind in UNIT_VALUE_ORDER if kind in present]
    return [
        Prompt(
            seat=task.seat,
            kind="remove_unit",
            text=Msg(
                key="emp.prompt.remove_unit",
                params={"region": task.region, "empire": task.empire, "limit": task.limit},
            ),
            choices=[
                Choice.of(
                    RemoveUnit(region=task.region, kind=k),
                    label=Msg(
                        key="emp.label.remove_unit", params={"unit": k, "region": task.region}
                    ),
                )
                for k in kinds
            ],
            urgency="turn" if task.seat == state.decider else "reaction",
        )
    ]


def remove_unit(ctx: StepContext[EmpiresState], seat: str, action: RemoveUnit) -> None:
    state = ctx.state
    task = state.reductions[0]
    own = [u for u in state.units_in(action.region) if u.empire == task.empire]
    unit = next(u for u in own if u.kind == action.kind)
    state.remove_unit(unit.id)
    ctx.emit("emp.event.unit_removed", empire=task.empire, region=action.region, unit=action.kind)
    resume(ctx)


PHASE = Phase(name="reduce", prompts=reduce_prompts, handlers={RemoveUnit: remove_unit})
