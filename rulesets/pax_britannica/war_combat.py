"""Battles of a war (§4.11.8, §4.11.11): land and naval combat on the combat results
tables, the losses of an exchange, retreats, and units that surrender. In a battle a seat
fights (`choose`), the retreat destinations and the exchange losses that leave a choice
are queued as the owners' decisions (war_decisions.py), Courier's choice listed first."""

from __future__ import annotations

from itertools import islice

from rulesets.core import StepContext
from rulesets.pax_britannica.board import land_neighbours
from rulesets.pax_britannica.combat import counts_reaching, losses, odds_for, result_for
from rulesets.pax_britannica.holdings import eliminate
from rulesets.pax_britannica.state import (
    PaxState,
    Unit,
    War,
    WarDecision,
    game_data,
    is_major,
    markers_in,
    seat_of,
)
from rulesets.pax_britannica.war_board import (
    NATIVES,
    control_areas,
    controlled_powers,
    controller,
    enemies,
    is_water,
    native_cc,
    native_region,
    side_of,
    steps,
    units_at,
)


def forces(
    state: PaxState, war: War, seat: str, place: str, kind: str
) -> tuple[list[Unit], list[Unit]]:
    """The attacking seat's units of `kind` at `place` and every enemy unit of that kind
    there (§4.11.8: a power that attacks commits all its units in the area)."""
    side = war.acting
    attackers = units_at(state, controlled_powers(state, war, seat, side), place, kind)
    return attackers, units_at(state, enemies(war, side), place, kind)


