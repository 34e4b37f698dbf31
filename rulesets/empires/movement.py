"""Where units may go: ship ranges, land steps, sea-transport chains and passing through.

Pure queries on the state. A land move is one or two steps; a step is a land border or
one sea transport (board across a coastline, ride a chain of own ships, land elsewhere).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from rulesets.empires.state import EmpiresState, Unit


def ship_range(state: EmpiresState, unit: Unit) -> int:
    ranges = state.board().data.ship_range
    return ranges.three_master if unit.kind == "three_master" else ranges.two_master


def _foreign_flag(state: EmpiresState, region: str, empire: str) -> bool:
    owner = state.flags.get(region)
    return owner is not None and owner != empire


def ship_destinations(state: EmpiresState, unit: Unit) -> list[str]:
    """Seas the ship can end in: within range, passing any ships, never on an own ship.

    A ship in port must first cross into its anchor sea, which counts as a border.
    """
    board = state.board()
    neutral = state.is_neutral(unit.empire)
    if board.kind[unit.region] == "sea":
        frontier = {unit.region: 0}
    else:
        anchor = board.anchor[unit.region]
        if anchor is None:
            return []
        frontier = {anchor: 1}
    if neutral:
        frontier = {s: d for s, d in frontier.items() if not _foreign_flag(state, s, unit.empire)}
    distance = dict(frontier)
    queue = list(frontier)
    limit = ship_range(state, unit)
    while queue:
        sea = queue.pop(0)
        if distance[sea] >= limit:
            continue
        for nxt in board.sea_neighbours[sea]:
            if nxt in distance or (neutral and _foreign_flag(state, nxt, unit.empire)):
                continue
            distance[nxt] = distance[sea] + 1
            queue.append(nxt)
    result = []
    for sea in board.seas:
        if sea not in distance or sea == unit.region:
            continue
        others = [u for u in state.units_in(sea) if u.id != unit.id]
        if any(u.empire == unit.empire for u in others):
            continue
        if neutral and others:
            continue
        result.append(sea)
    return result


def carriers(state: EmpiresState, empire: str, used: frozenset[int]) -> dict[str, Unit]:
    """Own ships at sea able to carry: any three-master, or a two-master not yet used."""
    found: dict[str, Unit] = {}
    kinds = state.board().kind
    for unit in state.units:
        if unit.empire != empire or not unit.is_ship or kinds[unit.region] != "sea":
            continue
        if unit.kind == "two_master" and (unit.carried or unit.id in used):
            continue
        best = found.get(unit.region)
        if best is None or (best.kind == "two_master" and unit.kind == "three_master"):
            found[unit.region] = unit
    return found


def _minimal(sets: list[frozenset[int]], candidate: frozenset[int]) -> bool:
    """No known set of two-masters is contained in `candidate` (it would be a worse way)."""
    return not any(known <= candidate for known in sets)


def transport_options(
    state: EmpiresState, empire: str, origin: str, used: frozenset[int]
) -> dict[str, list[tuple[int, ...]]]:
    """Land regions one sea transport away, each with the chains of ships that reach it.

    Ships chain at will. What tells two chains apart for a player is the two-masters they
    lay down (each carries once a turn): one chain is kept per set, and only sets that do
    not lay down more than another does. The chain laying down the fewest comes first.
    """
    board = state.board()
    ships = carriers(state, empire, used)

    def lays_down(ship: Unit) -> frozenset[int]:
        return frozenset({ship.id}) if ship.kind == "two_master" else frozenset()

    # Shortest chains to each sea, searched by fewest two-masters laid down, then length.
    reached: dict[str, list[tuple[frozenset[int], tuple[int, ...]]]] = {}
    heap: list[tuple[int, int, tuple[int, ...], str]] = []
    for sea in board.coast_seas[origin]:
        if sea in ships:
            heapq.heappush(heap, (len(lays_down(ships[sea])), 1, (ships[sea].id,), sea))
    while heap:
        _, length, chain, sea = heapq.heappop(heap)
        laid = frozenset().union(*(lays_down(state.unit(i)) for i in chain))
        known = reached.setdefault(sea, [])
        if not _minimal([k for k, _ in known], laid):
            continue
        known.append((laid, chain))
        for nxt in board.sea_neighbours[sea]:
            if nxt in ships and ships[nxt].id not in chain:
                more = laid | lays_down(ships[nxt])
                heapq.heappush(heap, (len(more), length + 1, (*chain, ships[nxt].id), nxt))
    found: dict[str, list[tuple[frozenset[int], tuple[int, ...]]]] = {}
    for sea, entries in reached.items():
        for land in board.coast_lands[sea]:
            if land == origin:
                continue
            for laid, chain in entries:
                options = found.setdefault(land, [])
                if _minimal([k for k, _ in options], laid):
                    options[:] = [(k, c) for k, c in options if not laid <= k] + [(laid, chain)]
    return {
        land: [chain for _, chain in sorted(options, key=lambda o: (len(o[0]), len(o[1]), o[1]))]
        for land, options in found.items()
    }


@dataclass(frozen=True)
class Step:
    to: str
    chain: tuple[int, ...] = ()


@dataclass(frozen=True)
class Route:
    to: str
    via: str | None
    steps: tuple[Step, ...]
    permission_from: str | None = None
    # The two-masters this route lays down (each carries once a turn), sorted.
    two_masters: tuple[int, ...] = field(default=())


def passage_needed(state: EmpiresState, region: str, empire: str) -> str | None:
    """The empire whose land units stand in `region`, when passing needs its consent."""
    for unit in state.units_in(region):
        if unit.empire != empire and not unit.is_ship:
            return unit.empire
    return None


def _first_steps(state: EmpiresState, unit: Unit, origin: str, used: frozenset[int]) -> list[Step]:
    board = state.board()
    steps = [Step(to=n) for n in board.land_neighbours[origin]]
    direct = set(board.land_neighbours[origin])
    for land, chains in transport_options(state, unit.empire, origin, used).items():
        if land not in direct:
            steps += [Step(to=land, chain=chain) for chain in chains]
    return steps


def _two_masters(state: EmpiresState, chain: tuple[int, ...]) -> frozenset[int]:
    return frozenset(i for i in chain if state.unit(i).kind == "two_master")


def can_enter(state: EmpiresState, unit: Unit, region: str) -> bool:
    """A neutral empire keeps out of regions flagged by others, even in passing."""
    return not (state.is_neutral(unit.empire) and _foreign_flag(state, region, unit.empire))


def can_pass(state: EmpiresState, unit: Unit, region: str) -> bool:
    if not can_enter(state, unit, region):
        return False
    return (unit.id, region) not in {(u, r) for u, r in state.denied}


def land_routes(state: EmpiresState, unit: Unit, decider: str | None) -> dict[str, list[Route]]:
    """Every region the land unit may end in, with the distinct routes that lead there.

    Routes differ for a player in whose passage they ask (and where) and in the
    two-masters they lay down; others count once. The engine's pick comes first: no
    permission needed if possible, then the fewest two-masters, then the fewest steps.
    """
    candidates: list[Route] = []
    origin = unit.region
    for first in _first_steps(state, unit, origin, frozenset()):
        middle = first.to
        used = _two_masters(state, first.chain)
        if can_enter(state, unit, middle):
            candidates.append(
                Route(to=middle, via=None, steps=(first,), two_masters=tuple(sorted(used)))
            )
        if not can_pass(state, unit, middle):
            continue
        blocker = passage_needed(state, middle, unit.empire)
        permission = None
        if blocker is not None and not state.is_neutral(blocker):
            permission = None if state.monarchs.get(blocker) == decider else blocker
        for second in _first_steps(state, unit, middle, used):
            end = second.to
            if end == origin or not can_enter(state, unit, end):
                continue
            laid = used | _two_masters(state, second.chain)
            candidates.append(
                Route(
                    to=end,
                    via=middle,
                    steps=(first, second),
                    permission_from=permission,
                    two_masters=tuple(sorted(laid)),
                )
            )
    routes: dict[str, list[Route]] = {}
    for route in sorted(candidates, key=_preference):
        same_way = [
            frozenset(known.two_masters)
            for known in routes.get(route.to, [])
            if _asks(known) == _asks(route)
        ]
        # A route laying down the same two-masters as another, or more, adds nothing.
        if _minimal(same_way, frozenset(route.two_masters)):
            routes.setdefault(route.to, []).append(route)
    return routes


def _asks(route: Route) -> tuple[str | None, str | None]:
    """Whose passage a route needs, and where: the same for two routes means the same."""
    return (route.permission_from, route.via if route.permission_from else None)


def _preference(route: Route) -> tuple[bool, int, int]:
    return (route.permission_from is not None, len(route.two_masters), len(route.steps))


def survives(state: EmpiresState, unit: Unit, region: str, target: str | None) -> bool:
    """Whether the moving unit would still stand in `region` after its combat."""
    foreign = [u for u in state.units_in(region) if u.empire != unit.empire]
    if not foreign:
        return True
    return unit.kind == "artillery" and target == "infantry" and len(foreign) == 1


def end_allowed(state: EmpiresState, unit: Unit, region: str, target: str | None) -> bool:
    """The last unoccupied city rule, and the peaceful conduct of a neutral empire."""
    board = state.board()
    owner = board.owner[region]
    foreign = [u for u in state.units_in(region) if u.empire != unit.empire]
    if state.is_neutral(unit.empire) and (foreign or (owner not in (None, unit.empire))):
        return False
    if owner is None or owner == unit.empire or not survives(state, unit, region, target):
        return True
    free_elsewhere = [
        city for city in board.cities_of[owner] if city != region and not state.is_occupied(city)
    ]
    return bool(free_elsewhere)


def targets_in(state: EmpiresState, unit: Unit, region: str) -> list[str | None]:
    kinds = sorted({u.kind for u in state.units_in(region) if u.empire != unit.empire})
    return list(kinds) if kinds else [None]
