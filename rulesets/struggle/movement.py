"""Where a unit may go, and the sea-movement roll that may send it back or sink it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from rulesets.core import StepContext
from rulesets.struggle.choices import shown
from rulesets.struggle.money import add_unrest
from rulesets.struggle.state import (
    StruggleState,
    Unit,
    add_units,
    are_allied,
    count_owned,
    game_data,
    option,
    units_in,
)

Ctx = StepContext[StruggleState]
SeaResult = Literal["arrive", "return", "lost"]
MOBILE: tuple[Unit, ...] = ("army", "fleet")


def sea_group(state: StruggleState, place: str) -> str:
    """Homes count as Europe for the sea-roll table."""
    if place in state.homes:
        return "europe"
    return game_data(state).region(place).sea_group


def needs_sea_roll(state: StruggleState, origin: str, destination: str) -> bool:
    start, end = sea_group(state, origin), sea_group(state, destination)
    if end == "europe":
        return start != "europe"
    return not (start == "american" and end == "american")


def sea_outcome(first: int, second: int | None, navigation: bool) -> SeaResult:
    """The sea-movement table: a first die of 2-6 arrives; on a 1 the second die decides."""
    if first != 1 or second is None:
        return "arrive"
    value = second + (2 if navigation else 0)
    if value <= 2:
        return "lost"
    return "return" if value <= 4 else "arrive"


def roll_sea(ctx: Ctx, power: str) -> SeaResult:
    first = ctx.roll(6)
    second = ctx.roll(6) if first == 1 else None
    navigation = count_owned(ctx.state, power, "navigation") > 0
    result = sea_outcome(first, second, navigation)
    rolled = [first] if second is None else [first, second]
    ctx.emit(
        "soe.sea_roll",
        **shown({"power": power, "first": first, "second": second}),
        dice=rolled,
        result=result,
    )
    return result


def blockade_stops(state: StruggleState, power: str, destination: str) -> bool:
    """A non-allied Blockade lets armies in only to a power with more ships than its owner."""
    blockade = state.blockade
    if blockade is None or blockade.region != destination:
        return False
    if blockade.owner == power or are_allied(state, power, blockade.owner):
        return False
    mine = units_in(state, destination, "fleet", power)
    return mine <= units_in(state, destination, "fleet", blockade.owner)


def army_may_enter_europe(state: StruggleState, power: str, destination: str) -> bool:
    """The five conditions for an army entering a European scoring region."""
    data = game_data(state)
    region = data.region(destination)
    if state.regions[destination].control.get(power, 0) > 0:
        return True
    if any(state.regions[near].control.get(power, 0) > 0 for near in region.adjacent):
        return True
    if destination in data.power(power).home_adjacent:
        return True
    if region.ships_allowed and units_in(state, destination, "fleet", power) > 0:
        return True
    naval = region.naval_region
    return naval is not None and naval != destination and units_in(state, naval, "fleet", power) > 0


def may_enter(state: StruggleState, power: str, unit: Unit, destination: str) -> bool:
    """Whether `unit` of `power` may arrive in `destination` now (forts as armies)."""
    if destination in state.homes:
        return destination == power
    region = game_data(state).region(destination)
    if unit == "fleet":
        return region.ships_allowed
    if region.kind == "colony":
        has_ship = units_in(state, destination, "fleet", power) > 0
        return has_ship and not blockade_stops(state, power, destination)
    return army_may_enter_europe(state, power, destination)


def destinations(state: StruggleState, power: str, unit: Unit, origin: str) -> list[str]:
    places = [power, *game_data(state).region_ids]
    return [place for place in places if place != origin and may_enter(state, power, unit, place)]


def lose_at_sea(ctx: Ctx, power: str, unit: Unit) -> None:
    ctx.emit("soe.lost_at_sea", power=power, unit=unit)
    if option(ctx.state, "sea_loss_unrest"):
        add_unrest(ctx, power, 1, "soe.reason.lost_at_sea")


def travel(ctx: Ctx, power: str, unit: Unit, origin: str, destination: str) -> str | None:
    """Send a unit from `origin` (already removed) toward `destination`; return where it ends
    up, or None when the sea took it."""
    if needs_sea_roll(ctx.state, origin, destination):
        result = roll_sea(ctx, power)
        if result == "lost":
            lose_at_sea(ctx, power, unit)
            return None
        if result == "return":
            destination = origin
    add_units(ctx.state, destination, unit, power, 1)
    return destination


def report_move(
    ctx: Ctx, power: str, unit: Unit, origin: str, destination: str, ended: str | None
) -> None:
    params: dict[str, Any] = {"power": power, "unit": unit, "origin": origin, "to": destination}
    if ended is None:
        ctx.emit("soe.moved_lost", **params)
    else:
        ctx.emit("soe.moved", **params, ended=ended)


def movable_units(state: StruggleState, power: str, moved: list[str]) -> list[tuple[str, Unit]]:
    """(place, unit) pairs with a unit that has not moved this action and can go somewhere."""
    return list(_movable(state, power, moved))


def has_movable_unit(state: StruggleState, power: str, moved: list[str]) -> bool:
    return next(_movable(state, power, moved), None) is not None


def _movable(state: StruggleState, power: str, moved: list[str]) -> Iterator[tuple[str, Unit]]:
    places = [power, *game_data(state).region_ids]
    for place in places:
        for unit in MOBILE:
            count = units_in(state, place, unit, power) - moved.count(f"{place}/{unit}")
            if count > 0 and any(
                other != place and may_enter(state, power, unit, other) for other in places
            ):
                yield place, unit
