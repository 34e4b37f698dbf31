"""The move phases: pick a unit that has not moved yet, then its destination."""

from __future__ import annotations

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.struggle.actions import ChooseRegion, ChooseUnit, Done
from rulesets.struggle.choices import label, make_prompt, region_choices
from rulesets.struggle.movement import (
    destinations,
    has_movable_unit,
    movable_units,
    report_move,
    travel,
)
from rulesets.struggle.state import StruggleState, add_units
from rulesets.struggle.turn_flow import current_step, finish_step, open_step

Ctx = StepContext[StruggleState]


def move_pick_prompts(state: StruggleState) -> list[Prompt]:
    power, step = state.active, current_step(state)
    assert power is not None
    units = [
        Choice.of(ChooseUnit(unit=u, region=r), label=label(f"choose_unit.{u}", region=r))
        for r, u in movable_units(state, power, step.moved)
    ]
    choices = [Choice.of(Done(), label=label("stop_moving")), *units]
    return [make_prompt(power, "move_pick", choices, moves_left=step.moves_left)]


def pick_unit(ctx: Ctx, power: str, action: ChooseUnit) -> None:
    step = current_step(ctx.state)
    open_step(
        ctx,
        "move_where",
        unit=action.unit,
        origin=action.region,
        moves_left=step.moves_left,
        moved=step.moved,
    )


def stop_moving(ctx: Ctx, power: str, action: Done) -> None:
    finish_step(ctx, spends_action=not current_step(ctx.state).free)


def move_where_prompts(state: StruggleState) -> list[Prompt]:
    power, step = state.active, current_step(state)
    assert power is not None and step.unit is not None and step.origin is not None
    places = region_choices(
        destinations(state, power, step.unit, step.origin),
        f"move_to.{step.unit}",
        origin=step.origin,
    )
    return [make_prompt(power, "move_where", places, unit=step.unit, origin=step.origin)]


def move_unit(ctx: Ctx, power: str, action: ChooseRegion) -> None:
    step = current_step(ctx.state)
    assert step.unit is not None and step.origin is not None
    add_units(ctx.state, step.origin, step.unit, power, -1)
    ended = travel(ctx, power, step.unit, step.origin, action.region)
    report_move(ctx, power, step.unit, step.origin, action.region, ended)
    moved = [*step.moved, f"{ended}/{step.unit}"] if ended else list(step.moved)
    left = step.moves_left - 1
    if left <= 0 or not has_movable_unit(ctx.state, power, moved):
        finish_step(ctx, spends_action=True)
        return
    open_step(ctx, "move_pick", moves_left=left, moved=moved)


MOVE_PICK: Phase[StruggleState] = Phase(
    name="move_pick", prompts=move_pick_prompts, handlers={ChooseUnit: pick_unit, Done: stop_moving}
)
MOVE_WHERE: Phase[StruggleState] = Phase(
    name="move_where", prompts=move_where_prompts, handlers={ChooseRegion: move_unit}
)
