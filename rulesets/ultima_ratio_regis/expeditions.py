"""Expeditionary corps: a power's troops standing in a zone one of its allies controls.
Alliances end with the turn, and step 1 of the end of turn 'rapatrie les corps
expéditionnaires': the owner brings each corps home to a land zone it controls (where is the
rulebook's, so the owner picks; its national zones are listed first)."""

from __future__ import annotations

from rulesets.core import Choice, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.board import allied, eliminate, troops
from rulesets.ultima_ratio_regis.state import UrrState, game_data, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def expeditionary_corps(state: UrrState) -> list[tuple[str, str]]:
    """(power, zone) of every corps: troops on the board in a zone an ally controls."""
    found = set()
    for unit in state.units:
        owner = state.control.get(unit.area)
        if (
            unit.kind == "troop"
            and unit.dispersed_at is None
            and owner not in (None, unit.power)
            and allied(state, unit.power, owner or "")
        ):
            found.add((unit.power, unit.area))
    return sorted(found)


def homes(state: UrrState, power: str) -> list[str]:
    """Land zones the power controls, its national zones first."""
    data = game_data(state)
    held = [area for area, owner in state.control.items() if owner == power]
    return sorted(held, key=lambda area: (data.zone(area).national_of != power, area))


def repatriation_prompt(state: UrrState) -> Prompt:
    power, area = expeditionary_corps(state)[0]
    choices = [
        Choice.of(
            act.Repatriate(power=power, origin=area, area=home),
            label=say("urr.label.repatriate", power=power, origin=area, area=home),
        )
        for home in homes(state, power)
    ]
    if not choices:  # nowhere left to go home to
        order = act.Repatriate(power=power, origin=area, area=area)
        choices = [Choice.of(order, label=say("urr.label.repatriate.disband", origin=area))]
    seat = state.powers[power].player or referee(state)
    text = say("urr.prompt.repatriate", power=power, origin=area)
    return Prompt(seat=seat, kind="repatriate", text=text, choices=choices)


def repatriate(ctx: Ctx, action: act.Repatriate) -> None:
    """The corps and its leaders go home; a power with no zone left disbands its corps."""
    state = ctx.state
    corps = troops(state, action.power, action.origin)
    if action.area == action.origin:
        for troop in corps:
            eliminate(state, troop)
        ctx.emit("urr.event.corps_disbanded", power=action.power, origin=action.origin)
        return
    for troop in corps:
        troop.area = action.area
    for leader in state.leaders:
        if leader.power == action.power and leader.area == action.origin:
            leader.area = action.area
    ctx.emit("urr.event.repatriated", power=action.power, origin=action.origin, area=action.area)
