"""The natives' side of an Ottoman war (§4.11.14) and of a Chinese rebellion (§4.11.13),
played by Courier: First Alliance every cycle, each army where no enemy stands stepping
toward the nearest area of its region holding enemies (ties by a die), then every stack
attacking the enemy armies of its area with the area's combat capacity (CC) while no
control marker stands there and it is not defeated (A-86). Also the Ottoman war itself:
the Empire declares war on each power that established a control marker in one of its
areas, three strength-5 armies appear in Anatolia, and its ends (b) no Ottoman army
left, (a) no enemy unit left in the Empire, (c) the enemies out of reach (three cycles
without an attack, Courier's reading of the Egypt exception: the enemies end the war).
With a major ally the Ottoman war is a normal war (war.py), the Empire a minor on the
ally's side; only its armies' leaving at the end is here."""

from __future__ import annotations

from collections import deque
from typing import Literal

from rulesets.core import StepContext
from rulesets.pax_britannica.board import land_neighbours
from rulesets.pax_britannica.combat import odds_for, result_for
from rulesets.pax_britannica.holdings import eliminate, new_unit, remove_marker
from rulesets.pax_britannica.state import PaxState, Unit, War, game_data
from rulesets.pax_britannica.war_board import (
    OTTOMAN,
    native_cc,
    native_pieces_free,
    native_region,
    ottoman_areas,
    ottoman_ground,
)
from rulesets.pax_britannica.war_combat import retreat_units, war_losses

ARMIES = 3  # §4.11.14: three armies of strength 5 in Anatolia
STRENGTH = 5
KUWAIT = "kuwait"


def begin_ottoman_war(ctx: StepContext[PaxState]) -> None:
    """The Empire declares war on every power that established a control marker in one of
    its areas this turn (an upgrade does not count: colonial_combat and minor_powers record
    only new control markers)."""
    state = ctx.state
    targets = list(dict.fromkeys(state.ottoman_war_pending))
    state.ottoman_war_pending = []
    if not targets:
        return
    allies = [p for p, side in state.ottoman_supporters.items() if side == 0]
    helpers = [p for p, side in state.ottoman_supporters.items() if side == 1]
    # §4.11.14: with a major ally it is a normal war, the Empire a minor allied to it.
    kind: Literal["war", "ottoman"] = "war" if allies else "ottoman"
    state.wars.insert(0, War(sides=([OTTOMAN, *allies], targets + helpers), kind=kind))
    pieces = native_pieces_free(state)  # as many as the shared pieces allow
    armies = ARMIES if pieces is None else min(ARMIES, pieces)
    for _ in range(armies):
        new_unit(state, OTTOMAN, "army", STRENGTH, "anatolia")
    ctx.emit("pax.event.ottoman_war", powers=targets, strength=armies * STRENGTH)


def _enemy_units(state: PaxState, war: War, area: str) -> list[Unit]:
    """The enemies the natives march on: any unit for the Ottomans, only colonial armies
    for the Chinese (§4.11.13)."""
    found = [u for u in state.units if u.location == area and u.power in war.sides[1]]
    return [u for u in found if u.kind == "army"] if war.kind == "rebellion" else found


def natives_of(state: PaxState, war: War) -> list[Unit]:
    return [u for u in state.units if u.power == war.sides[0][0]]


def _passable(state: PaxState, war: War) -> set[str]:
    """The natives never leave their region; the Ottomans may cross Egypt (§4.11.14)."""
    if war.kind == "ottoman":
        return ottoman_ground(state, war)
    return set(native_region(state, war))


def native_manoeuvre(ctx: StepContext[PaxState], war: War) -> None:
    """An army where enemies stand stays; the others step toward the nearest area of the
    region holding enemies (ties by a die); none reachable, it stays (A-49)."""
    state = ctx.state
    passable = _passable(state, war)
    goals = {a for a in native_region(state, war) if _enemy_units(state, war, a)}
    for army in natives_of(state, war):
        if _enemy_units(state, war, army.location) or not goals:
            continue
        steps = _first_steps(state, army.location, goals, passable)
        if not steps:
            continue
        to = steps[ctx.roll(len(steps)) - 1] if len(steps) > 1 else steps[0]
        ctx.emit("pax.event.natives_move", power=army.power, area=army.location, to=to)
        army.location = to


def _first_steps(state: PaxState, start: str, goals: set[str], passable: set[str]) -> list[str]:
    """The neighbours of `start` on a shortest land path to a goal through `passable`."""
    best: list[str] = []
    best_distance: int | None = None
    for first in sorted(n for n in land_neighbours(state, start) if n in passable):
        distance = _distance(state, first, goals, passable)
        if distance is None:
            continue
        if best_distance is None or distance < best_distance:
            best, best_distance = [first], distance
        elif distance == best_distance:
            best.append(first)
    return best


