"""The Negotiation phase (§4.7–4.8), with the option `war_declarations`: every seat, in
private (its prompts go by DM), may offer treaties to the other powers, answer the offers
made to it, and settle a dispute by reducing its own marker (§4.7 methods 1 and 2, ET +1 a
level). The phase closes once every seat has finished and every offer is answered."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica import clauses
from rulesets.pax_britannica.actions import (
    AnswerOffer,
    EndNegotiation,
    OfferCession,
    OfferCodominion,
    OfferPayment,
    OfferVoid,
    PayTreaty,
    ProposeTreaty,
    Withdraw,
)
from rulesets.pax_britannica.holdings import reduce_marker, remove_marker
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.state import (
    Marker,
    PaxState,
    TreatyOffer,
    game_data,
    majors,
    marker_of,
    markers_in,
    powers_of,
    seat_of,
)
from rulesets.pax_britannica.treaties import (
    file_offer,
    may_offer,
    readers,
    sign,
    signed,
    waiting_partners,
)

KINDS = ("defensive", "offensive", "non_aggression")
NON_OFFENSIVE = "austria_hungary"  # §4.8: signs defensive treaties only, by Germany's hand


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    state.negotiation_done, state.proposals, state.offers = [], {}, []
    clauses.open_payments(state)
    ctx.emit("pax.event.negotiation_opens")


# -- prompts --------------------------------------------------------------------------------


def prompts(state: PaxState) -> list[Prompt]:
    if state.finished:
        return []
    found: list[Prompt] = []
    for seat in state.seats:
        offer = next((o for o in state.offers if seat_of(state, o.to) == seat), None)
        payment = clauses.payment_prompt(state, seat)
        if payment is not None:
            found.append(payment)
        elif offer is not None:
            found.append(_offer_prompt(state, offer))
        elif seat not in state.negotiation_done:
            found.append(_seat_prompt(state, seat))
    return found


def _offer_prompt(state: PaxState, offer: TreatyOffer) -> Prompt:
    params = {"power": offer.sender, "kind": f"pax_treaty_{offer.kind}", "secret": _secrecy(offer)}
    choices = [
        Choice.of(
            AnswerOffer(offer=offer.id, accept=False),
            label=Msg(key="pax.label.refuse_treaty", params=params),
        ),
        Choice.of(
            AnswerOffer(offer=offer.id, accept=True),
            label=Msg(key="pax.label.sign_treaty", params=params),
        ),
    ]
    if offer.kind in KINDS:
        text = Msg(key="pax.prompt.treaty_offer", params={**params, "to": offer.to})
    else:
        text = clauses.offer_text(state, offer)
    seat = seat_of(state, offer.to)
    assert seat is not None
    return Prompt(seat=seat, kind="treaty_offer", text=text, choices=choices, private=True)


def _secrecy(offer: TreatyOffer | ProposeTreaty) -> str:
    return "pax_treaty_secret" if offer.secret else "pax_treaty_public"


def _seat_prompt(state: PaxState, seat: str) -> Prompt:
    choices = [Choice.of(EndNegotiation(), label=Msg(key="pax.label.end_negotiation"))]
    choices += [_proposal_choice(seat, p) for p in proposals(state, seat)]
    choices += clauses.choices(state, seat)
    choices += [_withdrawal_choice(state, w) for w in withdrawals(state, seat)]
    text = Msg(key="pax.prompt.negotiation", params={"power": seat, "tension": state.tension})
    return Prompt(seat=seat, kind="negotiation", text=text, choices=choices, private=True)


def proposals(state: PaxState, seat: str) -> list[ProposeTreaty]:
    """The treaties `seat` may still offer, for each of its powers: to each other seat's
    powers, each kind they have not signed, while no offer of its own to that power waits
    for an answer. Austria-Hungary signs defensive alliances only (§4.8)."""
    if not may_offer(state, seat):
        return []
    waiting = waiting_partners(state, seat)
    others = [p for p in majors(state) if seat_of(state, p) not in (seat, None)]
    return [
        ProposeTreaty(power=power, to=to, kind=kind, secret=secret)
        for power in powers_of(state, seat)
        for to in others
        if to not in waiting
        for kind in KINDS
        if (kind == "defensive" or NON_OFFENSIVE not in (power, to))
        and not signed(state, power, to, kind)
        for secret in (False, True)
    ]


def _proposal_choice(seat: str, action: ProposeTreaty) -> Choice:
    params = {"to": action.to, "kind": f"pax_treaty_{action.kind}", "secret": _secrecy(action)}
    if action.power != seat:  # Germany's player offering on Austria-Hungary's behalf
        params["power"] = action.power
        return Choice.of(action, label=Msg(key="pax.label.propose_treaty_for", params=params))
    return Choice.of(action, label=Msg(key="pax.label.propose_treaty", params=params))


def withdrawals(state: PaxState, seat: str) -> list[Withdraw]:
    """§4.7: in each area of a casus belli held by or against one of `seat`'s powers, the
    power may remove its own control or influence marker (method 1 or 2), or turn its
    influence into an interest under another power's protectorate (method 2)."""
    found: list[Withdraw] = []
    for power in powers_of(state, seat):
        areas = sorted({c.area for c in state.casus_belli if power in (c.holder, c.target)})
        for area in areas:
            marker = marker_of(state, power, area)
            if marker is None or marker.level == "interest":
                continue
            found.append(Withdraw(power=power, area=area, to="none"))
            if marker.level == "influence" and _under_protectorate(state, marker):
                found.append(Withdraw(power=power, area=area, to="interest"))
    return found


