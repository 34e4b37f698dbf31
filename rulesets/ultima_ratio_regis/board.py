"""Board queries and the ledgers' bookkeeping shared by every phase: units, wars, control,
morale and instability, each change announced by an event."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.ultima_ratio_regis.battle import capitulates
from rulesets.ultima_ratio_regis.ledgers import bounded_instability
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.state import Fortress, Unit, UrrState, War, game_data

Ctx = StepContext[UrrState]


def troops(state: UrrState, power: str, area: str) -> list[Unit]:
    return [
        u
        for u in state.units
        if u.power == power and u.area == area and u.kind == "troop" and u.dispersed_at is None
    ]


def squadrons(state: UrrState, power: str, area: str, active: bool = True) -> list[Unit]:
    return [
        u
        for u in state.units
        if u.power == power
        and u.area == area
        and u.kind == "squadron"
        and u.dispersed_at is None
        and not (active and u.repairing)
    ]


def unit(state: UrrState, unit_id: str) -> Unit:
    return next(u for u in state.units if u.id == unit_id)


def fortress(state: UrrState, area: str) -> Fortress | None:
    return next((f for f in state.fortresses if f.area == area), None)


def war_between(state: UrrState, a: str, b: str) -> War | None:
    return next((w for w in state.wars if a in w.powers and b in w.powers), None)


def enemies(state: UrrState, power: str) -> list[str]:
    return sorted({p for w in state.wars if power in w.powers for p in w.powers if p != power})


def allied(state: UrrState, a: str, b: str) -> bool:
    return sorted([a, b]) in state.alliances


def powers_in(state: UrrState, area: str) -> list[str]:
    return sorted({u.power for u in state.units if u.area == area and u.dispersed_at is None})


def neighbours(state: UrrState, area: str) -> list[str]:
    return [other for other, _ in game_data(state).neighbours(area)]


def link_kind(state: UrrState, a: str, b: str) -> str | None:
    return next((kind for other, kind in game_data(state).neighbours(a) if other == b), None)


def land_within(state: UrrState, start: str, steps: int) -> dict[str, list[str]]:
    """Land areas reachable in at most `steps` land links, with the path taken."""
    data = game_data(state)
    paths = {start: [start]}
    frontier = [start]
    for _ in range(steps):
        following = []
        for area in frontier:
            for other, kind in data.neighbours(area):
                if kind != "coast" and data.zone(other).kind == "land" and other not in paths:
                    paths[other] = [*paths[area], other]
                    following.append(other)
        frontier = following
    del paths[start]
    return paths


def strategic_reach(state: UrrState, power: str, start: str) -> list[str]:
    """Areas a strategic move reaches: through zones the power controls or occupies, and
    into (not through) a zone an ally controls, where the troops become an expeditionary
    corps (reconstructed: the aid names the corps, not how they go out)."""
    data = game_data(state)
    seen = {start}
    frontier = [start]
    abroad: set[str] = set()
    while frontier:
        following = []
        for area in frontier:
            for other, kind in data.neighbours(area):
                if kind in ("coast", "sea") or other in seen:
                    continue
                if state.control.get(other) == power or troops(state, power, other):
                    seen.add(other)
                    following.append(other)
                elif allied(state, power, state.control.get(other) or ""):
                    abroad.add(other)
        frontier = following
    return sorted((seen | abroad) - {start})


def change_instability(ctx: Ctx, power: str, change: int, cause: str) -> None:
    record = ctx.state.powers[power]
    before = record.instability
    record.instability = bounded_instability(before, change)
    ctx.emit(
        "urr.event.instability",
        power=power,
        change=change,
        level=record.instability,
        cause=f"urr_cause_{cause}",
    )


def lose_morale(ctx: Ctx, war: War, power: str, cause: str) -> None:
    """One morale point lost by `power`, credited to its enemy in that war (A-28)."""
    enemy = next(p for p in war.powers if p != power)
    war.lost[power] = war.lost.get(power, 0) + 1
    war.gained[enemy] = war.gained.get(enemy, 0) + 1
    ctx.emit("urr.event.morale", power=power, enemy=enemy, cause=f"urr_cause_{cause}")


def take_control(ctx: Ctx, area: str, power: str) -> None:
    """Control passes; a key zone lost to an enemy costs 1 morale at once (M2); non-key
    zones and colonies are counted at the end of the turn (M6)."""
    state = ctx.state
    previous = state.control.get(area)
    if previous == power:
        return
    state.control[area] = power
    ctx.emit("urr.event.control", area=area, power=power)
    if previous is None:
        _minor_troops_submit(ctx, area)
        _minor_zone_taken(ctx, area, power)
        return
    zone = game_data(state).zone(area)
    war = war_between(state, previous, power)
    if war is None:
        return
    if zone.key:
        lose_morale(ctx, war, previous, "key_zone")
    elif zone.colony:
        lost = state.powers[previous].colonies_lost
        lost[power] = lost.get(power, 0) + 1
    else:
        lost = state.powers[previous].round_lost
        lost[power] = lost.get(power, 0) + 1


def _minor_zone_taken(ctx: Ctx, area: str, taker: str) -> None:
    """A zone of a minor power allied to the taker's enemy: 'La puissance (ou une puissance
    mineure alliée) perd une zone-clé' (M2); and once the enemy controls every zone of an
    allied minor with no key zone, 'perd une puissance mineure alliée' (M5): the alliance
    is gone with it."""
    state = ctx.state
    data = game_data(state)
    minor = data.minor_of(area)
    ally = state.minor_allies.get(minor.id) if minor is not None else None
    war = war_between(state, ally, taker) if ally is not None else None
    if minor is None or ally is None or war is None:
        return
    if data.zone(area).key:
        lose_morale(ctx, war, ally, "key_zone")
    foes = {p for w in state.wars if ally in w.powers for p in w.powers if p != ally}
    conquered = all(state.control.get(zone) in foes for zone in minor.zones)
    if conquered and not any(data.zone(zone).key for zone in minor.zones):
        lose_morale(ctx, war, ally, "minor_ally")
        state.minor_allies[minor.id] = None
        ctx.emit("urr.event.minor_lost", minor=minor.id, power=ally)


def _minor_troops_submit(ctx: Ctx, area: str) -> None:
    """A minor's zone taken: its troops still standing there submit with it and leave the
    board, counted to the minor (reconstructed)."""
    state = ctx.state
    minor = game_data(state).minor_of(area)
    left = [u for u in state.units if minor is not None and u.power == minor.id and u.area == area]
    for troop in left:
        eliminate(state, troop)
    if minor is not None and left:
        ctx.emit("urr.event.minor_troops_submit", minor=minor.id, area=area, count=len(left))


def _minor_troop_lost(state: UrrState, target: Unit) -> None:
    """A minor plays no impulse and never regroups: a troop it loses leaves the board."""
    state.units.remove(target)
    state.minor_losses[target.power] = state.minor_losses.get(target.power, 0) + 1


def disperse(state: UrrState, target: Unit) -> None:
    if target.power not in state.powers:
        _minor_troop_lost(state, target)
        return
    target.dispersed_at = state.impulse


def to_port(state: UrrState, squadron: Unit) -> None:
    """Damaged squadrons and losers return to port: the power's nearest controlled port."""
    if game_data(state).zone(squadron.area).kind == "land":
        return
    ports = [
        area
        for area in neighbours(state, squadron.area)
        if game_data(state).zone(area).port and state.control.get(area) == squadron.power
    ]
    ports = ports or sorted(
        z.id for z in game_data(state).zones if z.port and state.control.get(z.id) == squadron.power
    )
    if ports:
        squadron.area = ports[0]
    else:
        eliminate(state, squadron)


