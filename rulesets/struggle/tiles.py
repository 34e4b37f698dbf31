"""Tiles: which may be bought or used now, paying for them, and marking them used."""

from __future__ import annotations

from collections.abc import Callable

from rulesets.core import Msg, StepContext
from rulesets.struggle.money import add_unrest, gain_gold, pay
from rulesets.struggle.orders import spend_population
from rulesets.struggle.state import StruggleState, game_data, option
from rulesets.struggle.targets import can_attack
from rulesets.struggle.turn_flow import back_to_menu

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


def tile_label(key: str, state: StruggleState, tile: str) -> Msg:
    """A tile to buy or take, with its price: gold, population and unrest."""
    data = game_data(state).tile(tile)
    return Msg(
        key=f"soe.label.{key}",
        params={
            "tile": tile,
            "gold": data.gold,
            "population": data.population,
            "unrest": data.unrest,
        },
    )


def pay_for_tile(ctx: Ctx, power: str, tile: str) -> None:
    data = game_data(ctx.state).tile(tile)
    spend_population(ctx, power, data.population)
    pay(ctx, power, data.gold, "soe.reason.tile", tile=tile)
    add_unrest(ctx, power, data.unrest, "soe.reason.tile_cost")
    ctx.state.stock[tile] -= 1


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
            usable = (
                commerce_free and not held.used and bool(paying_regions(state, power, held.tile))
            )
        elif tile.effect == "government_reform":
            usable = True
        else:
            usable = False
        if usable:
            found.append(held.tile)
    return found


def paying_regions(state: StruggleState, power: str, tile: str) -> list[str]:
    """The regions of a Commerce tile where `power` has tokens: a region paying nothing is
    never offered, so the once-per-war use is not wasted."""
    regions = game_data(state).tile(tile).regions
    return [region for region in regions if state.regions[region].control.get(power, 0) > 0]


def mark_used(state: StruggleState, power: str, tile: str) -> None:
    held = next(h for h in state.powers[power].tiles if h.tile == tile and not h.used)
    held.used = True


def discard(state: StruggleState, power: str, tile: str) -> None:
    holder = state.powers[power]
    holder.tiles.remove(next(h for h in holder.tiles if h.tile == tile))


def collect_commerce(ctx: Ctx, power: str, tile: str, region: str) -> None:
    mark_used(ctx.state, power, tile)
    gold = ctx.state.regions[region].control.get(power, 0)
    gain_gold(ctx, power, gold, "soe.reason.commerce")
    back_to_menu(ctx)
