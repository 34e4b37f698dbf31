"""The owners' decisions a battle leaves (§4.11.8): where each retreating unit goes, which
units of an exchange's larger force are lost, and the other majors' agreement to those
losses. Each prompt lists Courier's own choice first, the default of a missed deadline; a
refused agreement costs every major's unit of the larger force, as the rules say."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.core.messages import JsonValue
from rulesets.pax_britannica.actions import WarConsent, WarLosses, WarRetreat
from rulesets.pax_britannica.state import PaxState, Unit, War, WarDecision, unit_by_id
from rulesets.pax_britannica.war_board import is_water
from rulesets.pax_britannica.war_combat import (
    lose_units,
    loss_options,
    loss_seats,
    retreat_options,
    retreat_to,
    retreat_units,
    strand,
)


def settle_decisions(ctx: StepContext[PaxState], war: War) -> None:
    """A retreat left with a single place (or none) since it was queued needs no question:
    it is made (or the unit surrenders) at once."""
    state = ctx.state
    while war.decisions and war.decisions[0].kind == "retreat":
        decision = war.decisions[0]
        unit = unit_by_id(state, decision.unit)
        if unit is not None and len(retreat_options(state, war, unit)) > 1:
            return
        war.decisions.pop(0)
        if unit is not None:
            retreat_units(ctx, war, [unit], decision.place)


def decision_prompt(state: PaxState, war: War) -> Prompt:
    decision = war.decisions[0]
    if decision.kind == "retreat":
        return _retreat_prompt(state, war, decision)
    if decision.kind == "losses":
        return _losses_prompt(state, decision)
    return _consent_prompt(state, decision)


def _unit_params(unit: Unit) -> dict[str, JsonValue]:
    return {"power": unit.power, "kind": f"pax_the_unit_{unit.kind}", "strength": unit.strength}


def _retreat_prompt(state: PaxState, war: War, decision: WarDecision) -> Prompt:
    unit = unit_by_id(state, decision.unit)
    assert unit is not None
    params = {**_unit_params(unit), "area": decision.place}
    choices = [
        Choice.of(
            WarRetreat(unit=unit.id, to=place),
            label=Msg(key="pax.label.war_retreat", params={**params, "to": place}),
        )
        for place in retreat_options(state, war, unit)
    ]
    text = Msg(key="pax.prompt.war_retreat", params=params)
    return Prompt(seat=decision.seat, kind="war_retreat", text=text, choices=choices)


def _pool(state: PaxState, ids: list[int]) -> list[Unit]:
    return [u for u in (unit_by_id(state, i) for i in ids) if u is not None]


def _losses(units: list[Unit]) -> dict[str, JsonValue]:
    """What each power loses, strengths joined: {"britain": "10 + 5"}."""
    found: dict[str, list[int]] = {}
    for unit in units:
        found.setdefault(unit.power, []).append(unit.strength)
    return {power: " + ".join(str(s) for s in sorted(found[power])) for power in sorted(found)}


def _losses_prompt(state: PaxState, decision: WarDecision) -> Prompt:
    options = loss_options(_pool(state, decision.pool), decision.need)
    choices = [
        Choice.of(
            WarLosses(units=sorted(u.id for u in option)),
            label=Msg(
                key="pax.label.war_losses",
                params={
                    "losses": _losses(option),
                    "total": sum(u.strength for u in option),
                    "need": decision.need,
                },
            ),
        )
        for option in options
    ]
    text = Msg(key="pax.prompt.war_losses", params={"place": decision.place, "need": decision.need})
    return Prompt(seat=decision.seat, kind="war_losses", text=text, choices=choices)


def _consent_prompt(state: PaxState, decision: WarDecision) -> Prompt:
    proposal = _pool(state, decision.proposal)
    pool = _pool(state, decision.pool)
    params: dict[str, JsonValue] = {"place": decision.place, "losses": _losses(proposal)}
    choices = [
        Choice.of(
            WarConsent(agree=True), label=Msg(key="pax.label.war_consent_yes", params=params)
        ),
        Choice.of(
            WarConsent(agree=False),
            label=Msg(
                key="pax.label.war_consent_no",
                params={"place": decision.place, "losses": _losses(pool)},
            ),
        ),
    ]
    text = Msg(
        key="pax.prompt.war_consent",
        params={**params, "proposer": decision.proposer, "need": decision.need},
    )
    return Prompt(seat=decision.seat, kind="war_consent", text=text, choices=choices)


def _current(war: War, seat: str, kind: str) -> WarDecision:
    decision = war.decisions[0] if war.decisions else None
    if decision is None or decision.kind != kind or decision.seat != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    return decision


def resolve_retreat(ctx: StepContext[PaxState], war: War, seat: str, action: WarRetreat) -> None:
    state = ctx.state
    decision = _current(war, seat, "retreat")
    unit = unit_by_id(state, decision.unit)
    if unit is None or unit.id != action.unit or action.to not in retreat_options(state, war, unit):
        raise IllegalAction("pax.error.war_retreat_illegal", to=action.to)
    war.decisions.pop(0)
    retreat_to(ctx, unit, decision.place, action.to)
    if unit.kind == "navy" and is_water(state, decision.place):
        strand(ctx, war, decision.place)


def resolve_losses(ctx: StepContext[PaxState], war: War, seat: str, action: WarLosses) -> None:
    """The first major's seat picks the losses; every other seat with majors' units there
    is then asked to agree, in seat order."""
    state = ctx.state
    decision = _current(war, seat, "losses")
    pool = _pool(state, decision.pool)
    legal = {tuple(sorted(u.id for u in option)) for option in loss_options(pool, decision.need)}
    chosen = tuple(sorted(set(action.units)))
    inside = set(chosen) <= set(decision.pool)
    if not inside or (chosen not in legal and not _same_make_up(state, chosen, legal)):
        raise IllegalAction("pax.error.war_losses_illegal")
    war.decisions.pop(0)
    others = [s for s in loss_seats(state, war, pool) if s != seat]
    consents = [
        decision.model_copy(
            update={"kind": "consent", "seat": other, "proposal": list(chosen), "proposer": seat}
        )
        for other in others
    ]
    if consents:
        war.decisions[0:0] = consents
        return
    _lose(ctx, war, decision.place, _pool(state, list(chosen)))


def _same_make_up(state: PaxState, chosen: tuple[int, ...], legal: set[tuple[int, ...]]) -> bool:
    """Another set of the same powers' units of the same strengths is as legal as the one
    listed (the listed choice names one of each make-up)."""

    def make_up(ids: tuple[int, ...]) -> list[tuple[str, int]] | None:
        units = _pool(state, list(ids))
        if len(units) != len(ids):
            return None
        return sorted((u.power, u.strength) for u in units)

    wanted = make_up(chosen)
    return wanted is not None and any(make_up(option) == wanted for option in legal)


def resolve_consent(ctx: StepContext[PaxState], war: War, seat: str, action: WarConsent) -> None:
    state = ctx.state
    decision = _current(war, seat, "consent")
    war.decisions.pop(0)
    if action.agree:
        ctx.emit("pax.event.war_losses_agreed", power=seat, area=decision.place)
        if not (war.decisions and war.decisions[0].kind == "consent"):
            _lose(ctx, war, decision.place, _pool(state, decision.proposal))
        return
    while war.decisions and war.decisions[0].kind == "consent":
        war.decisions.pop(0)
    ctx.emit("pax.event.war_losses_refused", power=seat, area=decision.place)
    _lose(ctx, war, decision.place, _pool(state, decision.pool))


def _lose(ctx: StepContext[PaxState], war: War, place: str, units: list[Unit]) -> None:
    lose_units(ctx, units)
    if is_water(ctx.state, place):
        strand(ctx, war, place)
