"""The declarations at the start of the War phase (§4.11.1, §4.11.4), behind the campaign
option `war_declarations`: each major power holding a casus belli, in seat order, declares
war on the powers that gave it one or lets its casus belli lapse. The order decides who
declared first, which matters for the Great War's blame."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica.actions import DeclareWar, NoWar
from rulesets.pax_britannica.conflicts import close_diplomacy, settle_conflicts
from rulesets.pax_britannica.state import PaxState, game_data, seat_of
from rulesets.pax_britannica.wars import declarable, declare_war, next_declarer


def prompts(state: PaxState) -> list[Prompt]:
    power = next_declarer(state)
    seat = seat_of(state, power) if power else None
    if power is None or seat is None:
        return []
    cost = game_data(state).tension.declaration
    choices = [
        Choice.of(NoWar(power=power), label=Msg(key="pax.label.no_war", params={"power": power}))
    ]
    choices += [
        Choice.of(
            DeclareWar(power=power, target=cb.target, area=cb.area),
            label=Msg(
                key="pax.label.declare_war",
                params={"power": power, "target": cb.target, "area": cb.area, "tension": cost},
            ),
        )
        for cb in declarable(state, power)
    ]
    text = Msg(key="pax.prompt.war_declarations", params={"power": power, "tension": state.tension})
    return [Prompt(seat=seat, kind="war_declaration", text=text, choices=choices)]


def _asked(state: PaxState, seat: str, power: str) -> None:
    if power != next_declarer(state) or seat_of(state, power) != seat:
        raise IllegalAction("pax.error.not_your_declaration", power=power)


def on_declare_war(ctx: StepContext[PaxState], seat: str, action: DeclareWar) -> None:
    state = ctx.state
    _asked(state, seat, action.power)
    usable = {(cb.target, cb.area) for cb in declarable(state, action.power)}
    if (action.target, action.area) not in usable:
        raise IllegalAction("pax.error.no_casus_belli", power=action.power, target=action.target)
    if declare_war(ctx, action.power, action.target, action.area):
        return
    if not declarable(state, action.power):
        state.war_answers.append(action.power)
    _next(ctx)


def on_no_war(ctx: StepContext[PaxState], seat: str, action: NoWar) -> None:
    state = ctx.state
    _asked(state, seat, action.power)
    state.war_answers.append(action.power)
    ctx.emit("pax.event.no_war", power=action.power)
    _next(ctx)


def _next(ctx: StepContext[PaxState]) -> None:
    """Once nobody is left to answer, the conflicts nobody went to war over take the
    default (A-26), and the wars are fought (war.py) before the turn's diplomacy closes."""
    state = ctx.state
    if next_declarer(state) is not None:
        return
    spared = {(d.power, d.area) for war in state.wars for d in war.declarations if not d.automatic}
    if settle_conflicts(ctx, spared):
        return
    if state.wars:
        ctx.enter("war")
        return
    close_diplomacy(ctx)


PHASE: Phase[PaxState] = Phase(
    name="war_declarations",
    prompts=prompts,
    handlers={DeclareWar: on_declare_war, NoWar: on_no_war},
)