def _distance(state: PaxState, start: str, goals: set[str], passable: set[str]) -> int | None:
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        place, distance = queue.popleft()
        if place in goals:
            return distance
        for nxt in land_neighbours(state, place):
            if nxt in passable and nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, distance + 1))
    return None


def native_attacks(ctx: StepContext[PaxState], war: War) -> None:
    """Every area with native armies and enemy armies: the natives attack together, with
    the area's CC; the enemy's armies there defend together (navies are ignored, A-50);
    an attack that ends AE or AR defeats the area."""
    state = ctx.state
    for area in sorted({u.location for u in natives_of(state, war)}):
        defenders = [u for u in _enemy_units(state, war, area) if u.kind == "army"]
        attackers = [u for u in natives_of(state, war) if u.location == area]
        if not defenders or not attackers:
            continue
        war.attacked = True
        cc = native_cc(state, war, area)
        attack = sum(u.strength for u in attackers) + cc
        defence = sum(u.strength for u in defenders)
        data = game_data(state)
        odds = odds_for(data, attack, defence)
        die = ctx.roll(6)
        result = result_for(data, odds, die)
        ctx.emit(
            "pax.event.natives_attack",
            power=war.sides[0][0],
            area=area,
            attack=attack,
            defence=defence,
            odds=odds.text(data),
            die=die,
            result=f"pax_war_result_{result}",
        )
        if result in ("AE", "AR") and cc:
            _defeat(ctx, war, area)
        if result == "AE":
            _remove(ctx, attackers)
        elif result == "AR":
            retreat_units(ctx, war, attackers, area)
        elif result == "DE":
            _remove(ctx, defenders)
        elif result == "DR":
            retreat_units(ctx, war, defenders, area)
        else:
            exchange(ctx, attackers, defenders, attack, defence, result)


def exchange(
    ctx: StepContext[PaxState],
    ottomans: list[Unit],
    enemies: list[Unit],
    ottoman_total: int,
    enemy_total: int,
    result: str,
) -> None:
    """EX / ½ EX with the natives' CC in their total (the CC itself is never lost)."""
    ottomans_smaller = ottoman_total <= enemy_total
    smaller_total = ottoman_total if ottomans_smaller else enemy_total
    need = smaller_total if result == "EX" else -(-smaller_total // 2)
    if ottomans_smaller:
        _remove(ctx, ottomans)
        _remove(ctx, war_losses(ctx.state, enemies, need))
    else:
        _remove(ctx, enemies)
        _remove(ctx, war_losses(ctx.state, ottomans, need))


def _defeat(ctx: StepContext[PaxState], war: War, area: str) -> None:
    if area not in war.defeated:
        war.defeated.append(area)
        ctx.emit("pax.event.native_area_defeated", area=area)


def _remove(ctx: StepContext[PaxState], units: list[Unit]) -> None:
    for unit in units:
        eliminate(ctx, unit, "war_battle")


def ottoman_war_over(state: PaxState, war: War) -> str | None:
    """W9 for the Ottoman war with no major ally (§4.11.14, A-54)."""
    if not natives_of(state, war):
        return "ottomans_lose"
    if not any(_enemy_units(state, war, a) for a in ottoman_areas(state)):
        return "ottomans_win"
    if war.quiet_cycles >= 3:
        return "out_of_reach"
    return None


def conclude_ottoman_war(ctx: StepContext[PaxState], war: War, outcome: str) -> None:
    """(a) the enemies' markers in the Ottoman areas go; (b) the attackers keep what they
    established and gain nothing more; (c) their markers in the Empire (Tripoli excepted)
    and in Kuwait go. The Ottoman armies leave the map; no ET for these changes."""
    state = ctx.state
    ctx.emit("pax.event.ottoman_war_ends", outcome=f"pax_ottoman_{outcome}")
    if outcome == "ottomans_win":
        lost = set(ottoman_areas(state))
    elif outcome == "out_of_reach":
        lost = (set(ottoman_areas(state)) - {"tripoli"}) | {KUWAIT}
    else:
        lost = set()
    for marker in [m for m in state.markers if m.area in lost and m.power in war.sides[1]]:
        remove_marker(ctx, marker, "ottoman_war")
    for army in natives_of(state, war):
        state.units.remove(army)
    war.conquered, war.spoils, war.step = {}, [], "spoils"


def ottomans_leave(state: PaxState, war: War) -> None:
    """At the end of an Ottoman war fought as a normal war, the Ottoman armies leave the
    map, their prisoners too (§4.11.14: they have no home to go back to)."""
    state.units = [u for u in state.units if u.power != OTTOMAN]
    war.prisoners = [u for u in war.prisoners if u.power != OTTOMAN]
