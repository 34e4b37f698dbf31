"""The ordinary actions of a turn: pass, build, move two units, colonise or enslave."""

from __future__ import annotations

from rulesets.core import IllegalAction, StepContext
from rulesets.struggle.movement import destinations, has_movable_unit, travel
from rulesets.struggle.state import (
    Step,
    StruggleState,
    Unit,
    add_units,
    count_owned,
    game_data,
    option,
    place_token,
)
from rulesets.struggle.turns import action_done

Ctx = StepContext[StruggleState]


def finish_step(ctx: Ctx, spends_action: bool) -> None:
    ctx.state.step = None
    if spends_action:
        action_done(ctx)


def spend_population(ctx: Ctx, power: str, amount: int) -> None:
    holder = ctx.state.powers[power]
    if holder.population < amount:
        raise IllegalAction("soe.error.no_population", needed=amount, have=holder.population)
    holder.population -= amount


def forts_on_board(state: StruggleState, power: str) -> int:
    home = state.homes[power].forts
    return home + sum(region.forts.get(power, 0) for region in state.regions.values())


def may_build(state: StruggleState, power: str, unit: Unit) -> bool:
    limit = int(option(state, "fort_limit"))
    return not (unit == "fort" and limit and forts_on_board(state, power) >= limit)


def build_places(state: StruggleState, power: str, unit: Unit) -> list[str]:
    """The home country and every region a unit could reach from it."""
    return [power, *destinations(state, power, unit, power)]


def start_build(ctx: Ctx, power: str, unit: Unit, *, tile: str | None = None) -> None:
    """A Build action (tile=None, pays 1 population) or a tile's free build (no population)."""
    if tile is None:
        spend_population(ctx, power, 1)
    free = tile is not None and not option(ctx.state, "tile_builds_spend_action")
    ctx.state.step = Step(kind="build_where", unit=unit, tile=tile, free=free)


def place_built_unit(ctx: Ctx, power: str, region: str) -> None:
    step = ctx.state.step
    assert step is not None and step.unit is not None
    arrived = travel(ctx, power, step.unit, power, region)
    ctx.emit("soe.built", power=power, unit=step.unit, region=region, arrived=arrived)
    militia_next = (
        step.tile is None
        and count_owned(ctx.state, power, "militia") > 0
        and ctx.state.powers[power].population >= 1
    )
    if militia_next:
        ctx.state.step = Step(kind="militia")
        return
    finish_step(ctx, spends_action=not step.free)


def answer_militia(ctx: Ctx, power: str, yes: bool) -> None:
    if not yes:
        finish_step(ctx, spends_action=True)
        return
    spend_population(ctx, power, 1)
    ctx.state.step = Step(kind="build_where", unit="army", tile="militia")


def move_allowance(state: StruggleState, power: str) -> int:
    return 3 if count_owned(state, power, "logistics") else 2


def start_move(ctx: Ctx, power: str) -> None:
    ctx.state.step = Step(kind="move_pick", moves_left=move_allowance(ctx.state, power))


def pick_unit(ctx: Ctx, unit: Unit, origin: str) -> None:
    step = ctx.state.step
    assert step is not None
    ctx.state.step = Step(
        kind="move_where", unit=unit, origin=origin, moves_left=step.moves_left, moved=step.moved
    )


def move_unit(ctx: Ctx, power: str, destination: str) -> None:
    step = ctx.state.step
    assert step is not None and step.unit is not None and step.origin is not None
    add_units(ctx.state, step.origin, step.unit, power, -1)
    ended = travel(ctx, power, step.unit, step.origin, destination)
    ctx.emit(
        "soe.moved", power=power, unit=step.unit, origin=step.origin, to=destination, ended=ended
    )
    moved = [*step.moved, f"{ended}/{step.unit}"] if ended else list(step.moved)
    left = step.moves_left - 1
    if left <= 0 or not has_movable_unit(ctx.state, power, moved):
        finish_step(ctx, spends_action=True)
        return
    ctx.state.step = Step(kind="move_pick", moves_left=left, moved=moved)


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


def take_marker(ctx: Ctx, power: str, marker: str, kind: str) -> None:
    if kind == "pop":
        spend_population(ctx, power, 1)
    region = game_data(ctx.state).marker(marker).region
    ctx.state.regions[region].markers.remove(marker)
    place_token(ctx.state, region, power)
    ctx.state.turn.colonised = True
    key = "soe.colonised" if kind == "pop" else "soe.enslaved"
    ctx.emit(key, power=power, marker=marker, region=region)
    finish_step(ctx, spends_action=True)
