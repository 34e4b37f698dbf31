"""Ottoman expansion (§4.17.1, an option on by default): a revolt next to the Ottoman Empire
that nobody puts down makes the area an Ottoman possession; when a possession revolts
again, the Ottomans send two more strength-5 units and fight to keep it."""

from __future__ import annotations

from collections import deque

from rulesets.core import StepContext
from rulesets.pax_britannica.board import land_neighbours
from rulesets.pax_britannica.combat import fight
from rulesets.pax_britannica.state import PaxState, Unit, area_type, game_data

ARMY = 5  # every Ottoman unit is strength 5


def joined_to_anatolia(state: PaxState, area: str) -> bool:
    """`area` borders an Ottoman area or possession linked to Anatolia by land routes."""
    ottoman = {a.id for a in game_data(state).areas if area_type(state, a.id) == "ottoman"}
    linked = {"anatolia"} & ottoman
    frontier = deque(linked)
    while frontier:
        for nxt in land_neighbours(state, frontier.popleft()):
            if nxt in ottoman and nxt not in linked:
                linked.add(nxt)
                frontier.append(nxt)
    return any(n in linked for n in land_neighbours(state, area))


def annex_unchecked_revolts(ctx: StepContext[PaxState]) -> None:
    """After the unrest consequences: each unchecked revolt next to the Empire turns
    Ottoman (A-60)."""
    state = ctx.state
    if not state.options.get("ottoman_expansion", True):
        return
    # Judged on the Empire as it stood before this phase: no chain of annexations.
    annexed = [
        area
        for area in sorted(state.unrest)
        if area_type(state, area) != "ottoman" and joined_to_anatolia(state, area)
    ]
    for area in annexed:
        state.ottoman_possessions.append(area)
        ctx.emit("pax.event.ottoman_annexes", area=area)


def defend_possessions(ctx: StepContext[PaxState]) -> None:
    """A revolt in an Ottoman possession: the garrison and two more units fight it, in the
    richest such area only; a defeat returns the area to its natives (A-60)."""
    state = ctx.state
    data = game_data(state)
    troubled = [a for a in state.ottoman_possessions if a in state.unrest]
    if not troubled:
        return
    area = max(troubled, key=lambda a: (data.area(a).ev, a))
    armies = [
        Unit(id=-k, power="ottoman", kind="army", strength=ARMY, location=area) for k in range(1, 4)
    ]
    _odds, die, outcome = fight(ctx, data, armies, data.area(area).cc)
    ctx.emit("pax.event.ottoman_fights", area=area, die=die or 0, result=f"result_{outcome.result}")
    if outcome.defeated:
        state.unrest.remove(area)
        ctx.emit("pax.event.unrest_suppressed", power="pax_ottoman_empire", area=area)
    for other in troubled:
        if other in state.unrest:
            state.ottoman_possessions.remove(other)
            ctx.emit("pax.event.ottoman_loses", area=other)
