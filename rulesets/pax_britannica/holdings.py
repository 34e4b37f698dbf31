"""Status markers and units as the rules move them: placement legality and price, counter
pools, removal, retreats and the casus belli a placement creates."""

from __future__ import annotations

from collections import defaultdict

from rulesets.core import StepContext
from rulesets.pax_britannica.board import loc_areas, navy_destinations, retreat_destination
from rulesets.pax_britannica.data import CONTROL_LEVELS, LEVELS, Level, placement_casus_belli
from rulesets.pax_britannica.indices import raise_resentment
from rulesets.pax_britannica.state import (
    CasusBelli,
    Marker,
    PaxState,
    Unit,
    area_type,
    game_data,
    is_major,
    marker_of,
    markers_in,
)

ROUND = ("interest", "influence")
HEXAGONAL = ("protectorate", "possession")
CHINESE = ("chinese_empire", "chinese_vassal")


def counters_left(state: PaxState, power: str, level: Level) -> int:
    mix = game_data(state).mix(power)
    pool, size = (
        (ROUND, mix.round)
        if level in ROUND
        else (HEXAGONAL, mix.hexagonal)
        if level in HEXAGONAL
        else (("dominion",), mix.special)
    )
    used = sum(1 for m in state.markers if m.power == power and m.level in pool)
    return size - used


def units_left(state: PaxState, power: str, kind: str, strength: int) -> int:
    return units_left_by_size(state, power)[kind, strength]


def units_left_by_size(state: PaxState, power: str) -> dict[tuple[str, int], int]:
    """The counters of each (kind, strength) `power` has not yet on the map, in one pass."""
    mix = game_data(state).mix(power)
    left = {("army", int(s)): n for s, n in mix.armies.items()}
    left.update({("navy", int(s)): n for s, n in mix.navies.items()})
    for unit in state.units:
        if unit.power == power:
            key = (unit.kind, unit.strength)
            left[key] = left.get(key, 0) - 1
    return defaultdict(int, left)


def marker_cost(state: PaxState, level: Level, current: Level | None) -> int:
    costs = game_data(state).costs.markers
    return costs[level] - (costs[current] if current else 0)


def _special_area_ok(state: PaxState, power: str, area: str) -> bool:
    groups = game_data(state).groups
    if power == "britain":
        return area in groups.gb_dominions
    if power == "usa":
        return area in groups.us_states
    return False


def markers_by_area(state: PaxState) -> dict[str, list[Marker]]:
    found: dict[str, list[Marker]] = {}
    for marker in state.markers:
        found.setdefault(marker.area, []).append(marker)
    return found


def placement_allowed(
    state: PaxState,
    power: str,
    area: str,
    level: Level,
    reach: set[str] | None = None,
    by_area: dict[str, list[Marker]] | None = None,
) -> bool:
    """§4.4.2 without money: LOC, what the area holds, its type or unrest, the counters.
    `reach` (the power's LOC areas) and `by_area` (markers by area) may be given by a
    caller that already has them."""
    here = markers_by_area(state).get(area, []) if by_area is None else by_area.get(area, [])
    own = next((m for m in here if m.power == power), None)
    if own is not None and (not own.established or LEVELS.index(level) <= own.rank - 1):
        return False
    if area in state.minor_blocked and level != "interest":
        return False
    others = [m for m in here if m.power != power and m.established]
    other_control = any(m.is_control for m in others)
    if level == "interest":
        ok = not any(m.level in ("possession", "dominion") for m in others)
    elif level == "influence":
        ok = not other_control
    elif level in ("protectorate", "possession"):
        upgrade = own is not None and own.is_control
        open_type = area_type(state, area) in ("unorganized", "chinese_vassal")
        allowed_here = open_type or area in state.unrest or area in state.powers[power].may_place
        ok = not other_control and (upgrade or allowed_here)
    else:
        ok = _special_area_ok(state, power, area) and own is not None and own.level == "possession"
    if not ok:
        return False
    same_pool = own is not None and (
        (own.level in ROUND and level in ROUND) or (own.level in HEXAGONAL and level in HEXAGONAL)
    )
    if not same_pool and counters_left(state, power, level) <= 0:
        return False
    return area in (loc_areas(state, power) if reach is None else reach)


def place_marker(ctx: StepContext[PaxState], power: str, area: str, level: Level) -> None:
    """Put `power`'s new or upgraded marker under a Status Change marker, with the casus
    belli (fallback A-21) and Chinese resentment it causes."""
    state = ctx.state
    own = marker_of(state, power, area)
    before = own.level if own else None
    upgrade_from_control = own is not None and own.is_control
    if own is not None:
        state.markers.remove(own)
    marker = Marker(
        power=power,
        area=area,
        level=level,
        established=False,
        needs_combat=level in CONTROL_LEVELS and not upgrade_from_control,
        before=before,
        placed_turn=state.turn,
        placed_this_turn=True,
    )
    state.markers.append(marker)
    _casus_belli_from(ctx, marker)
    _resentment_from(ctx, marker)


