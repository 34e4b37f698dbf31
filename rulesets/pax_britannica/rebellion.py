"""The Chinese rebellion (§4.11.13), the first war of the War phase after a rebellion roll:
China alone against every power with an influence or control marker in a Chinese area;
d6 rebel armies of strength 5 placed on the Chinese Army Placement table (a possession
rolled again, A-46); the rebels played by Courier (natives.py); the markers they sack;
its ends (success, colonial victory with its reparations, the rebels out of reach)."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.pax_britannica.holdings import new_unit, remove_marker
from rulesets.pax_britannica.indices import raise_resentment
from rulesets.pax_britannica.natives import natives_of
from rulesets.pax_britannica.state import (
    Marker,
    PaxState,
    Spoil,
    Unit,
    War,
    game_data,
    is_major,
    majors,
)
from rulesets.pax_britannica.war_board import CHINA, chinese_areas, native_pieces_free, units_at

STRENGTH = 5
REROLLS = 12  # a table of possessions only: the first free Chinese area takes the army
MINOR_RUNNERS = {"russia": "france", "japan": "britain"}  # §4.11.13: unplayed, who runs them


def _possession(state: PaxState, area: str) -> bool:
    return any(m.area == area and m.level == "possession" for m in state.markers)


def begin_rebellion(ctx: StepContext[PaxState]) -> None:
    """§4.10 / A-47: with every Chinese area a possession the rebellion waits (pending);
    otherwise the sides form and the rebel armies are placed."""
    state = ctx.state
    if not state.pending_rebellion:
        return
    free = [a for a in chinese_areas(state) if not _possession(state, a)]
    if not free:
        ctx.emit("pax.event.rebellion_waits")
        return
    state.pending_rebellion = False
    china = set(chinese_areas(state))
    ranks = {p.id: n for n, p in enumerate(game_data(state).powers)}
    enemies = sorted(
        {m.power for m in state.markers if m.area in china and m.level != "interest"},
        key=lambda p: ranks.get(p, len(ranks)),
    )
    rolled = ctx.roll(6)
    pieces = native_pieces_free(state)  # A-72: the Ottomans' armies may hold some
    count = rolled if pieces is None else min(rolled, pieces)
    places = [_placement(ctx, free) for _ in range(count)]
    ctx.emit("pax.event.rebellion", count=count, areas=places, powers=list(enemies))
    if count < rolled:
        ctx.emit("pax.event.native_pieces_short", rolled=rolled, count=count)
    if not enemies:
        state.resentment = 0
        ctx.emit("pax.event.rebellion_unopposed")
        return
    for place in places:
        new_unit(state, CHINA, "army", STRENGTH, place)
    state.wars.insert(0, War(sides=([CHINA], enemies), kind="rebellion"))


def _placement(ctx: StepContext[PaxState], free: list[str]) -> str:
    """A d6 on the Chinese Army Placement table, rolled again on a possession (A-46)."""
    state = ctx.state
    table = game_data(state).chinese_army_placement.entries
    for _ in range(REROLLS):
        area = table.get(str(ctx.roll(6)))
        if area is not None and area in free:
            return area
    return free[0]


def minor_runner(state: PaxState, minor: str) -> str | None:
    """§4.11.13: unplayed Russia is run by the French player, Japan by the British."""
    runner = MINOR_RUNNERS.get(minor)
    return runner if runner in state.seats else None


def sack(ctx: StepContext[PaxState], war: War) -> None:
    """At the end of each Second Alliance attack phase: rebels in an area with no colonial
    army remove every status marker there; an area that loses a control marker regains
    its CC."""
    state = ctx.state
    for area in sorted({u.location for u in natives_of(state, war)}):
        if units_at(state, war.sides[1], area, "army"):
            continue
        for marker in [m for m in state.markers if m.area == area]:
            if marker.is_control and area in war.defeated:
                war.defeated.remove(area)
            remove_marker(ctx, marker, "rebels")


def rebellion_over(state: PaxState, war: War) -> str | None:
    """W9 for the rebellion: success (no colonial army left in China), colonial victory
    (no rebel army left), or the rebels out of reach (three cycles without an attack:
    the Formosa ending, generalised)."""
    china = set(chinese_areas(state))
    if not natives_of(state, war):
        return "colonial_victory"
    if not any(u.kind == "army" and u.location in china for u in _colonials(state, war)):
        return "success"
    if war.quiet_cycles >= 3:
        return "out_of_reach"
    return None


def _colonials(state: PaxState, war: War) -> list[Unit]:
    return [u for u in state.units if u.power in war.sides[1]]


def conclude_rebellion(ctx: StepContext[PaxState], war: War, outcome: str) -> None:
    """Success: every status marker in China goes. Out of reach: every one but Formosa's
    (A-51). Colonial victory: markers stay, and each major power with units in China may
    claim one defeated area (minors get nothing: the majors allot them nothing, §4.11.13).
    The rebels leave the map; CR falls to 0."""
    state = ctx.state
    ctx.emit("pax.event.rebellion_ends", outcome=f"pax_rebellion_{outcome}")
    china = set(chinese_areas(state))
    if outcome != "colonial_victory":
        keep = {"formosa"} if outcome == "out_of_reach" else set()
        for marker in [m for m in state.markers if m.area in china - keep]:
            remove_marker(ctx, marker, "rebels")
    for army in natives_of(state, war):
        state.units.remove(army)
    state.resentment = 0
    ctx.emit("pax.event.resentment_reset")
    war.conquered, war.step = {}, "spoils"
    war.spoils = []
    state.cessions, state.cession_parties = {}, []
    if outcome == "colonial_victory" and war.defeated:
        present = {u.power for u in _colonials(state, war) if u.location in china}
        war.spoils = [
            Spoil(power=p, area="") for p in majors(state) if p in present and is_major(state, p)
        ]
        state.cession_parties = [s.power for s in war.spoils]


def claimable(war: War) -> list[str]:
    """The defeated areas not yet ceded (a ceded area is kept in `war.conquered`)."""
    return [a for a in war.defeated if a not in war.conquered]


def cede(ctx: StepContext[PaxState], war: War, spoil: Spoil, area: str | None) -> None:
    """A claimant claims one defeated area, or declines; the claims take effect once the
    claimants agree on them (cessions.py)."""
    state = ctx.state
    war.spoils.remove(spoil)
    if area is None:
        ctx.emit("pax.event.war_spoils_declined", power=spoil.power, area="china")
        return
    war.conquered[area] = 1
    state.cessions[spoil.power] = area
    ctx.emit("pax.event.area_claimed", power=spoil.power, area=area)


def place_cession(ctx: StepContext[PaxState], power: str, area: str) -> None:
    """The claimant takes the area with a control marker free of £ (a possession); CR
    rises for each marker placed in a ceded area (§4.11.13)."""
    state = ctx.state
    for marker in [m for m in state.markers if m.area == area and m.power == power]:
        state.markers.remove(marker)
    state.markers.append(Marker(power=power, area=area, level="possession", placed_turn=state.turn))
    ctx.emit("pax.event.war_spoils", power=power, area=area, level="level_possession")
    per = game_data(state).resentment.per_control_marker_at_check
    raise_resentment(ctx, per, "cession", power)
