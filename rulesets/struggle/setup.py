"""Setting up: the bank, the first markers, each power's tokens and its five starting units."""

from __future__ import annotations

from typing import Any

from rulesets.core import StepContext
from rulesets.struggle.data import GameData, parse_data
from rulesets.struggle.state import (
    HomeState,
    PowerState,
    RegionState,
    StruggleState,
    add_units,
    game_data,
    option,
    place_token,
)

Ctx = StepContext[StruggleState]


def new_state(base: dict[str, Any], data: dict[str, Any] | None) -> StruggleState:
    custom: GameData | None = parse_data(data) if data is not None else None
    return StruggleState(**base, custom_data=custom)


def rounds_for(state: StruggleState) -> int:
    rules = game_data(state).rules
    large = len(state.seats) >= rules.large_table_from
    return rules.rounds_large_table if large else rules.rounds_small_table


def clockwise_from(state: StruggleState, first: str) -> list[str]:
    start = state.seats.index(first)
    return state.seats[start:] + state.seats[:start]


def left_of(state: StruggleState, power: str) -> str:
    return clockwise_from(state, power)[1 % len(state.seats)]


def draw_markers(ctx: Ctx, count: int) -> list[str]:
    """Draw up to `count` markers from the bag (fewer if it runs out)."""
    drawn: list[str] = []
    for _ in range(min(count, len(ctx.state.bag))):
        marker = ctx.dice.choose(ctx.state.bag)
        ctx.state.bag.remove(marker)
        drawn.append(marker)
    return drawn


def place_markers(ctx: Ctx, count: int) -> None:
    data = game_data(ctx.state)
    drawn = draw_markers(ctx, count)
    for marker in drawn:
        ctx.state.regions[data.marker(marker).region].markers.append(marker)
    ctx.emit("soe.markers_placed", markers=drawn)


def setup_game(ctx: Ctx) -> None:
    state = ctx.state
    data = game_data(state)
    rules = data.rules
    state.rounds_in_war = rounds_for(state)
    state.regions = {region: RegionState() for region in data.region_ids}
    state.homes = {power: HomeState() for power in state.seats}
    state.stock = {tile.id: tile.copies for tile in data.tiles}
    state.bag = [marker.id for marker in data.markers]
    place_markers(ctx, rules.markers_at_setup)
    state.first_player = ctx.dice.choose(list(state.seats))
    ctx.emit("soe.first_player", power=state.first_player)
    for power in clockwise_from(state, state.first_player):
        state.powers[power] = PowerState(gold=rules.start_gold, population=rules.start_population)
        drawn = draw_markers(ctx, rules.markers_per_player)
        regions = [data.marker(marker).region for marker in drawn]
        if option(state, "setup_tokens") == "per_region":
            regions = sorted(set(regions), key=regions.index)
        for region in regions:
            place_token(state, region, power)
        ctx.emit("soe.starting_tokens", power=power, markers=drawn, regions=regions)
    state.placements_left = dict.fromkeys(state.seats, rules.starting_units)
    state.placer = state.first_player
    state.phase = "placement"


def placement_choices(state: StruggleState) -> list[tuple[str, str]]:
    """(unit, region) pairs for a starting unit: any scoring region, ships only at sea."""
    data = game_data(state)
    pairs: list[tuple[str, str]] = []
    for unit in ("army", "fleet", "fort"):
        for region in data.regions:
            if unit != "fleet" or region.ships_allowed:
                pairs.append((unit, region.id))
    return pairs


def place_starting_unit(ctx: Ctx, power: str, unit: Any, region: str) -> bool:
    """Place one starting unit; return True when every power has placed all of its units."""
    state = ctx.state
    add_units(state, region, unit, power, 1)
    state.placements_left[power] -= 1
    ctx.emit("soe.unit_placed", power=power, unit=unit, region=region)
    order = [*clockwise_from(state, power)[1:], power]
    state.placer = next((p for p in order if state.placements_left[p] > 0), None)
    return state.placer is None
