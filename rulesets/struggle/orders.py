"""What the ordinary actions may do now: population spent, builds and their places, markers
open to colonising or enslaving, and the size of a move."""

from __future__ import annotations

from rulesets.core import IllegalAction, StepContext
from rulesets.struggle.movement import destinations, may_enter
from rulesets.struggle.state import StruggleState, Unit, count_owned, game_data, option
from rulesets.struggle.turn_flow import open_step

Ctx = StepContext[StruggleState]


def spend_population(ctx: Ctx, power: str, amount: int) -> None:
    holder = ctx.state.powers[power]
    if holder.population < amount:
        raise IllegalAction("soe.error.no_population", needed=amount, have=holder.population)
    holder.population -= amount


def forts_on_board(state: StruggleState, power: str) -> int:
    home = state.homes[power].forts
    return home + sum(region.forts.get(power, 0) for region in state.regions.values())


def may_build(state: StruggleState, power: str, unit: Unit) -> bool:
    if unit != "fort":
        return True
    limit = int(option(state, "fort_limit"))
    if limit and forts_on_board(state, power) >= limit:
        return False
    return any(may_enter(state, power, unit, place) for place in game_data(state).region_ids)


def build_places(state: StruggleState, power: str, unit: Unit) -> list[str]:
    """The home country and every region a unit could reach from it; a fort only where it
    can defend, never at home (no attack ever reaches a home country)."""
    abroad = destinations(state, power, unit, power)
    return abroad if unit == "fort" else [power, *abroad]


def start_build(ctx: Ctx, power: str, unit: Unit, *, tile: str | None = None) -> None:
    """A Build action (tile=None, pays 1 population) or a tile's free build (no population)."""
    if tile is None:
        spend_population(ctx, power, 1)
    free = tile is not None and not option(ctx.state, "tile_builds_spend_action")
    open_step(ctx, "build_where", unit=unit, tile=tile, free=free)


def move_allowance(state: StruggleState, power: str) -> int:
    return 3 if count_owned(state, power, "logistics") else 2


def colonisable(state: StruggleState, power: str, kind: str) -> list[str]:
    """Markers of this kind on the map that `power` may replace with a token now."""
    if state.turn.colonised:
        return []
    if kind == "pop" and state.powers[power].population < 1:
        return []
    if kind == "slaves" and not _fleet_in_africa(state, power):
        return []
    data = game_data(state)
    return [
        marker
        for region in state.regions.values()
        for marker in region.markers
        if data.marker(marker).kind == kind
    ]


def _fleet_in_africa(state: StruggleState, power: str) -> bool:
    return state.regions["AFR"].fleets.get(power, 0) > 0 if "AFR" in state.regions else False
