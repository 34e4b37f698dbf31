"""Board queries of a war (§4.11.7–4.11.10): sides, who moves a power's units, where a unit
may step in a manoeuvre phase (through the cape zones, which exist only in war), coaling
rights, control and conquest, and support."""

from __future__ import annotations

from collections import deque

from rulesets.pax_britannica.board import neighbours
from rulesets.pax_britannica.data import PassageRecord
from rulesets.pax_britannica.state import (
    PaxState,
    Unit,
    War,
    area_type,
    game_data,
    markers_in,
    powers_of,
)

OTTOMAN = "ottoman"  # the Empire's armies in an Ottoman war (§4.11.14)
CHINA = "china"  # the rebels' armies in a Chinese rebellion (§4.11.13)
NATIVES = (OTTOMAN, CHINA)
CHINESE = ("chinese_empire", "chinese_vassal")
EGYPT = "egypt"


NATIVE_PIECES = 6  # the Chinese and Ottoman armies share six pieces


def native_pieces_free(state: PaxState) -> int | None:
    """A-72: how many Chinese or Ottoman army pieces are left to place, those on the map
    counted (the Ottoman-expansion garrisons are not pieces); None without the limit
    (option `native_piece_limit` off)."""
    if not state.options.get("native_piece_limit", True):
        return None
    placed = sum(1 for u in state.units if u.power in NATIVES)
    return max(0, NATIVE_PIECES - placed)


def ottoman_areas(state: PaxState) -> list[str]:
    return [a.id for a in game_data(state).areas if area_type(state, a.id) == OTTOMAN]


def chinese_areas(state: PaxState) -> list[str]:
    return [a.id for a in game_data(state).areas if a.type in CHINESE]


def native_region(state: PaxState, war: War) -> list[str]:
    """The areas the natives of an Ottoman war or a Chinese rebellion fight in (the
    Ottoman Empire's also when a major ally makes it a normal war, §4.11.14)."""
    if war.kind == "ottoman" or OTTOMAN in war.powers:
        return ottoman_areas(state)
    if war.kind == "rebellion":
        return chinese_areas(state)
    return []


def native_cc(state: PaxState, war: War, area: str) -> int:
    """An area of the natives' region with no control marker (no protectorate or
    possession in China), not yet defeated, adds its combat capacity to their side
    (§4.11.13, §4.11.14, A-86)."""
    if area in war.defeated or area not in native_region(state, war):
        return 0
    if any(m.is_control for m in markers_in(state, area)):
        return 0
    return game_data(state).area(area).cc


def ottoman_ground(state: PaxState, war: War) -> set[str]:
    """§4.11.14: Ottoman units never leave the Empire but for Egypt, which they may cross
    when nobody controls it or a belligerent does (a neutral's Egypt blocks them)."""
    places = set(ottoman_areas(state))
    holders = {m.power for m in markers_in(state, EGYPT) if m.is_control}
    if not holders or holders & set(war.powers):
        places.add(EGYPT)
    return places


def empire_held(state: PaxState, war: War, side: int) -> set[str]:
    """In a normal war with the Ottomans on `side` (a major ally, §4.11.14), the Empire's
    areas with no control marker are theirs, as a minor's own land (our reading: the text
    gives them no home nation)."""
    if war.kind != "war" or OTTOMAN not in war.sides[side]:
        return set()
    marked = {m.area for m in state.markers if m.is_control}
    return set(ottoman_areas(state)) - marked


def capes(state: PaxState) -> dict[str, tuple[str, str]]:
    """The cape zones of the data (§2.3) and the two seas each lies between."""
    return {p.id: (p.seas[0], p.seas[1]) for p in game_data(state).passages if p.kind == "cape"}


def is_water(state: PaxState, place: str) -> bool:
    """A sea zone, or a cape zone (which acts as one in war, §4.11.7)."""
    return game_data(state).is_sea(place) or place in capes(state)


def war_neighbours(state: PaxState, place: str) -> list[str]:
    """One manoeuvre step from `place` (§4.11.7): in war a unit cannot pass directly
    between the South Atlantic and the Indian Ocean or the South Pacific; it must spend a
    manoeuvre phase in the Cape of Good Hope or Cape Horn between them."""
    zones = capes(state)
    if place in zones:
        return list(zones[place])
    found = neighbours(state, place)
    if not game_data(state).is_sea(place):
        return found
    for cape, seas in zones.items():
        if place in seas:
            beyond = seas[1] if seas[0] == place else seas[0]
            found = [n for n in found if n != beyond] + [cape]
    return found


def side_of(war: War, power: str) -> int | None:
    if power in war.sides[0]:
        return 0
    if power in war.sides[1]:
        return 1
    return None


def controlled_powers(state: PaxState, war: War, seat: str, side: int) -> list[str]:
    """The powers of `side` whose units `seat` moves and fights with: its own, and the
    minors it was designated for (§4.11.6)."""
    own = [p for p in powers_of(state, seat) if p in war.sides[side]]
    minors = [p for p, s in war.controllers.items() if s == seat and p in war.sides[side]]
    return own + minors


