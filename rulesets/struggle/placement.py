"""The placement phase: each power in turn places its starting units in scoring regions."""

from __future__ import annotations

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.struggle.actions import PlaceUnit
from rulesets.struggle.choices import label, make_prompt
from rulesets.struggle.setup import clockwise_from
from rulesets.struggle.state import StruggleState, add_units, game_data

Ctx = StepContext[StruggleState]


def placement_choices(state: StruggleState) -> list[tuple[str, str]]:
    """(unit, region) pairs for a starting unit: any scoring region, ships only at sea."""
    data = game_data(state)
    pairs: list[tuple[str, str]] = []
    for unit in ("army", "fleet", "fort"):
        for region in data.regions:
            if unit != "fleet" or region.ships_allowed:
                pairs.append((unit, region.id))
    return pairs


def placement_prompts(state: StruggleState) -> list[Prompt]:
    power = state.placer
    if power is None:
        return []
    choices = [
        Choice.of(
            PlaceUnit(unit=unit, region=region), label=label(f"place_unit.{unit}", region=region)
        )
        for unit, region in placement_choices(state)
    ]
    return [make_prompt(power, "place_unit", choices, left=state.placements_left[power])]


def place_unit(ctx: Ctx, power: str, action: PlaceUnit) -> None:
    """Place one starting unit; once every power has placed all of its units, the auction."""
    state = ctx.state
    add_units(state, action.region, action.unit, power, 1)
    state.placements_left[power] -= 1
    ctx.emit("soe.unit_placed", power=power, unit=action.unit, region=action.region)
    order = [*clockwise_from(state, power)[1:], power]
    state.placer = next((p for p in order if state.placements_left[p] > 0), None)
    if state.placer is None:
        ctx.enter("auction")


PLACEMENT: Phase[StruggleState] = Phase(
    name="placement", prompts=placement_prompts, handlers={PlaceUnit: place_unit}
)
