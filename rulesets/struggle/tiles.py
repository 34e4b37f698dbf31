"""Buying tiles and the free actions they give during their owner's turn."""

from __future__ import annotations

from collections.abc import Callable

from rulesets.core import IllegalAction, StepContext
from rulesets.struggle.attack import can_attack, raider_strikes
from rulesets.struggle.money import add_unrest, gain_gold, pay
from rulesets.struggle.movement import destinations, travel
from rulesets.struggle.orders import finish_step, spend_population, start_build
from rulesets.struggle.state import (
    BlockadeOnMap,
    OwnedTile,
    Step,
    StruggleState,
    add_units,
    game_data,
    option,
    owned,
)
from rulesets.struggle.turns import action_done

Ctx = StepContext[StruggleState]


def raider_victims(state: StruggleState, tile: str) -> list[tuple[str, str]]:
    """(colony, power) pairs a Pirates or Slave Revolt tile may strike: any colour."""
    regions = game_data(state).tile(tile).regions
    own_too = bool(option(state, "raiders_may_strike_own"))
    return [
        (region, power)
        for region in regions
        for power in state.seats
        if state.regions[region].control.get(power, 0) > 0 and (own_too or power != state.active)
    ]


def may_buy(state: StruggleState, power: str, tile: str) -> bool:
    data = game_data(state).tile(tile)
    if state.stock.get(tile, 0) <= 0 or tile in state.used_one_shot_this_round.get(power, []):
        return False
    if state.powers[power].population < data.population:
        return False
    if data.effect in ("pirates", "slave_revolt"):
        return bool(raider_victims(state, tile))
    return True


def buyable(state: StruggleState, power: str) -> list[str]:
    if state.turn.bought:
        return []
    return [tile.id for tile in game_data(state).tiles if may_buy(state, power, tile.id)]


def pay_for_tile(ctx: Ctx, power: str, tile: str) -> None:
    data = game_data(ctx.state).tile(tile)
    spend_population(ctx, power, data.population)
    pay(ctx, power, data.gold, "soe.reason.tile", tile=tile)
    add_unrest(ctx, power, data.unrest, "soe.reason.tile_cost")
    ctx.state.stock[tile] -= 1


def buy_tile(ctx: Ctx, power: str, tile: str) -> None:
    state = ctx.state
    data = game_data(state).tile(tile)
    pay_for_tile(ctx, power, tile)
    state.turn.bought = True
    ctx.emit("soe.tile_bought", power=power, tile=tile)
    if data.effect in ("pirates", "slave_revolt"):
        state.step = Step(kind="raider_target", tile=tile)
        return
    state.powers[power].tiles.append(OwnedTile(tile=tile, used=data.nature == "immediate"))
    if data.effect == "industry":
        state.powers[power].vp += 3
        ctx.emit("soe.vp_gained", power=power, vp=3)
    action_done(ctx)


def strike_with_raider(ctx: Ctx, region: str, victim: str) -> None:
    from rulesets.struggle.combat_flow import advance

    step = ctx.state.step
    assert step is not None and step.tile is not None
    ctx.state.step = Step(kind="combat")
    raider_strikes(ctx, step.tile, region, victim)
    advance(ctx)


def _unused(state: StruggleState, power: str, effect: str) -> bool:
    return bool(owned(state, power, effect, unused=True))


def own_presence(state: StruggleState, power: str, region: str) -> bool:
    place = state.regions[region]
    tables = (place.control, place.armies, place.fleets, place.forts)
    return any(table.get(power, 0) > 0 for table in tables)


def natives_colonies(state: StruggleState, power: str) -> list[str]:
    data = game_data(state)
    return [
        region.id
        for region in data.regions
        if region.kind == "colony" and own_presence(state, power, region.id)
    ]


def blockade_colonies(state: StruggleState, power: str) -> list[str]:
    data = game_data(state)
    return [
        region.id
        for region in data.regions
        if region.kind == "colony" and state.regions[region.id].fleets.get(power, 0) > 0
    ]


def alliance_stock(state: StruggleState) -> list[str]:
    data = game_data(state)
    return [t.id for t in data.tiles if t.family == "alliance" and state.stock.get(t.id, 0) > 0]


def usable_tiles(state: StruggleState, power: str) -> list[str]:
    """Tiles whose free action `power` could take now, one id per effect."""
    data = game_data(state)
    holder = state.powers[power]
    checks: dict[str, Callable[[], bool]] = {
        "war_office": lambda: can_attack(state, power),
        "mercenaries": lambda: True,
        "pressgangs": lambda: True,
        "trained_natives": lambda: bool(natives_colonies(state, power)),
        "diplomatic_service": lambda: bool(alliance_stock(state)),
        "improved_agriculture": lambda: holder.population < data.rules.max_population,
    }
    commerce_free = option(state, "commerce_timing") == "free_action"
    found: list[str] = []
    for held in holder.tiles:
        tile = data.tile(held.tile)
        if held.tile in found:
            continue
        if tile.effect in checks:
            usable = not held.used and checks[tile.effect]()
        elif tile.effect == "blockade":
            usable = bool(blockade_colonies(state, power))
        elif tile.family == "commerce":
            usable = commerce_free and not held.used
        else:
            usable = tile.effect == "government_reform"
        if usable:
            found.append(held.tile)
    return found


