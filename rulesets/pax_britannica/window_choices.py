"""What each power may do in the Movement / Status Change window, as lists: the markers it
can buy or raise, the units it can buy, where its armies, navies and merchant fleets can
go, the canals it can dig, the money it can pay, and the purchases it still owes."""

from __future__ import annotations

from rulesets.core import Choice, IntRange
from rulesets.pax_britannica.board import army_destinations, loc_areas, navy_destinations
from rulesets.pax_britannica.data import LEVELS, Level
from rulesets.pax_britannica.holdings import (
    marker_cost,
    markers_by_area,
    placement_allowed,
    units_left_by_size,
)
from rulesets.pax_britannica.offers import offer
from rulesets.pax_britannica.state import (
    MAX_TRANSFERS,
    Obligation,
    PaxState,
    game_data,
    majors,
    marker_of,
    unit_by_id,
)

MENUS = ("markers", "units", "armies", "navies", "fleets", "downgrade", "canal", "transfer")
CONTROL = ("protectorate", "possession", "dominion")


# -- what a power may do now -------------------------------------------------------------


def marker_choices(
    state: PaxState, power: str, first_only: bool = False
) -> list[tuple[str, Level, int]]:
    treasury = state.powers[power].treasury
    costs = game_data(state).costs.markers
    if treasury < min(costs.values()):
        return []
    reach = loc_areas(state, power)
    by_area = markers_by_area(state)
    out: list[tuple[str, Level, int]] = []
    for area in sorted(reach):
        own = next((m for m in by_area.get(area, []) if m.power == power), None)
        current = own.level if own else None
        for level in LEVELS:
            if current is not None and LEVELS.index(level) <= LEVELS.index(current):
                continue
            price = marker_cost(state, level, current)
            if price <= treasury and placement_allowed(state, power, area, level, reach, by_area):
                out.append((area, level, price))
                if first_only:
                    return out
    return out


def unit_choices(state: PaxState, power: str) -> list[tuple[str, int, int]]:
    data = game_data(state)
    standing = state.powers[power]
    out: list[tuple[str, int, int]] = []
    if standing.treasury < min(min(data.costs.armies.values()), min(data.costs.navies.values())):
        return out
    left = units_left_by_size(state, power)
    for kind, prices in (("army", data.costs.armies), ("navy", data.costs.navies)):
        if kind in standing.purchase_bans:
            continue
        for strength in (1, 3, 10):
            if (
                power == "belgium"
                and kind == "navy"
                and (strength != 1 or not standing.naval_right)
            ):
                continue
            price = prices[str(strength)]
            if price <= standing.treasury and left[kind, strength] > 0:
                out.append((kind, strength, price))
    return out


def move_choices(
    state: PaxState, power: str, kind: str, first_only: bool = False
) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    known: dict[tuple[str, str | None, int], list[str]] = {}
    for unit in state.units:
        if unit.power != power or unit.kind != kind or unit.moved:
            continue
        key = (unit.location, unit.role, unit.strength)
        if key in known:
            continue  # one choice per look-alike unit: the same move, the same label
        known[key] = (
            army_destinations(state, unit) if kind == "army" else navy_destinations(state, unit)
        )
        out.extend((unit.id, end) for end in known[key])
        if first_only and out:
            return out
    return out


def fleet_choices(state: PaxState, power: str) -> list[tuple[str, str | None, str]]:
    """(action, from sea or None, to sea): new fleets first, then moves."""
    standing = state.powers[power]
    seas = [s.id for s in game_data(state).seas]
    free = [s for s in seas if s not in standing.merchant_fleets]
    out: list[tuple[str, str | None, str]] = []
    if standing.fleets_to_take:
        out.extend(("take", None, sea) for sea in free)
    for sea in standing.merchant_fleets:
        if sea not in standing.fleets_moved:
            out.extend(("move", sea, to) for to in free)
    return out


