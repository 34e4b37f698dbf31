"""The end of a war (§4.11.2 W9–W10, §4.11.9, §4.11.12): the end-of-war check, conquest
by reach, the spoils of the conquered areas, the markers after a war and the units that go
home."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.pax_britannica.data import Level
from rulesets.pax_britannica.holdings import counters_left, reduce_marker, remove_marker
from rulesets.pax_britannica.state import (
    Marker,
    PaxState,
    Spoil,
    Unit,
    War,
    game_data,
    marker_of,
    markers_in,
)
from rulesets.pax_britannica.war_board import (
    control_areas,
    is_water,
    reach,
    side_of,
    take,
    units_at,
)
from rulesets.pax_britannica.war_spoils import open_division

STALEMATE_CYCLES = 3  # W9 (d): three cycles in a row with no attack
SPOIL_LEVELS: tuple[Level, ...] = ("possession", "protectorate", "influence", "interest")


def war_over(state: PaxState, war: War) -> tuple[int | None, str] | None:
    """W9: None while the war goes on, else (the winning side or None for a stalemate, the
    reason): (b) an alliance has no army in an area outside its home nations, (c) every
    area an alliance controls is occupied by enemy armies, (d) three quiet cycles."""
    data = game_data(state)
    abroad = [
        any(
            u.kind == "army" and u.power in war.sides[side] and data.is_area(u.location)
            for u in state.units
        )
        for side in (0, 1)
    ]
    if not any(abroad):
        return None, "no_armies"
    for side in (0, 1):
        if not abroad[side]:
            return 1 - side, "no_armies"
    for side in (0, 1):
        held = control_areas(state, war, side)
        if held and all(units_at(state, war.sides[1 - side], a, "army") for a in held):
            return 1 - side, "occupied"
    if war.quiet_cycles >= STALEMATE_CYCLES:
        return None, "stalemate"
    return None


def conclude(ctx: StepContext[PaxState], war: War, winner: int | None, reason: str) -> None:
    """W10's first half: the winner's conquests (every enemy area it can reach when the
    enemy has no army abroad, 1993 and A-40), or each side's own in a stalemate; each
    conquered area goes to the side's power with the most army strength there (else its
    first power) to place a marker of its choice."""
    state = ctx.state
    if winner is None:
        ctx.emit("pax.event.war_stalemate", outcome=f"pax_war_end_{reason}")
    else:
        ctx.emit(
            "pax.event.war_won", winners=list(war.sides[winner]), outcome=f"pax_war_end_{reason}"
        )
    if winner is not None and reason == "no_armies":
        for area in sorted(control_areas(state, war, 1 - winner) & reach(state, war, winner)):
            if war.conquered.get(area) != winner:
                take(state, war, winner, area)
                ctx.emit("pax.event.area_conquered", powers=list(war.sides[winner]), area=area)
    divide_conquests(state, war, {0, 1} if winner is None else {winner})


def divide_conquests(state: PaxState, war: War, sides: set[int]) -> None:
    """The conquests of `sides` stay conquered and become spoils (the others go back to
    their holders); the war moves to its spoils step, where two or more victorious seats
    first agree on the division (war_spoils.py)."""
    kept = {a: s for a, s in war.conquered.items() if s in sides}
    war.conquered = kept
    war.spoils = [
        Spoil(power=_taker(state, war, area, side), area=area)
        for area, side in sorted(kept.items())
    ]
    war.step = "spoils"
    war.waiting = []
    open_division(state, war)


def _taker(state: PaxState, war: War, area: str, side: int) -> str:
    strength: dict[str, int] = {}
    for unit in units_at(state, war.sides[side], area, "army"):
        strength[unit.power] = strength.get(unit.power, 0) + unit.strength
    if not strength:
        return war.sides[side][0]
    return max(war.sides[side], key=lambda p: (strength.get(p, 0), -war.sides[side].index(p)))


def spoil_levels(state: PaxState, power: str) -> list[Level]:
    return [level for level in SPOIL_LEVELS if counters_left(state, power, level) > 0]


def place_spoil(ctx: StepContext[PaxState], war: War, spoil: Spoil, level: Level | None) -> None:
    """§4.11.12 [1993]: the defeated side's markers leave the area; the new holder places
    any marker free of £; conflicting markers of others go or fall, except the control
    markers of codominion members; ET does not change."""
    state = ctx.state
    side = side_of(war, spoil.power)
    assert side is not None
    for marker in markers_in(state, spoil.area):
        if marker.power in war.sides[1 - side]:
            remove_marker(ctx, marker, "war_spoils")
    war.spoils.remove(spoil)
    if level is None:
        ctx.emit("pax.event.war_spoils_declined", power=spoil.power, area=spoil.area)
        return
    own = marker_of(state, spoil.power, spoil.area)
    if own is not None:
        state.markers.remove(own)
    state.markers.append(
        Marker(power=spoil.power, area=spoil.area, level=level, placed_turn=state.turn)
    )
    ctx.emit("pax.event.war_spoils", power=spoil.power, area=spoil.area, level=f"level_{level}")
    heavy = level in ("possession", "dominion")
    if level not in ("protectorate", "possession"):
        return
    for marker in markers_in(state, spoil.area):
        if marker.power == spoil.power or marker.is_control:
            continue
        if marker.level == "influence" or heavy:
            remove_marker(ctx, marker, "war_spoils")


def finish_war(ctx: StepContext[PaxState], war: War) -> None:
    """W10's second half: a disputed area nobody conquered nor a peace settled has every
    marker reduced to influence (no ET); the surrendered units, the units at sea and those
    in an area their power no longer controls go home (A-42: home is Courier's choice); the
    war ends."""
    state = ctx.state
    for area in sorted({d.area for d in war.declarations}):
        if area in war.conquered or area in war.settled or not _conflicting(state, war, area):
            continue
        for marker in markers_in(state, area):
            if marker.is_control:
                reduce_marker(ctx, marker, "influence", "war_undecided")
    free_prisoners(ctx, war, set(war.powers))
    send_home(ctx, set(war.powers))
    state.wars.remove(war)
    ctx.emit("pax.event.war_ends", side=list(war.sides[0]), other=list(war.sides[1]))


def free_prisoners(ctx: StepContext[PaxState], war: War, powers: set[str]) -> None:
    """§4.11.11: `powers`' surrendered units come back to their home nations."""
    state = ctx.state
    for unit in [u for u in war.prisoners if u.power in powers]:
        war.prisoners.remove(unit)
        unit.location = unit.power
        state.units.append(unit)
        ctx.emit(
            "pax.event.prisoners_home",
            power=unit.power,
            kind=f"pax_a_unit_{unit.kind}",
            strength=unit.strength,
        )


def send_home(ctx: StepContext[PaxState], powers: set[str]) -> None:
    """`powers`' units at sea, in an area their power does not control or in another
    power's home nation go home (A-42: home is Courier's choice)."""
    state = ctx.state
    data = game_data(state)
    for unit in state.units:
        if unit.power not in powers:
            continue
        unit.moved = False
        at_sea = is_water(state, unit.location)
        own = marker_of(state, unit.power, unit.location)
        stray = data.is_area(unit.location) and (own is None or not own.is_control)
        if at_sea or stray or (data.is_home(unit.location) and unit.location != unit.power):
            place = unit.location
            unit.location = unit.power
            _home(ctx, unit, place)


def _conflicting(state: PaxState, war: War, area: str) -> bool:
    """Both sides still hold markers in the area and one of them holds a control marker."""
    markers = markers_in(state, area)
    sides = [{m.power for m in markers if m.power in war.sides[s]} for s in (0, 1)]
    return all(sides) and any(m.is_control and m.power in war.powers for m in markers)


def _home(ctx: StepContext[PaxState], unit: Unit, place: str) -> None:
    ctx.emit(
        "pax.event.unit_home",
        power=unit.power,
        kind=f"pax_a_unit_{unit.kind}",
        strength=unit.strength,
        area=place,
    )
