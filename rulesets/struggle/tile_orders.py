"""The phases of a tile's free action that need a choice: Trained Natives (where they rise,
then their free move), Diplomatic Service, a Commerce tile's region and the Blockade."""

from __future__ import annotations

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.struggle.actions import Cancel, ChooseRegion, ChooseTile, Done
from rulesets.struggle.choices import label, make_prompt, region_choices
from rulesets.struggle.movement import destinations, report_move, travel
from rulesets.struggle.state import (
    BlockadeOnMap,
    OwnedTile,
    StruggleState,
    add_units,
    option,
)
from rulesets.struggle.tiles import (
    alliance_stock,
    blockade_colonies,
    collect_commerce,
    discard,
    mark_used,
    natives_colonies,
    pay_for_tile,
    paying_regions,
    tile_label,
)
from rulesets.struggle.turn_flow import (
    back_to_menu,
    cancel_order,
    current_step,
    finish_step,
    open_step,
)

Ctx = StepContext[StruggleState]
CANCEL = Choice.of(Cancel(), label=label("cancel"))


def _active(state: StruggleState) -> str:
    assert state.active is not None
    return state.active


def natives_colony_prompts(state: StruggleState) -> list[Prompt]:
    power = _active(state)
    regions = region_choices(natives_colonies(state, power), "natives_colony")
    return [make_prompt(power, "natives_colony", [CANCEL, *regions])]


def natives_arrive(ctx: Ctx, power: str, action: ChooseRegion) -> None:
    """Trained Natives: an army straight into the colony, no roll, then one free move."""
    step, colony = current_step(ctx.state), action.region
    assert step.tile is not None
    mark_used(ctx.state, power, step.tile)
    add_units(ctx.state, colony, "army", power, 1)
    ctx.emit("soe.natives_raised", power=power, region=colony)
    spends = bool(option(ctx.state, "tile_builds_spend_action"))
    if destinations(ctx.state, power, "army", colony):
        open_step(ctx, "natives_move", origin=colony, tile=step.tile, free=not spends)
    else:
        finish_step(ctx, spends_action=spends)


def natives_move_prompts(state: StruggleState) -> list[Prompt]:
    power, origin = _active(state), current_step(state).origin
    assert origin is not None
    places = region_choices(
        destinations(state, power, "army", origin), "natives_move", origin=origin
    )
    stay = Choice.of(Done(), label=label("natives_stay", region=origin))
    return [make_prompt(power, "natives_move", [stay, *places], origin=origin)]


def natives_move(ctx: Ctx, power: str, action: ChooseRegion) -> None:
    step = current_step(ctx.state)
    assert step.origin is not None
    add_units(ctx.state, step.origin, "army", power, -1)
    ended = travel(ctx, power, "army", step.origin, action.region)
    report_move(ctx, power, "army", step.origin, action.region, ended)
    finish_step(ctx, spends_action=not step.free)


def natives_stay(ctx: Ctx, power: str, action: Done) -> None:
    finish_step(ctx, spends_action=not current_step(ctx.state).free)


def diplomacy_prompts(state: StruggleState) -> list[Prompt]:
    tiles = [
        Choice.of(ChooseTile(tile=tile), label=tile_label("choose_tile", state, tile))
        for tile in alliance_stock(state)
    ]
    return [make_prompt(_active(state), "diplomacy", [CANCEL, *tiles])]


def take_alliance_tile(ctx: Ctx, power: str, action: ChooseTile) -> None:
    step = current_step(ctx.state)
    assert step.tile is not None
    mark_used(ctx.state, power, step.tile)
    pay_for_tile(ctx, power, action.tile)
    ctx.state.powers[power].tiles.append(OwnedTile(tile=action.tile))
    ctx.emit("soe.tile_bought", power=power, tile=action.tile)
    back_to_menu(ctx)


def commerce_region_prompts(state: StruggleState) -> list[Prompt]:
    tile = current_step(state).tile
    assert tile is not None
    power = _active(state)
    regions = [
        Choice.of(
            ChooseRegion(region=region),
            label=label(
                "commerce_region", region=region, gold=state.regions[region].control.get(power, 0)
            ),
        )
        for region in paying_regions(state, power, tile)
    ]
    return [make_prompt(power, "commerce_region", regions, tile=tile)]


def choose_commerce_region(ctx: Ctx, power: str, action: ChooseRegion) -> None:
    tile = current_step(ctx.state).tile
    assert tile is not None
    collect_commerce(ctx, power, tile, action.region)


def blockade_where_prompts(state: StruggleState) -> list[Prompt]:
    power = _active(state)
    regions = region_choices(blockade_colonies(state, power), "blockade_where")
    return [make_prompt(power, "blockade_where", [CANCEL, *regions])]


def lay_blockade(ctx: Ctx, power: str, action: ChooseRegion) -> None:
    step = current_step(ctx.state)
    assert step.tile is not None
    discard(ctx.state, power, step.tile)
    ctx.state.used_one_shot_this_round.setdefault(power, []).append(step.tile)
    ctx.state.blockade = BlockadeOnMap(region=action.region, owner=power)
    ctx.emit("soe.blockade_laid", power=power, region=action.region)
    back_to_menu(ctx)


NATIVES_COLONY: Phase[StruggleState] = Phase(
    name="natives_colony",
    prompts=natives_colony_prompts,
    handlers={Cancel: cancel_order, ChooseRegion: natives_arrive},
)
NATIVES_MOVE: Phase[StruggleState] = Phase(
    name="natives_move",
    prompts=natives_move_prompts,
    handlers={Done: natives_stay, ChooseRegion: natives_move},
)
DIPLOMACY: Phase[StruggleState] = Phase(
    name="diplomacy",
    prompts=diplomacy_prompts,
    handlers={Cancel: cancel_order, ChooseTile: take_alliance_tile},
)
COMMERCE_REGION: Phase[StruggleState] = Phase(
    name="commerce_region",
    prompts=commerce_region_prompts,
    handlers={ChooseRegion: choose_commerce_region},
)
BLOCKADE_WHERE: Phase[StruggleState] = Phase(
    name="blockade_where",
    prompts=blockade_where_prompts,
    handlers={Cancel: cancel_order, ChooseRegion: lay_blockade},
)