def mark_used(state: StruggleState, power: str, tile: str) -> None:
    held = next(h for h in state.powers[power].tiles if h.tile == tile and not h.used)
    held.used = True


def discard(state: StruggleState, power: str, tile: str) -> None:
    holder = state.powers[power]
    holder.tiles.remove(next(h for h in holder.tiles if h.tile == tile))


CANCELLABLE = frozenset({"war_office", "trained_natives", "diplomatic_service", "blockade"})


def use_tile(ctx: Ctx, power: str, tile: str) -> None:
    state = ctx.state
    data = game_data(state)
    effect = data.tile(tile).effect
    if effect not in CANCELLABLE:  # those report themselves once carried out
        ctx.emit("soe.tile_used", power=power, tile=tile)
    if effect == "war_office":
        state.step = Step(kind="attack_region", free=True, tile=tile)
    elif effect in ("mercenaries", "pressgangs"):
        mark_used(state, power, tile)
        start_build(ctx, power, "army" if effect == "mercenaries" else "fleet", tile=tile)
    elif effect == "trained_natives":
        state.step = Step(kind="natives_colony", tile=tile, free=True)
    elif effect == "diplomatic_service":
        state.step = Step(kind="diplomacy", tile=tile, free=True)
    elif effect == "improved_agriculture":
        mark_used(state, power, tile)
        holder = state.powers[power]
        holder.population = min(data.rules.max_population, holder.population + 1)
    elif effect == "government_reform":
        discard(state, power, tile)
        holder = state.powers[power]
        relief = min(2, holder.unrest)
        holder.unrest -= relief
        ctx.emit("soe.unrest_discarded", visible_to=[power], power=power, amount=relief)
    elif effect == "blockade":
        state.step = Step(kind="blockade_where", tile=tile, free=True)
    elif data.tile(tile).family == "commerce":
        regions = data.tile(tile).regions
        if len(regions) == 1:
            collect_commerce(ctx, power, tile, regions[0])
        else:
            state.step = Step(kind="commerce_region", tile=tile, free=True)
    else:
        raise IllegalAction("soe.error.tile_not_usable", tile=tile)


def collect_commerce(ctx: Ctx, power: str, tile: str, region: str) -> None:
    mark_used(ctx.state, power, tile)
    gold = ctx.state.regions[region].control.get(power, 0)
    gain_gold(ctx, power, gold, "soe.reason.commerce")
    ctx.state.step = None


def natives_arrive(ctx: Ctx, power: str, colony: str) -> None:
    """Trained Natives: an army straight into the colony, no roll, then one free move."""
    step = ctx.state.step
    assert step is not None and step.tile is not None
    mark_used(ctx.state, power, step.tile)
    add_units(ctx.state, colony, "army", power, 1)
    ctx.emit("soe.natives_raised", power=power, region=colony)
    spends = bool(option(ctx.state, "tile_builds_spend_action"))
    if destinations(ctx.state, power, "army", colony):
        ctx.state.step = Step(kind="natives_move", origin=colony, tile=step.tile, free=not spends)
    else:
        finish_step(ctx, spends_action=spends)


def natives_move(ctx: Ctx, power: str, destination: str) -> None:
    step = ctx.state.step
    assert step is not None and step.origin is not None
    add_units(ctx.state, step.origin, "army", power, -1)
    ended = travel(ctx, power, "army", step.origin, destination)
    ctx.emit("soe.moved", power=power, unit="army", origin=step.origin, to=destination, ended=ended)
    finish_step(ctx, spends_action=not step.free)


def take_alliance_tile(ctx: Ctx, power: str, tile: str) -> None:
    step = ctx.state.step
    assert step is not None and step.tile is not None
    mark_used(ctx.state, power, step.tile)
    pay_for_tile(ctx, power, tile)
    ctx.state.powers[power].tiles.append(OwnedTile(tile=tile))
    ctx.emit("soe.tile_bought", power=power, tile=tile)
    ctx.state.step = None


def lay_blockade(ctx: Ctx, power: str, colony: str) -> None:
    step = ctx.state.step
    assert step is not None and step.tile is not None
    discard(ctx.state, power, step.tile)
    ctx.state.used_one_shot_this_round.setdefault(power, []).append(step.tile)
    ctx.state.blockade = BlockadeOnMap(region=colony, owner=power)
    ctx.emit("soe.blockade_laid", power=power, region=colony)
    ctx.state.step = None
