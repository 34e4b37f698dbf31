"""The cessions after a crushed Chinese rebellion (§4.11.13): the claims made in the War
phase take effect only if every power with units in China at the rebellion's end agrees to
them ("if the claimants cannot agree, nothing is ceded"). Each such player, in seat order,
accepts (the default) or refuses once the turn's wars are over; a lone claimant's claim
takes effect at once. The majors allot the minors nothing (the rule's own fallback)."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica.actions import AgreeCessions
from rulesets.pax_britannica.rebellion import place_cession
from rulesets.pax_britannica.state import PaxState, seat_of


def _parties(state: PaxState) -> list[str]:
    return [p for p in state.cession_parties if seat_of(state, p) is not None]


def open_cessions(ctx: StepContext[PaxState]) -> bool:
    """True when the claimants must now agree (the phase opens); otherwise a lone
    claimant's claim has taken effect, or there was none."""
    state = ctx.state
    state.cession_answers = []
    if not state.cessions:
        return False
    if len(_parties(state)) > 1:
        ctx.enter("rebellion_cessions")
        return True
    _cede_all(ctx)
    return False


def _next(state: PaxState) -> str | None:
    return next((p for p in _parties(state) if p not in state.cession_answers), None)


def prompts(state: PaxState) -> list[Prompt]:
    power = _next(state)
    if power is None or state.finished:
        return []
    seat = seat_of(state, power)
    assert seat is not None
    params = {"power": power, "claims": dict(state.cessions)}
    choices = [
        Choice.of(
            AgreeCessions(power=power, accept=accept),
            label=Msg(key=f"pax.label.cessions_{'accept' if accept else 'refuse'}", params=params),
        )
        for accept in (True, False)
    ]
    text = Msg(key="pax.prompt.rebellion_cessions", params=params)
    return [Prompt(seat=seat, kind="rebellion_cessions", text=text, choices=choices)]


def on_agree(ctx: StepContext[PaxState], seat: str, action: AgreeCessions) -> None:
    state = ctx.state
    if action.power != _next(state) or seat_of(state, action.power) != seat:
        raise IllegalAction("pax.error.not_your_cessions")
    state.cession_answers.append(action.power)
    if not action.accept:
        ctx.emit("pax.event.cessions_refused", power=action.power)
        state.cessions = {}
    elif _next(state) is None:
        _cede_all(ctx)
    if not state.cessions or _next(state) is None:
        state.cessions, state.cession_parties = {}, []
        ctx.enter("vp_recording")


def _cede_all(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    for power, area in state.cessions.items():
        place_cession(ctx, power, area)
    state.cessions = {}


PHASE: Phase[PaxState] = Phase(
    name="rebellion_cessions", prompts=prompts, handlers={AgreeCessions: on_agree}
)