def controller(state: PaxState, war: War, power: str) -> str | None:
    """The seat that moves `power`'s units in this war, None when nobody does."""
    for seat in state.seats:
        if power in powers_of(state, seat):
            return seat
    return war.controllers.get(power)


def units_at(state: PaxState, powers: list[str], place: str, kind: str) -> list[Unit]:
    return [u for u in state.units if u.location == place and u.kind == kind and u.power in powers]


def enemies(war: War, side: int) -> list[str]:
    return war.sides[1 - side]


def control_areas(state: PaxState, war: War, side: int) -> set[str]:
    """The areas `side` controls for this war (§4.11.9): its powers' established control
    markers not conquered by the enemy, and the areas it conquered."""
    powers = war.sides[side]
    held = {m.area for m in state.markers if m.power in powers and m.is_control and m.established}
    if war.kind == "rebellion" and side == 1:  # China counts as theirs for support
        held |= set(chinese_areas(state))
    held |= empire_held(state, war, side)
    lost = {a for a, s in war.conquered.items() if s != side}
    won = {a for a, s in war.conquered.items() if s == side}
    return (held - lost) | won


def take(state: PaxState, war: War, side: int, area: str) -> None:
    """`side` conquers `area` (§4.11.9), or frees it when its own powers hold its control
    markers (a reconquest gives no spoils: the area is theirs again)."""
    own = area in empire_held(state, war, side) or any(
        m.area == area and m.power in war.sides[side] and m.is_control and m.established
        for m in state.markers
    )
    if own:
        war.conquered.pop(area, None)
    else:
        war.conquered[area] = side


def belligerent_areas(state: PaxState, war: War) -> set[str]:
    """The areas a unit of this war may enter (A-8): a control marker of any belligerent,
    or conquered in this war."""
    powers = set(war.powers)
    marked = {m.area for m in state.markers if m.power in powers and m.is_control}
    # The natives' region is open to their enemies (§4.11.13, §4.11.14).
    marked |= set(native_region(state, war))
    return marked | set(war.conquered)


def coaling(state: PaxState, war: War, power: str, sea: str) -> bool:
    """§4.11.7: the sea borders the power's home nation, or an area holding its or an
    ally's influence or control marker, an enemy control marker in a conquered area, or
    the marker of a neutral that granted the power coaling there (war_coaling.py)."""
    data = game_data(state)
    zones = capes(state)
    if sea in zones:  # rights in either sea beside the cape give rights in the cape
        return any(coaling(state, war, power, s) for s in zones[sea])
    if sea in data.power(power).home_seas:
        return True
    side = side_of(war, power)
    allies = set(war.sides[side]) if side is not None else {power}
    coast = set(data.coast(sea))
    for marker in state.markers:
        if marker.area not in coast:
            continue
        if marker.power in allies and marker.level != "interest":
            return True
        if side is not None and war.conquered.get(marker.area) == side and marker.is_control:
            return True
        if power in war.coaling_grants.get(marker.area, []) and marker.level != "interest":
            return True
    return False


def open_passages(state: PaxState) -> list[PassageRecord]:
    """The straits and the built canals (§4.13); cape zones are not passages one denies."""
    return [
        p
        for p in game_data(state).passages
        if p.kind == "strait" or (p.kind == "canal_site" and p.area in state.canals)
    ]


def passage_closed(state: PaxState, war: War, power: str, here: str, nxt: str) -> bool:
    """§4.13: the step between two seas goes through a strait or canal denied to `power`;
    with both canals built, the Caribbean and the South Pacific are apart only when both
    are denied to it."""
    if not war.denials:
        return False
    ways = [p for p in open_passages(state) if set(p.seas) == {here, nxt}]
    return bool(ways) and all(power in war.denials.get(p.id, []) for p in ways)


def _occupied(state: PaxState, powers: list[str], place: str, kind: str) -> bool:
    return any(u.location == place and u.kind == kind and u.power in powers for u in state.units)


def _homes_open(war: War, power: str) -> set[str]:
    """The home nations `power`'s units may enter: its own; German armies also pass
    through Austria-Hungary when both fight on one side (§4.11.7)."""
    homes = {power}
    side = side_of(war, power)
    if power == "germany" and side is not None and "austria_hungary" in war.sides[side]:
        homes.add("austria_hungary")
    return homes


def merchant_seas(state: PaxState, power: str) -> set[str]:
    """The seas holding `power`'s merchant fleets; none for the rebels and the Ottomans,
    who fight on the board without being powers of the game."""
    holder = state.powers.get(power)
    return set(holder.merchant_fleets) if holder is not None else set()


