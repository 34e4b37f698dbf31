"""Declarations of war (§4.11.4) and the Great War by war (§4.11.5, §4.12): who may
declare on whom, the sides a declaration forms, the ET it costs, the treaties it calls in
or breaks, Austria-Hungary's and Germany's automatic defence of each other, and the count
of great European powers."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.core.messages import JsonValue
from rulesets.pax_britannica.indices import raise_tension, start_great_war
from rulesets.pax_britannica.state import (
    CasusBelli,
    Declaration,
    PaxState,
    TreatyCall,
    War,
    game_data,
    majors,
    seat_of,
)
from rulesets.pax_britannica.treaties import break_non_aggression, calls_for, treaty_by_id

# §4.11.5: the great European powers a Great War counts (A-H counts on its own).
EUROPEAN_GREATS = ("britain", "france", "germany", "austria_hungary", "italy", "russia")
# in a 4-player game these three at war with each other are the Great War too.
FOUR_PLAYER_TRIO = frozenset({"britain", "france", "germany"})
GREAT_WAR_COUNT = 4
ALLIES = {"germany": "austria_hungary", "austria_hungary": "germany"}


def war_of(state: PaxState, power: str) -> War | None:
    return next((war for war in state.wars if power in war.powers), None)


def _enemies(war: War, a: str, b: str) -> bool:
    return (a in war.sides[0] and b in war.sides[1]) or (a in war.sides[1] and b in war.sides[0])


def declarable(state: PaxState, power: str) -> list[CasusBelli]:
    """`power`'s casus belli it may still use this turn, one per target: not against a
    power of its own seat, nor one it is already at war with or allied to."""
    seat = seat_of(state, power)
    found: dict[str, CasusBelli] = {}
    for cb in state.casus_belli:
        if cb.holder != power or cb.target in found or seat_of(state, cb.target) == seat:
            continue
        war = war_of(state, power)
        if war is not None and cb.target in war.powers:
            continue
        found[cb.target] = cb
    return list(found.values())


def next_call(state: PaxState) -> TreatyCall | None:
    """The first treaty call still to answer: its treaty stands, and the called power is
    not yet at war with the enemy it is called against."""
    for call in state.treaty_calls:
        if treaty_by_id(state, call.treaty) is None or seat_of(state, call.power) is None:
            continue
        war = war_of(state, call.power)
        if war is not None and call.target in war.powers:
            continue
        return call
    return None


def next_declarer(state: PaxState) -> str | None:
    """The next major power, in seat order, that holds a usable casus belli and has not
    yet said whether it declares war this turn."""
    for power in majors(state):
        if power not in state.war_answers and declarable(state, power):
            return power
    return None


def declare_war(ctx: StepContext[PaxState], power: str, target: str, area: str) -> bool:
    """`power` declares war on `target` over `area`: the sides form or grow, ET +5
    (§4.11.4), Germany or Austria-Hungary attacked brings in the other; True when this
    starts the Great War (by ET or by the war's size), which ends the game."""
    state = ctx.state
    war = _join(state, power, target)
    war.declarations.append(Declaration(power=power, target=target, area=area))
    ctx.emit("pax.event.war_declared", power=power, target=target, area=area)
    first = war.declarations[0].power
    amount = game_data(state).tension.declaration
    if raise_tension(ctx, amount, "declaration", power, accomplices=[first]):
        return True
    if break_non_aggression(ctx, power, target, area):
        return True
    state.treaty_calls.extend(calls_for(state, power, target, area))
    ally = ALLIES.get(target)
    if ally is not None and ally in state.powers and ally not in war.powers:
        war.sides[_side(war, target)].append(ally)
        war.declarations.append(Declaration(power=ally, target=power, area=area, automatic=True))
        ctx.emit("pax.event.joins_in_defence", power=ally, ally=target, enemy=power)
        # counted as a declaration for ET, never blamed on the defender's player.
        if raise_tension(ctx, amount, "defence_entry", power, accomplices=[first]):
            return True
    if is_great_war(state, war):
        greats = sorted(p for p in war.powers if p in EUROPEAN_GREATS)
        ctx.emit("pax.event.great_war_by_war", powers=list[JsonValue](greats))
        start_great_war(ctx, [first, power])
        return True
    return False


def _side(war: War, power: str) -> int:
    return 0 if power in war.sides[0] else 1


def _join(state: PaxState, power: str, target: str) -> War:
    """The war `power` and `target` now fight on opposite sides of (merging two wars when
    each was already in one)."""
    mine, theirs = war_of(state, power), war_of(state, target)
    if mine is None and theirs is None:
        war = War(sides=([power], [target]))
        state.wars.append(war)
        return war
    if mine is None:
        assert theirs is not None
        theirs.sides[1 - _side(theirs, target)].append(power)
        return theirs
    if theirs is None:
        mine.sides[1 - _side(mine, power)].append(target)
        return mine
    if mine is theirs:
        return mine
    ours = mine.sides[_side(mine, power)] + theirs.sides[1 - _side(theirs, target)]
    enemy = mine.sides[1 - _side(mine, power)] + theirs.sides[_side(theirs, target)]
    mine.sides = (ours, enemy)
    mine.declarations += theirs.declarations
    state.wars.remove(theirs)
    return mine


def is_great_war(state: PaxState, war: War) -> bool:
    """§4.11.5: 4 or more of GB, France, Germany, A-H, Italy and Russia in one war; in a
    4-player game GB, Germany and France together as well (A-38)."""
    involved = {p for p in war.powers if p in EUROPEAN_GREATS}
    if len(involved) >= GREAT_WAR_COUNT:
        return True
    return len(state.seats) == 4 and involved >= FOUR_PLAYER_TRIO and _opposed(war)


def _opposed(war: War) -> bool:
    """The trio are not all on one side (three allies against a fourth power are not the
    trio "at war among themselves")."""
    sides = [set(side) & FOUR_PLAYER_TRIO for side in war.sides]
    return all(sides)