def _casus_belli_from(ctx: StepContext[PaxState], marker: Marker) -> None:
    """§4.4.2: the summary of effects of placing status markers (a data table) says which
    placement beside another power's marker gives whom a casus belli."""
    state = ctx.state
    data = game_data(state)
    for other in markers_in(state, marker.area):
        if other.power == marker.power:
            continue
        holder = placement_casus_belli(data, marker.level, other.level)
        if holder in ("existing", "both"):
            add_casus_belli(ctx, other.power, marker.power, marker.area)
        if holder in ("placer", "both"):
            add_casus_belli(ctx, marker.power, other.power, marker.area)


def add_casus_belli(ctx: StepContext[PaxState], holder: str, target: str, area: str) -> None:
    state = ctx.state
    known = any(
        c.holder == holder and c.target == target and c.area == area for c in state.casus_belli
    )
    if not known:
        state.casus_belli.append(
            CasusBelli(holder=holder, target=target, area=area, turn=state.turn)
        )
        ctx.emit("pax.event.casus_belli", holder=holder, target=target, area=area)


def _resentment_from(ctx: StepContext[PaxState], marker: Marker) -> None:
    state = ctx.state
    data = game_data(state)
    if data.area(marker.area).type not in CHINESE:
        return
    if not is_major(state, marker.power):
        raise_resentment(ctx, data.resentment.per_minor_marker, "minor_in_china", marker.power)
        return
    placers = {m.power for m in markers_in(state, marker.area) if m.placed_this_turn}
    per = data.resentment.per_marker_placed_when_several
    if len(placers) == 2:
        raise_resentment(ctx, 2 * per, "rival_placements", marker.power)
    elif len(placers) > 2:
        raise_resentment(ctx, per, "rival_placements", marker.power)


def remove_marker(ctx: StepContext[PaxState], marker: Marker, reason: str) -> None:
    state = ctx.state
    if marker in state.markers:
        state.markers.remove(marker)
    ctx.emit(
        "pax.event.marker_removed",
        power=marker.power,
        area=marker.area,
        level=f"level_{marker.level}",
        reason=f"pax_{reason}",
    )
    blocks = not is_major(state, marker.power) and state.options.get("minor_timing", True)
    if blocks and marker.area not in state.minor_blocked:
        state.minor_blocked.append(marker.area)


def reduce_marker(ctx: StepContext[PaxState], marker: Marker, level: Level, reason: str) -> None:
    marker.level = level
    marker.established = True
    marker.needs_combat = False
    marker.before = None
    ctx.emit(
        "pax.event.marker_reduced",
        power=marker.power,
        area=marker.area,
        level=f"level_{level}",
        reason=f"pax_{reason}",
    )


def new_unit(
    state: PaxState, power: str, kind: str, strength: int, location: str, role: str | None = None
) -> Unit:
    unit = Unit(
        id=state.next_unit,
        power=power,
        kind=kind,
        strength=strength,
        location=location,
        role=role,
    )
    state.next_unit += 1
    state.units.append(unit)
    return unit


def eliminate(ctx: StepContext[PaxState], unit: Unit, reason: str) -> None:
    if unit in ctx.state.units:
        ctx.state.units.remove(unit)
    ctx.emit(
        "pax.event.unit_eliminated",
        power=unit.power,
        kind=f"pax_a_unit_{unit.kind}",
        strength=unit.strength,
        area=unit.location,
        reason=f"pax_{reason}",
    )


def retreat(ctx: StepContext[PaxState], power: str, area: str, navies: bool) -> None:
    """All of `power`'s armies (and navies, when asked) in `area` leave it: armies as a
    colonial AR, navies to a legal peacetime berth; units with nowhere to go are lost."""
    state = ctx.state
    where = retreat_destination(state, power, area)
    for unit in [u for u in state.units if u.power == power and u.location == area]:
        if unit.kind == "navy":
            if not navies:
                continue
            berths = navy_destinations(state, unit)
            unit.location = berths[-1] if berths else power
        elif where is None:
            eliminate(ctx, unit, "no_retreat")
            continue
        else:
            unit.location = where
        ctx.emit(
            "pax.event.unit_retreated",
            power=power,
            kind=f"unit_{unit.kind}",
            strength=unit.strength,
            area=area,
            to=unit.location,
        )