def army_steps(state: PaxState, war: War, power: str, here: str) -> list[str]:
    """Where an army of `power` at `here` may go in one manoeuvre step (§4.11.7, A-8, A-9)
    under the three restrictions on enemy armies and navies."""
    data = game_data(state)
    side = side_of(war, power)
    assert side is not None
    foes, friends = enemies(war, side), war.sides[side]
    fleets = merchant_seas(state, power)
    # §4.11.14: the Ottomans keep to the Empire and, on conditions, Egypt.
    enterable = ottoman_ground(state, war) if power == OTTOMAN else belligerent_areas(state, war)
    here_is_sea, here_is_area = is_water(state, here), data.is_area(here)
    zones = capes(state)
    here_hostile = here_is_area and (
        _occupied(state, foes, here, "army") or _occupied(state, foes, here, "navy")
    )
    here_enemy_army = here_is_area and _occupied(state, foes, here, "army")
    homes = _homes_open(war, power)
    found: list[str] = []
    for nxt in war_neighbours(state, here):
        if data.is_home(nxt):
            ok = nxt in homes
        elif nxt in zones:  # a merchant fleet of its own in both seas beside the cape
            ok = all(sea in fleets for sea in zones[nxt]) and not here_hostile
            if ok and _occupied(state, foes, nxt, "navy"):
                ok = _occupied(state, friends, nxt, "navy")
        elif data.is_sea(nxt):
            ok = (nxt in fleets or here == power) and not here_hostile
            if ok and _occupied(state, foes, nxt, "navy"):
                ok = _occupied(state, friends, nxt, "navy")
            if ok and here_is_sea and passage_closed(state, war, power, here, nxt):
                ok = False
        else:
            ok = nxt in enterable
            nxt_hostile = _occupied(state, foes, nxt, "army") or _occupied(state, foes, nxt, "navy")
            if ok and here_is_sea and nxt_hostile:
                ok = False
            if ok and here_enemy_army and _occupied(state, foes, nxt, "army"):
                ok = False
        if ok and nxt not in found:
            found.append(nxt)
    return found


def navy_steps(state: PaxState, war: War, power: str, here: str) -> list[str]:
    """Where a navy of `power` at `here` may go in one manoeuvre step (§4.11.7): a sea with
    coaling rights, a sea beside its home nation, a coastal area a belligerent controls
    (A-8), or home."""
    data = game_data(state)
    enterable = belligerent_areas(state, war)
    found: list[str] = []
    for nxt in war_neighbours(state, here):
        if data.is_home(nxt):
            ok = nxt == power
        elif is_water(state, nxt):
            ok = here == power or coaling(state, war, power, nxt)
            if ok and data.is_sea(here) and passage_closed(state, war, power, here, nxt):
                ok = False
        else:
            ok = data.is_sea(here) and nxt in enterable
        if ok and nxt not in found:
            found.append(nxt)
    return found


def steps(state: PaxState, war: War, unit: Unit) -> list[str]:
    if unit.kind == "army":
        return army_steps(state, war, unit.power, unit.location)
    return navy_steps(state, war, unit.power, unit.location)


def _sources(state: PaxState, war: War, powers: list[str]) -> set[str]:
    """The places a line of support ends at: the home nations and the dominions or states
    of `powers`, a dominion holding an enemy navy excepted (blockade, §4.11.10)."""
    side = side_of(war, powers[0])
    foes = enemies(war, side) if side is not None else []
    found = set(powers)
    if OTTOMAN in powers and side is not None:  # the Empire is the Ottomans' home (§4.11.14)
        found |= set(ottoman_areas(state)) - control_areas(state, war, 1 - side)
    for marker in state.markers:
        dominion = marker.power in powers and marker.level == "dominion"
        if dominion and not _occupied(state, foes, marker.area, "navy"):
            found.add(marker.area)
    return found


def supported(state: PaxState, war: War, powers: list[str], place: str, fleets_of: str) -> bool:
    """A line of support from `place` to a source of `powers` (§4.11.10): through areas
    their alliance controls or conquered and seas holding `fleets_of`'s merchant fleets,
    never from an area holding an enemy navy out to sea (blockade)."""
    data = game_data(state)
    side = side_of(war, powers[0])
    assert side is not None
    sources = _sources(state, war, powers)
    if place in sources:
        return True
    foes = enemies(war, side)
    passable = control_areas(state, war, side)
    fleets = merchant_seas(state, fleets_of)
    seen = {place}
    queue = deque([place])
    while queue:
        at = queue.popleft()
        blockaded = data.is_area(at) and _occupied(state, foes, at, "navy")
        # Lines of support keep the peacetime seas (no merchant fleet sits in a cape).
        zones = capes(state)
        for nxt in list(zones[at]) if at in zones else neighbours(state, at):
            if nxt in seen:
                continue
            if data.is_sea(nxt) and blockaded:
                continue
            if nxt in sources:
                return True
            if (data.is_sea(nxt) and nxt in fleets) or nxt in passable:
                seen.add(nxt)
                queue.append(nxt)
    return False


def reach(state: PaxState, war: War, side: int) -> set[str]:
    """The areas `side`'s armies could reach by war movement with no enemy opposition, in
    any number of manoeuvre phases (A-40)."""
    data = game_data(state)
    found: set[str] = set()
    for power in war.sides[side]:
        seen = {u.location for u in state.units if u.kind == "army" and u.power == power}
        queue = deque(seen)
        while queue:
            at = queue.popleft()
            for nxt in army_steps(state, war, power, at):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        found |= {p for p in seen if data.is_area(p)}
    return found
