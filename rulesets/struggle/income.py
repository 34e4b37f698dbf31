"""Phase 4: income, upkeep (borrowing if short) and population growth."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.struggle.money import gain_gold, pay
from rulesets.struggle.state import PLURAL, StruggleState, game_data, option

Ctx = StepContext[StruggleState]


def units_on_board(state: StruggleState, power: str) -> int:
    home = state.homes[power]
    total = home.armies + home.fleets + home.forts
    for region in state.regions.values():
        for plural in PLURAL.values():
            table: dict[str, int] = getattr(region, plural)
            total += table.get(power, 0)
    return total


def tokens_paying(state: StruggleState, power: str) -> int:
    """Control tokens on the map; a token held by Pirates or a Slave Revolt pays nothing."""
    return sum(region.control.get(power, 0) for region in state.regions.values())


def commerce_gold(state: StruggleState, power: str, tile_id: str) -> int:
    """The best region of a Commerce tile: 1 gold per own control token there."""
    tile = game_data(state).tile(tile_id)
    return max(state.regions[region].control.get(power, 0) for region in tile.regions)


def income_and_upkeep(ctx: Ctx) -> None:
    state = ctx.state
    data = game_data(state)
    for power in state.turn_order or state.seats:
        holder = state.powers[power]
        income = holder.population + tokens_paying(state, power)
        if option(state, "commerce_timing") == "income":
            for held in holder.tiles:
                if data.tile(held.tile).family == "commerce":
                    income += commerce_gold(state, power, held.tile)
        gain_gold(ctx, power, income, "soe.reason.income")
        pay(ctx, power, units_on_board(state, power), "soe.reason.upkeep")
    for power in state.seats:
        holder = state.powers[power]
        holder.population = min(
            data.rules.max_population, holder.population + data.rules.population_growth
        )
    ctx.emit(
        "soe.population_grew",
        growth=data.rules.population_growth,
        most=data.rules.max_population,
    )