def eliminate(state: UrrState, target: Unit) -> None:
    if target.power not in state.powers:
        _minor_troop_lost(state, target)
        return
    state.units.remove(target)
    state.powers[target.power].destroyed += 1
    if not any(u.area == target.area and u.power == target.power for u in state.units):
        for leader in [x for x in state.leaders if x.area == target.area]:
            if leader.power == target.power and not fortress_of(state, target.power, target.area):
                state.leaders.remove(leader)


def fortress_of(state: UrrState, power: str, area: str) -> bool:
    found = fortress(state, area)
    return found is not None and found.power == power


def leader_types(state: UrrState, power: str, area: str) -> list[str]:
    return sorted(x.type for x in state.leaders if x.power == power and x.area == area)


def check_capitulation(ctx: Ctx, fort: Fortress) -> None:
    """'Si les dégâts de siège dépassent le nombre de troupes en défense, la forteresse
    capitule': checked after every siege, sortie and impulse. A-20: the fortress and the
    zone pass to the besieger; the garrison is eliminated (or dispersed, by option)."""
    state = ctx.state
    besieger = fort.besieger
    if besieger is None or not troops(state, besieger, fort.area):
        return
    garrison = troops(state, fort.power, fort.area)
    if not fort.siege_damage or not capitulates(fort.siege_damage, len(garrison)):
        return
    ctx.emit("urr.event.capitulation", area=fort.area, power=fort.power)
    for troop in garrison:
        if option(state.options, "capitulation") == "dispersed":
            disperse(state, troop)
        else:
            eliminate(state, troop)
    fort.power, fort.besieger, fort.siege_damage = besieger, None, 0
    take_control(ctx, fort.area, besieger)
