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
    ctx.enter("placement")