def _under_protectorate(state: PaxState, marker: Marker) -> bool:
    others = [m for m in markers_in(state, marker.area) if m.power != marker.power]
    control = [m for m in others if m.is_control and m.established]
    return bool(control) and all(m.level == "protectorate" for m in control)


def _withdrawal_choice(state: PaxState, action: Withdraw) -> Choice:
    marker = marker_of(state, action.power, action.area)
    assert marker is not None
    params = {
        "power": action.power,
        "area": action.area,
        "level": f"pax_the_level_{marker.level}",
        "tension": _levels(marker, action.to) * game_data(state).tension.status_level,
    }
    key = "pax.label.withdraw_to_interest" if action.to == "interest" else "pax.label.withdraw"
    return Choice.of(action, label=Msg(key=key, params=params))


def _levels(marker: Marker, to: str) -> int:
    return marker.rank - (1 if to == "interest" else 0)


# -- handlers -------------------------------------------------------------------------------


def on_propose(ctx: StepContext[PaxState], seat: str, action: ProposeTreaty) -> None:
    state = ctx.state
    if action not in proposals(state, seat):
        raise IllegalAction("pax.error.treaty_not_offered")
    offer = TreatyOffer(
        id=state.next_treaty,
        sender=action.power,
        to=action.to,
        kind=action.kind,
        secret=action.secret,
    )
    file_offer(ctx, offer)


def on_answer(ctx: StepContext[PaxState], seat: str, action: AnswerOffer) -> None:
    state = ctx.state
    offer = next(
        (o for o in state.offers if o.id == action.offer and seat_of(state, o.to) == seat), None
    )
    if offer is None:
        raise IllegalAction("pax.error.no_such_offer")
    state.offers.remove(offer)
    if action.accept and offer.kind in KINDS:
        sign(ctx, offer)
    elif action.accept:
        clauses.agree(ctx, offer)
    else:
        ctx.emit(
            "pax.event.treaty_refused",
            readers(state, [offer.sender, offer.to]),
            power=offer.to,
            sender=offer.sender,
            kind=f"pax_treaty_{offer.kind}",
        )
    _close_if_over(ctx)


def on_withdraw(ctx: StepContext[PaxState], seat: str, action: Withdraw) -> None:
    """The marker goes (or becomes an interest), ET +1 a level (§4.7, blamed on the power
    should it reach 100), and the casus belli over the area by or against it end."""
    state = ctx.state
    if action not in withdrawals(state, seat):
        raise IllegalAction("pax.error.no_withdrawal", area=action.area)
    marker = marker_of(state, action.power, action.area)
    assert marker is not None
    levels = _levels(marker, action.to)
    if action.to == "interest":
        reduce_marker(ctx, marker, "interest", "negotiated")
    else:
        remove_marker(ctx, marker, "negotiated")
    state.casus_belli = [
        c
        for c in state.casus_belli
        if not (c.area == action.area and action.power in (c.holder, c.target))
    ]
    amount = levels * game_data(state).tension.status_level
    raise_tension(ctx, amount, "negotiated", action.power)


def on_end(ctx: StepContext[PaxState], seat: str, action: EndNegotiation) -> None:
    state = ctx.state
    if seat in state.negotiation_done:
        raise IllegalAction("pax.error.negotiation_over")
    state.negotiation_done.append(seat)
    _close_if_over(ctx)


def on_pay(ctx: StepContext[PaxState], seat: str, action: PayTreaty) -> None:
    if not clauses.settle_payment(ctx, seat, action):
        _close_if_over(ctx)


def _close_if_over(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    if state.offers or state.payments_due or set(state.seats) - set(state.negotiation_done):
        return
    ctx.emit("pax.event.negotiation_closes")
    ctx.enter("congress")


PHASE: Phase[PaxState] = Phase(
    name="negotiation",
    prompts=prompts,
    handlers={
        ProposeTreaty: on_propose,
        AnswerOffer: on_answer,
        Withdraw: on_withdraw,
        EndNegotiation: on_end,
        OfferPayment: clauses.on_offer_payment,
        OfferCession: clauses.on_offer_cession,
        OfferCodominion: clauses.on_offer_codominion,
        OfferVoid: clauses.on_offer_void,
        PayTreaty: on_pay,
    },
    enter=enter,
)
