"""The declarations at the start of the War phase (§4.11.1, §4.11.4), behind the campaign
option `war_declarations`: each major power holding a casus belli, in seat order, declares
war on the powers that gave it one or lets its casus belli lapse, and each signatory a
treaty calls to war (§4.11.4) honours the call or breaks the treaty before the next power
is asked. The order decides who declared first, which matters for the Great War's blame."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica import minor_rights
from rulesets.pax_britannica.actions import AnswerCall, DeclareWar, NoWar
from rulesets.pax_britannica.conflicts import close_diplomacy, settle_conflicts
from rulesets.pax_britannica.ottoman_sides import to_war
from rulesets.pax_britannica.state import PaxState, TreatyCall, game_data, seat_of
from rulesets.pax_britannica.treaties import breach, publish, treaty_by_id
from rulesets.pax_britannica.wars import declarable, declare_war, next_call, next_declarer


def prompts(state: PaxState) -> list[Prompt]:
    call = next_call(state)
    if call is not None:
        return [_call_prompt(state, call)]
    power = next_declarer(state)
    seat = seat_of(state, power) if power else None
    if power is None or seat is None:
        return []
    cost = game_data(state).tension.declaration
    choices = [
        Choice.of(NoWar(power=power), label=Msg(key="pax.label.no_war", params={"power": power}))
    ]
    data = game_data(state)
    choices += [
        Choice.of(
            DeclareWar(power=power, target=cb.target, area=cb.area),
            label=Msg(
                # a breach outside a war gives its casus belli over the violator's home
                key="pax.label.declare_war_breach"
                if data.is_home(cb.area)
                else "pax.label.declare_war",
                params={"power": power, "target": cb.target, "area": cb.area, "tension": cost},
            ),
        )
        for cb in declarable(state, power)
    ]
    text = Msg(key="pax.prompt.war_declarations", params={"power": power, "tension": state.tension})
    return [Prompt(seat=seat, kind="war_declaration", text=text, choices=choices)]


def _call_prompt(state: PaxState, call: TreatyCall) -> Prompt:
    """A treaty's call to war goes to the called signatory alone when the treaty is secret
    (its existence stays private until it is honoured or broken)."""
    treaty = treaty_by_id(state, call.treaty)
    assert treaty is not None
    seat = seat_of(state, call.power)
    assert seat is not None
    tension = game_data(state).tension
    params = {"power": call.power, "target": call.target, "area": call.area}
    choices = [
        Choice.of(
            AnswerCall(treaty=call.treaty, honour=True),
            label=Msg(
                key="pax.label.honour_treaty", params={**params, "tension": tension.declaration}
            ),
        ),
        Choice.of(
            AnswerCall(treaty=call.treaty, honour=False),
            label=Msg(
                key="pax.label.break_treaty", params={**params, "tension": tension.treaty_broken}
            ),
        ),
    ]
    partners = [p for p in treaty.parties if p != call.power]
    text = Msg(
        key="pax.prompt.treaty_call",
        params={**params, "kind": f"pax_treaty_{treaty.kind}", "partners": partners},
    )
    return Prompt(seat=seat, kind="treaty_call", text=text, choices=choices, private=treaty.secret)


def on_answer_call(ctx: StepContext[PaxState], seat: str, action: AnswerCall) -> None:
    """Honoured: the treaty gave the casus belli, so a secret one is published, and the
    signatory declares war (ET +5). Refused: the treaty is broken (treaties.breach)."""
    state = ctx.state
    call = next_call(state)
    if call is None or call.treaty != action.treaty or seat_of(state, call.power) != seat:
        raise IllegalAction("pax.error.no_treaty_call")
    state.treaty_calls.remove(call)
    treaty = treaty_by_id(state, call.treaty)
    assert treaty is not None
    if action.honour:
        publish(ctx, treaty)
        if declare_war(ctx, call.power, call.target, call.area):
            return
    elif breach(ctx, treaty, call.power, call.area):
        return
    _next(ctx)


def _asked(state: PaxState, seat: str, power: str) -> None:
    calling = next_call(state) is not None
    if calling or power != next_declarer(state) or seat_of(state, power) != seat:
        raise IllegalAction("pax.error.not_your_declaration", power=power)


def on_declare_war(ctx: StepContext[PaxState], seat: str, action: DeclareWar) -> None:
    state = ctx.state
    _asked(state, seat, action.power)
    usable = {(cb.target, cb.area) for cb in declarable(state, action.power)}
    if (action.target, action.area) not in usable:
        raise IllegalAction("pax.error.no_casus_belli", power=action.power, target=action.target)
    if declare_war(ctx, action.power, action.target, action.area):
        return
    minor = minor_rights.join_minor(state, action.power, action.target)
    if minor is not None:
        ctx.emit("pax.event.minor_joins_war", minor=minor, power=action.power, target=action.target)
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
    if next_call(state) is not None or next_declarer(state) is not None:
        return
    state.treaty_calls = []
    if minor_rights.judge_defenders(ctx):
        return
    spared = {(d.power, d.area) for war in state.wars for d in war.declarations if not d.automatic}
    if settle_conflicts(ctx, spared):
        return
    if state.wars or state.ottoman_war_pending or state.pending_rebellion:
        to_war(ctx)
        return
    close_diplomacy(ctx)


PHASE: Phase[PaxState] = Phase(
    name="war_declarations",
    prompts=prompts,
    handlers={DeclareWar: on_declare_war, NoWar: on_no_war, AnswerCall: on_answer_call},
)