def fight_battle(
    ctx: StepContext[PaxState], war: War, seat: str, place: str, kind: str, choose: bool = False
) -> None:
    """Roll one battle and apply its result: AE and DE remove a side, AR and DR retreat it,
    EX and ½ EX remove the smaller force and cost the larger its share (A-5; the attacker
    counts as the smaller force when both are equal, 1993). With `choose`, the owners
    decide the retreats and the losses that leave a choice."""
    state = ctx.state
    data = game_data(state)
    attackers, defenders = forces(state, war, seat, place, kind)
    cc = native_cc(state, war, place) if kind == "army" else 0
    # The area's CC fights for the natives' side, which attacks here only with a major
    # ally (§4.11.14: a normal war, the Empire's unmarked areas keeping their CC).
    natives_attack = war.sides[war.acting][0] in NATIVES
    attack = sum(u.strength for u in attackers) + (cc if natives_attack else 0)
    defence = sum(u.strength for u in defenders) + (0 if natives_attack else cc)
    odds = odds_for(data, attack, defence)
    die = ctx.roll(6)
    result = result_for(data, odds, die)
    ctx.emit(
        "pax.event.war_battle",
        place=place,
        kind=f"pax_battle_{kind}",
        attack=attack,
        defence=defence,
        odds=odds.text(data),
        die=die,
        result=f"pax_war_result_{result}",
    )
    # A-86: the area falls when the natives' side retreats or is eliminated, or loses an
    # exchange (the smaller total, the attacker when equal).
    natives_lose = ("AR", "AE") if natives_attack else ("DR", "DE")
    lost_exchange = attack <= defence if natives_attack else defence < attack
    if cc and (result in natives_lose or (result in ("EX", "HEX") and lost_exchange)):
        war.defeated.append(place)
        ctx.emit("pax.event.native_area_defeated", area=place)
    if result == "AE":
        lose_units(ctx, attackers)
    elif result == "DE":
        lose_units(ctx, defenders)
    elif result in ("AR", "DR"):
        retreating = attackers if result == "AR" else defenders
        if choose:
            queue_retreats(ctx, war, retreating, place)
        else:
            retreat_units(ctx, war, retreating, place)
    else:
        smaller, larger = (attackers, defenders) if attack <= defence else (defenders, attackers)
        lost = sum(u.strength for u in smaller)
        need = lost if result == "EX" else -(-lost // 2)
        lose_units(ctx, smaller)
        if choose:
            queue_losses(ctx, war, place, larger, need)
        else:
            lose_units(ctx, war_losses(state, larger, need))
    if kind == "navy" and is_water(state, place):
        strand(ctx, war, place)


def war_losses(state: PaxState, units: list[Unit], need: int) -> list[Unit]:
    """An exchange's losses on the larger force: major powers' units before minors'
    (§4.11.8); among them the exact total or the smallest one above (A-5)."""
    majors = [u for u in units if is_major(state, u.power)]
    minors = [u for u in units if not is_major(state, u.power)]
    total = sum(u.strength for u in majors)
    if total >= need:
        return losses(majors, need)
    return majors + losses(minors, need - total) if minors else majors


MAX_LOSS_OPTIONS = 20  # the make-ups listed beside Courier's own (a select menu's worth)


def loss_options(units: list[Unit], need: int) -> list[list[Unit]]:
    """The legal ways for `units` to lose at least `need` (A-5: the exact total, else the
    smallest total above it), one per make-up (power and strength of each unit lost),
    Courier's choice first, then the fewest units first; a stack of any size is counted by
    make-up, so none is too large to choose from."""
    best = losses(units, need)
    target = sum(u.strength for u in best)
    groups: dict[tuple[str, int], list[Unit]] = {}
    for unit in sorted(units, key=lambda u: (u.power, u.strength, u.id)):
        groups.setdefault((unit.power, unit.strength), []).append(unit)
    keys = sorted(groups)
    found = {_make_up(best): best}
    ways = counts_reaching([k[1] for k in keys], [len(groups[k]) for k in keys], target)
    others = sorted(islice(ways, 10 * MAX_LOSS_OPTIONS), key=sum)
    for counts in others:
        if len(found) > MAX_LOSS_OPTIONS:
            break
        option = [u for key, k in zip(keys, counts, strict=True) for u in groups[key][:k]]
        found.setdefault(_make_up(option), option)
    return list(found.values())


def _make_up(units: list[Unit]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((u.power, u.strength) for u in units))


def queue_losses(
    ctx: StepContext[PaxState], war: War, place: str, units: list[Unit], need: int
) -> None:
    """An exchange's losses on the larger force (§4.11.8): majors' units first, then the
    minors'. The units that could pay in several ways are chosen by their seats: the
    majors' by the first of their seats in seat order, the minors' (when every major's
    unit is lost and more is owed) by the first seat moving them (§4.11.6: an ally moves
    and fights a minor's units); the other seats concerned then agree or not. A loss with
    one way to pay, or minors nobody moves, is taken at once."""
    state = ctx.state
    majors = [u for u in units if is_major(state, u.power)]
    minors = [u for u in units if not is_major(state, u.power)]
    owed = sum(u.strength for u in majors)
    if owed > need:
        _queue_choice(ctx, war, place, majors, need)
        return
    lose_units(ctx, majors)
    if minors and need > owed:
        _queue_choice(ctx, war, place, minors, need - owed)


def _queue_choice(
    ctx: StepContext[PaxState], war: War, place: str, pool: list[Unit], need: int
) -> None:
    options = loss_options(pool, need)
    seats = loss_seats(ctx.state, war, pool)
    if len(options) == 1 or not seats:
        lose_units(ctx, options[0])
        return
    war.decisions.append(
        WarDecision(kind="losses", seat=seats[0], place=place, pool=[u.id for u in pool], need=need)
    )


def loss_seats(state: PaxState, war: War, units: list[Unit]) -> list[str]:
    """The seats that move the powers of `units` in this war (their own, or the minors'
    controllers), in seat order."""
    owners = {controller(state, war, u.power) or seat_of(state, u.power) for u in units}
    return [seat for seat in state.seats if seat in owners]


def queue_retreats(ctx: StepContext[PaxState], war: War, units: list[Unit], place: str) -> None:
    """AR / DR in a battle a seat fought: a unit its owner could send to more than one
    place waits for the owner's choice; the others retreat (or surrender) at once."""
    state = ctx.state
    for unit in units:
        seat = None if unit.power in NATIVES else controller(state, war, unit.power)
        if seat is None or len(retreat_options(state, war, unit)) <= 1:
            retreat_units(ctx, war, [unit], place)
            continue
        war.decisions.append(WarDecision(kind="retreat", seat=seat, place=place, unit=unit.id))


def lose_units(ctx: StepContext[PaxState], units: list[Unit]) -> None:
    for unit in units:
        eliminate(ctx, unit, "war_battle")


def retreat_units(ctx: StepContext[PaxState], war: War, units: list[Unit], place: str) -> None:
    """AR / DR: each unit steps to a place it could enter in a manoeuvre phase, not one
    held by enemy units of its kind unless friends of that kind are there too (A-10);
    armies at sea go with their side's retreating navies; a unit with nowhere to go
    surrenders (§4.11.11). The owner's choice is Courier's: home first, then its
    alliance's richest area, then the sea."""
    state = ctx.state
    for unit in units:
        if unit.power in NATIVES:  # they have no home box to go back to
            where = native_retreat(state, war, unit)
            if where is None:
                eliminate(ctx, unit, "no_retreat")
                continue
        else:
            where = retreat_place(state, war, unit)
        if where is None:
            surrender(ctx, war, unit, "no_retreat")
            continue
        retreat_to(ctx, unit, place, where)


def retreat_to(ctx: StepContext[PaxState], unit: Unit, place: str, where: str) -> None:
    """`unit` retreats from `place` to `where`; a navy leaving a sea takes its power's
    armies there along."""
    if unit.kind == "navy" and is_water(ctx.state, place):
        for passenger in units_at(ctx.state, [unit.power], place, "army"):
            passenger.location = where
            _retreated(ctx, passenger, place)
    unit.location = where
    _retreated(ctx, unit, place)


def _retreated(ctx: StepContext[PaxState], unit: Unit, place: str) -> None:
    ctx.emit(
        "pax.event.unit_retreated",
        power=unit.power,
        kind=f"unit_{unit.kind}",
        strength=unit.strength,
        area=place,
        to=unit.location,
    )


def native_retreat(state: PaxState, war: War, unit: Unit) -> str | None:
    """Native armies fall back to a neighbouring area of their region free of enemy units,
    one with no control marker first (§4.11.13's priorities; ties by name)."""
    region = set(native_region(state, war))
    places = [
        n
        for n in sorted(land_neighbours(state, unit.location))
        if n in region
        and not units_at(state, enemies(war, 0), n, "army")
        and not units_at(state, enemies(war, 0), n, "navy")
    ]
    places.sort(key=lambda n: any(m.is_control for m in markers_in(state, n)))
    return places[0] if places else None


def retreat_place(state: PaxState, war: War, unit: Unit) -> str | None:
    options = retreat_options(state, war, unit)
    return options[0] if options else None


def retreat_options(state: PaxState, war: War, unit: Unit) -> list[str]:
    """Where `unit` may retreat (§4.11.8, A-10), Courier's choice first: home, then its
    alliance's areas richest first, then the rest (seas) by name."""
    data = game_data(state)
    side = side_of(war, unit.power)
    assert side is not None
    foes, friends = enemies(war, side), war.sides[side]
    held = control_areas(state, war, side)
    options = [
        place
        for place in steps(state, war, unit)
        if not units_at(state, foes, place, unit.kind) or units_at(state, friends, place, unit.kind)
    ]

    def preference(place: str) -> tuple[int, int, str]:
        if data.is_home(place):
            return (0, 0, place)
        if place in held:
            return (1, -data.area(place).ev, place)
        return (2, 0, place)

    return sorted(options, key=preference)


def surrender(ctx: StepContext[PaxState], war: War, unit: Unit, reason: str) -> None:
    """The unit leaves the map but is not eliminated: it goes home when the war ends."""
    state = ctx.state
    if unit in state.units:
        state.units.remove(unit)
    war.prisoners.append(unit)
    ctx.emit(
        "pax.event.unit_surrenders",
        power=unit.power,
        kind=f"pax_a_unit_{unit.kind}",
        strength=unit.strength,
        area=unit.location,
        reason=f"pax_{reason}",
    )


def strand(ctx: StepContext[PaxState], war: War, sea: str) -> None:
    """§4.11.8: armies left at sea with enemy navies and no friendly navy surrender."""
    state = ctx.state
    for side in (0, 1):
        armies = units_at(state, war.sides[side], sea, "army")
        if not armies or not units_at(state, enemies(war, side), sea, "navy"):
            continue
        if units_at(state, war.sides[side], sea, "navy"):
            continue
        for army in armies:
            surrender(ctx, war, army, "stranded_at_sea")
