"""The build phases: where a new unit goes, then Militia's offer of a second army."""

from __future__ import annotations

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.struggle.actions import Answer, ChooseRegion
from rulesets.struggle.choices import label, make_prompt, shown, yes_no_choices
from rulesets.struggle.movement import travel
from rulesets.struggle.orders import build_places, spend_population
from rulesets.struggle.state import StruggleState, count_owned
from rulesets.struggle.turn_flow import current_step, finish_step, open_step

Ctx = StepContext[StruggleState]


def build_where_prompts(state: StruggleState) -> list[Prompt]:
    power, unit = state.active, current_step(state).unit
    assert power is not None and unit is not None
    places = [
        Choice.of(
            ChooseRegion(region=place),
            label=label(f"build_{'home' if place == power else 'where'}.{unit}", region=place),
        )
        for place in build_places(state, power, unit)
    ]
    return [make_prompt(power, "build_where", places, unit=unit)]


def place_built_unit(ctx: Ctx, power: str, action: ChooseRegion) -> None:
    step = current_step(ctx.state)
    assert step.unit is not None
    arrived = travel(ctx, power, step.unit, power, action.region)
    ctx.emit(
        "soe.built" if arrived else "soe.built_lost",
        **shown({"power": power, "unit": step.unit, "region": action.region, "arrived": arrived}),
    )
    militia_next = (
        step.tile is None
        and count_owned(ctx.state, power, "militia") > 0
        and ctx.state.powers[power].population >= 1
    )
    if militia_next:
        open_step(ctx, "militia")
        return
    finish_step(ctx, spends_action=not step.free)


def militia_prompts(state: StruggleState) -> list[Prompt]:
    assert state.active is not None
    return [make_prompt(state.active, "militia", yes_no_choices("militia"))]


def answer_militia(ctx: Ctx, power: str, action: Answer) -> None:
    if not action.yes:
        finish_step(ctx, spends_action=True)
        return
    spend_population(ctx, power, 1)
    open_step(ctx, "build_where", unit="army", tile="militia")


BUILD_WHERE: Phase[StruggleState] = Phase(
    name="build_where", prompts=build_where_prompts, handlers={ChooseRegion: place_built_unit}
)
MILITIA: Phase[StruggleState] = Phase(
    name="militia", prompts=militia_prompts, handlers={Answer: answer_militia}
)
