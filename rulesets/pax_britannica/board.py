"""Board queries: adjacency, lines of communication, where units may go, retreats."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rulesets.pax_britannica.state import (
    PaxState,
    Unit,
    established_control,
    game_data,
    units_of,
)


def land_neighbours(state: PaxState, area: str) -> list[str]:
    """Areas joined to `area` by a land route, after the Balkan wars' map changes."""
    data = game_data(state)
    found = list(data.area(area).land)
    for a, b in state.extra_routes:
        if area in (a, b):
            found.append(b if a == area else a)
    for a, b in state.removed_routes:
        if area in (a, b):
            other = b if a == area else a
            if other in found:
                found.remove(other)
    return found


def area_seas(state: PaxState, area: str) -> list[str]:
    seas = list(game_data(state).area(area).seas)
    if area == "bulgaria" and state.balkan_wars >= 2 and "mediterranean" not in seas:
        seas.append("mediterranean")
    return seas


def sea_neighbours(state: PaxState, sea: str) -> list[str]:
    data = game_data(state)
    found = list(data.sea(sea).adjacent)
    if state.canals:
        for passage in data.passages:
            if (
                passage.kind == "canal_site"
                and passage.area in state.canals
                and sea in passage.seas
            ):
                other = passage.seas[1] if passage.seas[0] == sea else passage.seas[0]
                if other not in found:
                    found.append(other)
    return found


def neighbours(state: PaxState, place: str) -> list[str]:
    """Every place one step from `place`: areas, sea zones and home nations."""
    data = game_data(state)
    if data.is_area(place):
        record = data.area(place)
        return [*land_neighbours(state, place), *area_seas(state, place), *record.homes]
    if data.is_sea(place):
        coast = list(data.coast(place))
        if place == "mediterranean" and state.balkan_wars >= 2 and "bulgaria" not in coast:
            coast.append("bulgaria")
        homes = data.ports(place)
        return [*sea_neighbours(state, place), *coast, *homes]
    power = data.power(place)
    return [*power.home_land, *power.home_seas]


# Searches repeat on the same board many times a turn (every prompt lists them), so their
# results are kept by the board facts they depend on: a pure cache, keyed by value.
_SEARCHES: dict[tuple[object, ...], tuple[str, ...]] = {}


def board_key(state: PaxState, power: str) -> tuple[object, ...]:
    """Everything a peacetime search for `power` depends on."""
    own = tuple(sorted((m.area, m.level, m.established) for m in state.markers if m.power == power))
    return (
        state.custom_digest or "shipped",
        power,
        own,
        tuple(sorted(state.powers[power].merchant_fleets)),
        tuple(sorted(state.unrest)),
        tuple(state.extra_routes),
        tuple(state.removed_routes),
        tuple(sorted(state.canals)),
        state.balkan_wars,
    )


def _remember(key: tuple[object, ...], found: tuple[str, ...]) -> tuple[str, ...]:
    if len(_SEARCHES) > 20_000:
        _SEARCHES.clear()
    _SEARCHES[key] = found
    return found


def loc_areas(state: PaxState, power: str) -> set[str]:
    """Areas to which `power` can trace a line of communication (the target area is the
    path's last step and need not be controlled; only its own established control, own
    merchant fleets and its home nation carry the line)."""
    key = ("loc", *board_key(state, power))
    found = _SEARCHES.get(key)
    if found is None:
        found = _remember(key, tuple(sorted(_loc_search(state, power))))
    return set(found)


def _loc_search(state: PaxState, power: str) -> set[str]:
    chain = established_control(state, power) | set(state.powers[power].merchant_fleets)
    chain.add(power)
    seen = {power}
    queue = deque([power])
    reached: set[str] = set()
    data = game_data(state)
    while queue:
        place = queue.popleft()
        for nxt in neighbours(state, place):
            if data.is_area(nxt):
                reached.add(nxt)
            if nxt in chain and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return reached


def army_destinations(state: PaxState, unit: Unit) -> list[str]:
    """Where an army may end a peacetime move (§4.4.6), with the special garrison limits."""
    key = ("army", unit.location, *board_key(state, unit.power))
    ends = _SEARCHES.get(key)
    if ends is None:
        ends = _remember(key, tuple(_army_search(state, unit.power, unit.location)))
    return [place for place in ends if _role_allows(state, unit, place)]