def downgrade_choices(state: PaxState, power: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for marker in state.markers:
        if marker.power != power:
            continue
        if marker.level == "influence":
            out.extend([(marker.area, "interest"), (marker.area, "none")])
        elif marker.level == "interest":
            out.append((marker.area, "none"))
    return out


def canal_choices(state: PaxState, power: str) -> list[str]:
    data = game_data(state)
    if state.powers[power].treasury < data.costs.canal:
        return []
    out = []
    for passage in data.passages:
        area = passage.area
        if passage.kind != "canal_site" or area is None or area in state.canals:
            continue
        own = marker_of(state, power, area)
        if own is not None and own.established and own.level != "interest":
            out.append(area)
    return out


def transfer_targets(state: PaxState, power: str) -> list[str]:
    standing = state.powers[power]
    if power == "austria_hungary" or standing.treasury <= 0 or standing.transfers >= MAX_TRANSFERS:
        return []
    targets = [p for p in majors(state) if p != power]
    if power != "germany":
        targets = [p for p in targets if p != "austria_hungary"]
    return targets


def menu_has_choices(state: PaxState, power: str, menu: str) -> bool:
    if menu == "markers":
        return bool(marker_choices(state, power, first_only=True))
    if menu in ("armies", "navies"):
        kind = "army" if menu == "armies" else "navy"
        return bool(move_choices(state, power, kind, first_only=True))
    if menu == "units":
        return bool(unit_choices(state, power))
    if menu == "fleets":
        standing = state.powers[power]
        return bool(standing.fleets_to_take) or any(
            sea not in standing.fleets_moved for sea in standing.merchant_fleets
        )
    if menu == "downgrade":
        return any(m.power == power and not m.is_control for m in state.markers)
    if menu == "canal":
        return bool(canal_choices(state, power))
    return bool(transfer_targets(state, power))


def menu_entries(state: PaxState, power: str, menu: str) -> list[Choice]:
    if menu == "markers":
        return [
            _marker_choice(state, power, a, lv, price)
            for a, lv, price in marker_choices(state, power)
        ]
    if menu == "units":
        return [
            _unit_choice(power, kind, strength, price)
            for kind, strength, price in unit_choices(state, power)
        ]
    if menu in ("armies", "navies"):
        kind = "army" if menu == "armies" else "navy"
        return [_move_choice(state, power, uid, to) for uid, to in move_choices(state, power, kind)]
    if menu == "fleets":
        return [
            _fleet_choice(power, what, sea, to) for what, sea, to in fleet_choices(state, power)
        ]
    if menu == "downgrade":
        return [
            _downgrade_choice(state, power, area, to)
            for area, to in downgrade_choices(state, power)
        ]
    if menu == "canal":
        cost = game_data(state).costs.canal
        return [
            offer(
                "build_canal",
                "pax.label.build_canal",
                {"power": power, "area": area, "cost": cost},
                power=power,
                area=area,
            )
            for area in canal_choices(state, power)
        ]
    treasury = state.powers[power].treasury
    return [
        offer(
            "transfer",
            "pax.label.transfer",
            {"power": power, "to": to},
            {"amount": IntRange(low=1, high=treasury)},
            power=power,
            to=to,
        )
        for to in transfer_targets(state, power)
    ]


def _marker_choice(state: PaxState, power: str, area: str, level: Level, price: int) -> Choice:
    own = marker_of(state, power, area)
    key = "pax.label.upgrade_marker" if own else "pax.label.place_marker"
    params = {"power": power, "area": area, "level": f"pax_a_level_{level}", "cost": price}
    if own:
        params["from"] = f"pax_the_level_{own.level}"
    return offer("place_marker", key, params, power=power, area=area, level=level)


def _unit_choice(power: str, kind: str, strength: int, price: int) -> Choice:
    params = {"power": power, "kind": f"pax_a_unit_{kind}", "strength": strength, "cost": price}
    return offer(
        "buy_unit", "pax.label.buy_unit", params, power=power, kind=kind, strength=strength
    )


def _move_choice(state: PaxState, power: str, unit_id: int, to: str) -> Choice:
    unit = unit_by_id(state, unit_id)
    assert unit is not None
    params = {
        "power": power,
        "kind": f"pax_the_unit_{unit.kind}",
        "strength": unit.strength,
        "area": unit.location,
        "to": to,
    }
    return offer("move_unit", "pax.label.move_unit", params, power=power, unit=unit_id, to=to)


def _fleet_choice(power: str, what: str, sea: str | None, to: str) -> Choice:
    if what == "take":
        return offer(
            "take_fleet", "pax.label.take_fleet", {"power": power, "sea": to}, power=power, sea=to
        )
    assert sea is not None
    return offer(
        "move_fleet",
        "pax.label.move_fleet",
        {"power": power, "sea": sea, "to": to},
        power=power,
        sea=sea,
        to=to,
    )


def _downgrade_choice(state: PaxState, power: str, area: str, to: str) -> Choice:
    marker = marker_of(state, power, area)
    assert marker is not None
    key = "pax.label.downgrade" if to == "interest" else "pax.label.remove_marker"
    params = {"power": power, "area": area, "level": f"pax_the_level_{marker.level}"}
    return offer("downgrade", key, params, power=power, area=area, to=to)


# -- obligations ---------------------------------------------------------------------------


def owed(state: PaxState, power: str) -> list[Choice]:
    """The purchases an unmet obligation still demands and the treasury can pay; while any
    is listed, the seat cannot declare itself done."""
    standing = state.powers[power]
    out: list[Choice] = []
    for obligation in standing.obligations:
        if obligation.left <= 0:
            continue
        if obligation.unit == "control_marker":
            out.extend(
                _marker_choice(state, power, a, lv, p)
                for a, lv, p in marker_choices(state, power)
                if lv in CONTROL
            )
        else:
            out.extend(
                _unit_choice(power, k, s, p)
                for k, s, p in unit_choices(state, power)
                if _qualifies(obligation, k, s)
            )
        if out:
            return out
    return out


def _qualifies(obligation: Obligation, kind: str, strength: int) -> bool:
    if obligation.unit in ("indian_army", "western_garrison"):
        return kind == "army" and strength == 10
    return obligation.unit in (kind, "any")
