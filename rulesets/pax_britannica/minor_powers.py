"""Minor Powers phase (§4.3), played by Courier: surplus units home, the rush to put down
unrest in a minor's own areas, then each minor's activity roll and its target cascade."""

from __future__ import annotations

from rulesets.core import Phase, StepContext
from rulesets.pax_britannica.board import loc_areas, steps_between
from rulesets.pax_britannica.holdings import (
    add_casus_belli,
    counters_left,
    new_unit,
    units_left,
)
from rulesets.pax_britannica.indices import raise_resentment
from rulesets.pax_britannica.state import (
    Combat,
    Marker,
    PaxState,
    Unit,
    area_type,
    armies_in,
    game_data,
    is_major,
    marker_of,
    markers_in,
    minors,
)

REROLL_LIMIT = 60
OPEN_TYPES = ("unorganized", "chinese_vassal")


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    send_surplus_home(ctx)
    for minor in minors(state):
        react_to_unrest(ctx, minor)
    for minor in minors(state):
        activity(ctx, minor)
    ctx.enter("movement")


def send_surplus_home(ctx: StepContext[PaxState]) -> None:
    """The turn after a suppression, all but the smallest unit go home (A-64)."""
    state = ctx.state
    for entry in state.minor_suppressed:
        armies = sorted(armies_in(state, entry.power, entry.area), key=lambda u: u.strength)
        for unit in armies[1:]:
            unit.location = entry.power
            ctx.emit(
                "pax.event.minor_home", power=entry.power, area=entry.area, strength=unit.strength
            )
    state.minor_suppressed = []


def react_to_unrest(ctx: StepContext[PaxState], minor: str) -> None:
    """A minor sends its forces against unrest in the one area it controls with the highest
    EV (ties at random), then fights there at the start of Colonial Combat (A-62, A-63)."""
    state = ctx.state
    data = game_data(state)
    troubled = [
        m.area
        for m in state.markers
        if m.power == minor and m.is_control and m.area in state.unrest
    ]
    if not troubled:
        return
    best = max(data.area(a).ev for a in troubled)
    tied = sorted(a for a in troubled if data.area(a).ev == best)
    target = tied[0] if len(tied) == 1 else ctx.dice.choose(tied)
    for unit in [u for u in state.units if u.power == minor and u.kind == "army"]:
        if unit.location == minor:
            unit.location = target
            continue
        if unit.location == target:
            continue
        group = sorted(armies_in(state, minor, unit.location), key=lambda u: (u.strength, u.id))
        spare = len(group) >= 2 and unit is not group[0]
        if spare and steps_between(state, minor, unit.location, target) is not None:
            unit.location = target
    ctx.emit("pax.event.minor_reacts", power=minor, area=target)
    state.combats.append(Combat(power=minor, area=target))


def activity(ctx: StepContext[PaxState], minor: str) -> None:
    state = ctx.state
    table = game_data(state).minor_table(minor)
    if table is None:
        return
    if (
        counters_left(state, minor, "interest") <= 0
        and counters_left(state, minor, "protectorate") <= 0
    ):
        ctx.emit("pax.event.minor_idle", power=minor)
        return
    roll = ctx.roll(6)
    if roll not in table.active_on:
        ctx.emit("pax.event.minor_inactive", power=minor, roll=roll)
        return
    feasible = {code for code, area in table.areas.items() if best_step(state, minor, area)}
    if not feasible:
        ctx.emit("pax.event.minor_idle", power=minor)
        return
    for _ in range(REROLL_LIMIT):
        code = str(ctx.roll(6) + ctx.roll(6))
        if code in feasible:
            break
        ctx.emit("pax.event.minor_rerolls", power=minor, area=table.areas[code])
    else:
        code = min(feasible, key=int)
    act(ctx, minor, table.areas[code])


def _other_control(state: PaxState, minor: str, area: str) -> bool:
    return any(m.is_control for m in markers_in(state, area) if m.power != minor)


