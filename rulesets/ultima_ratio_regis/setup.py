"""The opening: the campaign's data placed on the board, then the referee gives each power
to a player (the aid has no set-up; every player governs at least one power)."""

from __future__ import annotations

from typing import Any

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.data import parse_data
from rulesets.ultima_ratio_regis.state import (
    Fortress,
    Merchant,
    PowerState,
    Unit,
    UrrState,
    game_data,
    new_id,
    players,
    referee,
)
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def new_state(base: dict[str, Any], data: dict[str, Any] | None) -> UrrState:
    return UrrState(**base, custom_data=parse_data(data) if data is not None else None)


def setup_game(ctx: Ctx) -> None:
    state = ctx.state
    data = game_data(state)
    for power in data.powers:
        state.powers[power.id] = PowerState(id=power.id, instability=power.start_instability)
        state.leader_pools[power.id] = sorted(power.leader_pool)
    state.control = {zone.id: zone.owner for zone in data.zones if zone.kind == "land"}
    state.minor_allies = {minor.id: minor.ally for minor in data.minors}
    for setup in data.units:
        for _ in range(setup.count):
            state.units.append(
                Unit(
                    id=new_id(state, "u"),
                    power=setup.power,
                    kind=setup.kind,
                    area=setup.zone,
                    q=setup.q,
                )
            )
    for force in data.minor_units:
        for _ in range(force.count):
            state.units.append(
                Unit(
                    id=new_id(state, "u"),
                    power=force.minor,
                    kind="troop",
                    area=force.zone,
                    q=force.q,
                )
            )
    for fort in data.fortresses:
        state.fortresses.append(
            Fortress(area=fort.zone, power=fort.power, started_at=0, complete=True)
        )
    for merchant in data.merchants:
        state.merchants.append(
            Merchant(id=new_id(state, "m"), power=merchant.power, area=merchant.zone)
        )
    ctx.emit("urr.event.setup", referee=referee(state), powers=len(data.powers))


def _unassigned(state: UrrState) -> list[str]:
    return [p.id for p in state.powers.values() if p.player is None]


def _assign_prompts(state: UrrState) -> list[Prompt]:
    waiting = _unassigned(state)
    if not waiting:
        return []
    power = waiting[0]
    without = [
        seat for seat in players(state) if not any(p.player == seat for p in state.powers.values())
    ]
    seats = without if len(without) >= len(waiting) else players(state)
    choices = [
        Choice.of(
            act.AssignPower(power=power, seat=seat),
            label=say("urr.label.assign_power", power=power, seat=seat),
        )
        for seat in seats
    ]
    text = say("urr.prompt.assign_power", power=power, left=len(waiting))
    return [Prompt(seat=referee(state), kind="assign_power", text=text, choices=choices)]


def _assign(ctx: Ctx, seat: str, action: act.AssignPower) -> None:
    ctx.state.powers[action.power].player = action.seat
    ctx.emit("urr.event.power_assigned", power=action.power, seat=action.seat)
    if not _unassigned(ctx.state):
        ctx.enter("turn_start")


ASSIGN = Phase[UrrState](
    name="assign", prompts=_assign_prompts, handlers={act.AssignPower: _assign}
)