def _army_search(state: PaxState, power: str, start: str) -> list[str]:
    data = game_data(state)
    control = established_control(state, power)
    if start != power and start not in control:
        return []
    fleets = set(state.powers[power].merchant_fleets)
    mine = {m.area: m for m in state.markers if m.power == power}
    seen = {start}
    queue = deque([start])
    ends: list[str] = []
    while queue:
        place = queue.popleft()
        for nxt in neighbours(state, place):
            if nxt in seen:
                continue
            if data.is_sea(nxt):
                if nxt in fleets:
                    seen.add(nxt)
                    queue.append(nxt)
                continue
            if data.is_home(nxt):
                if nxt == power:
                    seen.add(nxt)
                    ends.append(nxt)
                    queue.append(nxt)
                continue
            marker = mine.get(nxt)
            if marker is None or not marker.is_control:
                continue
            seen.add(nxt)
            ends.append(nxt)
            if marker.established and nxt not in state.unrest:
                queue.append(nxt)
    return ends


def _role_allows(state: PaxState, unit: Unit, place: str) -> bool:
    data = game_data(state)
    if unit.role == "indian_army":
        return place in india_reach(state)
    if unit.power == "russia" and unit.kind == "army" and unit.strength == 10:
        region = {"russia", *data.groups.russian_west}
        if place in region:
            return True
        tens = [u for u in units_of(state, "russia", "army") if u.strength == 10]
        inside = [u for u in tens if u.location in region]
        if len(tens) < 4:
            return False
        return not (unit.location in region and len(inside) - 1 < 3)
    return True


def india_reach(state: PaxState) -> set[str]:
    """India's areas and every area within two land routes of them (§4.4.9)."""
    key = ("india", state.custom_digest, tuple(state.extra_routes), tuple(state.removed_routes))
    found = _SEARCHES.get(key)
    if found is None:
        found = _remember(key, tuple(sorted(_india_search(state))))
    return set(found)


def _india_search(state: PaxState) -> set[str]:
    india = set(game_data(state).groups.india)
    reach = set(india)
    frontier = set(india)
    for _ in range(2):
        frontier = {n for area in frontier for n in land_neighbours(state, area)} - reach
        reach |= frontier
    return reach


def navy_destinations(state: PaxState, unit: Unit) -> list[str]:
    """A navy goes, with no path, to any coastal area holding its owner's established
    control marker, or home (§4.4.5)."""
    control = established_control(state, unit.power)
    places = [a for a in sorted(control) if area_seas(state, a)]
    places.append(unit.power)
    return [p for p in places if p != unit.location]


def retreat_destination(state: PaxState, power: str, area: str) -> str | None:
    """Where armies defeated in `area` go (AR, §4.5.4): an adjacent established controlled
    area not in unrest, else one reached through own merchant fleets, else home; None when
    there is nowhere to go."""
    data = game_data(state)
    safe = {a for a in established_control(state, power) if a not in state.unrest} - {area}
    by_land = sorted(a for a in land_neighbours(state, area) if a in safe)
    if by_land:
        return max(by_land, key=lambda a: (data.area(a).ev, a))
    if power in data.area(area).homes:
        return power
    fleets = set(state.powers[power].merchant_fleets)
    seen = {area}
    queue = deque(s for s in area_seas(state, area) if s in fleets)
    seen.update(queue)
    while queue:
        sea = queue.popleft()
        for nxt in neighbours(state, sea):
            if nxt in seen:
                continue
            seen.add(nxt)
            if nxt == power or nxt in safe:
                return nxt
            if nxt in fleets:
                queue.append(nxt)
    return None


def land_linked(state: PaxState, power: str, starts: Iterable[str], ends: Iterable[str]) -> bool:
    """A chain of land routes through `power`'s established controlled areas joins one of
    `starts` to one of `ends` (the Africa passages, A-19)."""
    control = established_control(state, power)
    targets = set(ends) & control
    frontier = deque(a for a in starts if a in control)
    seen = set(frontier)
    while frontier:
        area = frontier.popleft()
        if area in targets:
            return True
        for nxt in land_neighbours(state, area):
            if nxt in control and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return False


def steps_between(state: PaxState, power: str, start: str, goal: str) -> int | None:
    """Fewest peacetime movement steps from `start` to `goal` for `power`'s armies."""
    data = game_data(state)
    fleets = set(state.powers[power].merchant_fleets)
    control = established_control(state, power) | {power}
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        place, distance = queue.popleft()
        for nxt in neighbours(state, place):
            if nxt == goal:
                return distance + 1
            if nxt in seen:
                continue
            if (data.is_sea(nxt) and nxt in fleets) or nxt in control:
                seen.add(nxt)
                queue.append((nxt, distance + 1))
    return None