def spare_unit(state: PaxState, minor: str) -> Unit | str | None:
    """The unit a new protectorate takes: from home, else from the nearest area holding two
    or more units, else a new counter ('new'); None when none is left (§4.3.3)."""
    home = sorted(
        (u for u in state.units if u.power == minor and u.kind == "army" and u.location == minor),
        key=lambda u: (u.strength, u.id),
    )
    if home:
        return home[0]
    stacks: dict[str, list[Unit]] = {}
    for unit in state.units:
        if unit.power == minor and unit.kind == "army" and unit.location != minor:
            stacks.setdefault(unit.location, []).append(unit)
    crowded = sorted(area for area, units in stacks.items() if len(units) >= 2)
    if crowded:
        return min(stacks[crowded[0]], key=lambda u: (u.strength, u.id))
    if any(units_left(state, minor, "army", s) > 0 for s in (1, 3, 10)):
        return "new"
    return None


def best_step(state: PaxState, minor: str, area: str) -> str | None:
    """The first possible level of the cascade in `area`: possession, protectorate,
    influence or interest; None when nothing is possible."""
    if area not in loc_areas(state, minor):
        return None
    own = marker_of(state, minor, area)
    if own is not None and own.level == "protectorate" and armies_in(state, minor, area):
        return "possession"
    kind = area_type(state, area)
    open_area = kind in OPEN_TYPES or area in state.unrest
    rulers = [m for m in markers_in(state, area) if m.is_control]
    # §4.17.2: two minors active in one area the same turn share it as a codominion.
    shared = (
        state.options.get("minor_codominion", True)
        and own is None
        and all(m.placed_this_turn and not is_major(state, m.power) for m in rulers)
    )
    if (
        (not rulers or shared)
        and open_area
        and counters_left(state, minor, "protectorate") > 0
        and spare_unit(state, minor) is not None
    ):
        return "protectorate"
    if _other_control(state, minor, area):
        return None
    if own is not None and own.level == "interest":
        return "influence"
    if own is None and counters_left(state, minor, "influence") > 0:
        return "influence"
    if own is None and counters_left(state, minor, "interest") > 0:
        return "interest"
    return None


def act(ctx: StepContext[PaxState], minor: str, area: str) -> None:
    state = ctx.state
    step = best_step(state, minor, area)
    own = marker_of(state, minor, area)
    if step == "possession" and own is not None:
        own.level = "possession"
        own.established = True
    elif step == "protectorate":
        place_protectorate(ctx, minor, area)
        return
    elif step in ("influence", "interest"):
        if own is not None:
            state.markers.remove(own)
        state.markers.append(
            Marker(
                power=minor,
                area=area,
                level=step,
                established=area not in state.unrest,
                placed_turn=state.turn,
                placed_this_turn=True,
            )
        )
    ctx.emit("pax.event.minor_places", power=minor, area=area, level=f"pax_a_level_{step}")
    _chinese(ctx, minor, area)


def place_protectorate(ctx: StepContext[PaxState], minor: str, area: str) -> None:
    state = ctx.state
    unit = spare_unit(state, minor)
    if unit == "new":
        strength = next(s for s in (1, 3, 10) if units_left(state, minor, "army", s) > 0)
        unit = new_unit(state, minor, "army", strength, area)
    elif isinstance(unit, Unit):
        unit.location = area
    own = marker_of(state, minor, area)
    if own is not None:
        state.markers.remove(own)
    in_unrest = area in state.unrest
    state.markers.append(
        Marker(
            power=minor,
            area=area,
            level="protectorate",
            established=not in_unrest,
            needs_combat=in_unrest,
            placed_turn=state.turn,
            placed_this_turn=True,
        )
    )
    ctx.emit("pax.event.minor_places", power=minor, area=area, level="pax_a_level_protectorate")
    if in_unrest:
        state.combats.append(Combat(power=minor, area=area))
    for other in markers_in(state, area):
        if other.power != minor and other.level == "influence" and is_major(state, other.power):
            add_casus_belli(ctx, other.power, minor, area)
    if state.options.get("minor_timing", True) and area not in state.minor_blocked:
        state.minor_blocked.append(area)
    if area_type(state, area) == "ottoman" and not in_unrest:
        state.ottoman_war_pending.append(minor)
        ctx.emit("pax.event.ottoman_war_pending", power=minor, area=area)
    _chinese(ctx, minor, area)


def _chinese(ctx: StepContext[PaxState], minor: str, area: str) -> None:
    data = game_data(ctx.state)
    if data.area(area).type in ("chinese_empire", "chinese_vassal"):
        raise_resentment(ctx, data.resentment.per_minor_marker, "minor_in_china", minor)


PHASE: Phase[PaxState] = Phase(
    name="minor_powers", prompts=lambda state: [], handlers={}, enter=enter
)
