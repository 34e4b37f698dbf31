"""The Negotiation phase (§4.7–4.8), with the option `war_declarations`: every seat, in
private (its prompts go by DM), may offer treaties to the other powers (with a free-text
clause if it likes), claim a breach of one (claims.py), answer the offers and claims made
to it, and settle a dispute by reducing its own marker (§4.7 methods 1 and 2, ET +1 a
level). Its prompt is a short menu (end, one topic a partner power, the disputes) that
opens a second prompt with the topic's offers, so that none lists more than a select
holds. Its opening runs Courier's checks of the checked clauses (treaty_checks.py). The
phase closes once every seat has finished and every offer and claim is answered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica import (
    accords,
    checked_clauses,
    claims,
    clauses,
    memberships,
    treaty_bonuses,
    treaty_checks,
)
from rulesets.pax_britannica.actions import (
    AnswerClaim,
    AnswerOffer,
    ClaimBreach,
    CloseNegotiation,
    EndNegotiation,
    JudgeClaim,
    OfferAccession,
    OfferCession,
    OfferCodominion,
    OfferMarkerBan,
    OfferPayment,
    OfferUnitLimit,
    OfferVoid,
    OfferWithdrawal,
    OpenNegotiation,
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
    CLAUSE_LIMIT,
    awaited,
    file_offer,
    may_offer,
    offer_powers,
    readers,
    sign,
    signed,
    treaty_by_id,
    waiting_partners,
)

KINDS = ("defensive", "offensive", "non_aggression")
NON_OFFENSIVE = "austria_hungary"  # §4.8: signs defensive treaties only, by Germany's hand
DISPUTES = "disputes"  # the menu topic of the settlements of disputes (§4.7)
CEDE = "cede/"  # the topics of cessions, by partner and level: "cede/<power>/<level>"


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    state.negotiation_done, state.proposals, state.offers = [], {}, []
    state.negotiation_menus, state.claims = {}, []
    clauses.open_payments(state)
    ctx.emit("pax.event.negotiation_opens")
    treaty_checks.run(ctx)


# -- prompts --------------------------------------------------------------------------------


def prompts(state: PaxState) -> list[Prompt]:
    if state.finished:
        return []
    found: list[Prompt] = []
    for seat in state.seats:
        offer = next((o for o in state.offers if _reader(state, o, seat)), None)
        payment = clauses.payment_prompt(state, seat)
        claim = claims.prompt(state, seat)
        if payment is not None:
            found.append(payment)
        elif claim is not None:
            found.append(claim)
        elif offer is not None:
            found.append(_offer_prompt(state, offer, seat))
        elif seat not in state.negotiation_done:
            found.append(_seat_prompt(state, seat))
    return found


def _reader(state: PaxState, offer: TreatyOffer, seat: str) -> str | None:
    """The power of `seat`'s whose signature the offer waits on, if any."""
    return next((p for p in awaited(offer) if seat_of(state, p) == seat), None)


def _offer_prompt(state: PaxState, offer: TreatyOffer, seat: str) -> Prompt:
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
    if offer.kind in KINDS and offer.clause:
        extra = {"to": offer.to, "note": offer.clause}
        text = Msg(key="pax.prompt.treaty_offer_clause", params={**params, **extra})
    elif offer.kind in KINDS:
        text = Msg(key="pax.prompt.treaty_offer", params={**params, "to": offer.to})
    elif offer.kind in ("accession", "withdrawal"):
        text = memberships.offer_text(state, offer, _reader(state, offer, seat) or offer.to)
    elif offer.kind in checked_clauses.KINDS:
        text = _with_clause(checked_clauses.offer_text(offer), offer)
    else:  # addressed to the reader (one of several parties asked to void a treaty)
        reader = _reader(state, offer, seat) or offer.to
        text = _with_clause(
            clauses.offer_text(state, offer.model_copy(update={"to": reader})), offer
        )
    return Prompt(seat=seat, kind="treaty_offer", text=text, choices=choices, private=True)


def _with_clause(text: Msg, offer: TreatyOffer) -> Msg:
    """A clause offer's text, with the free-text clause its proposer wrote (`<key>_clause`)."""
    if not offer.clause:
        return text
    return Msg(key=f"{text.key}_clause", params={**text.params, "note": offer.clause})


def _secrecy(offer: TreatyOffer | ProposeTreaty) -> str:
    return "pax_treaty_secret" if offer.secret else "pax_treaty_public"


def _seat_prompt(state: PaxState, seat: str) -> Prompt:
    """The first menu (end, then each topic that has something to offer), or the second
    prompt of the topic the seat opened."""
    topic = state.negotiation_menus.get(seat)
    if topic is not None:
        return _topic_prompt(state, seat, topic)
    choices = [Choice.of(EndNegotiation(), label=Msg(key="pax.label.end_negotiation"))]
    for power, offers in _by_partner(state, seat).items():
        if offers:
            label = Msg(key="pax.label.negotiate_with", params={"power": power})
            choices.append(Choice.of(OpenNegotiation(topic=power), label=label))
    settlements = withdrawals(state, seat)
    if settlements:
        params = {"count": len(settlements)}
        label = Msg(key="pax.label.open_disputes", params=params)
        choices.append(Choice.of(OpenNegotiation(topic=DISPUTES), label=label))
    text = Msg(key="pax.prompt.negotiation", params={"power": seat, "tension": state.tension})
    return Prompt(seat=seat, kind="negotiation", text=text, choices=choices, private=True)


def _topic_prompt(state: PaxState, seat: str, topic: str) -> Prompt:
    back = Choice.of(CloseNegotiation(), label=Msg(key="pax.label.close_negotiation"))
    if topic == DISPUTES:
        found = [_withdrawal_choice(state, w) for w in withdrawals(state, seat)]
        text = Msg(key="pax.prompt.negotiation_disputes", params={"power": seat})
    elif topic.startswith(checked_clauses.TOPIC):
        found = checked_clauses.topic_choices(state, seat, topic) or []
        partner = checked_clauses.topic_partner(topic)
        text = Msg(key="pax.prompt.negotiation_partner", params={"power": seat, "to": partner})
    elif topic.startswith(CEDE):
        partner, level = topic.removeprefix(CEDE).split("/")
        cessions = _cessions(state, seat, partner, level)
        found = [clauses.cession_choice(state, c) for c in cessions]
        text = Msg(key="pax.prompt.negotiation_partner", params={"power": seat, "to": partner})
    else:
        found = _by_partner(state, seat).get(topic, [])
        text = Msg(key="pax.prompt.negotiation_partner", params={"power": seat, "to": topic})
    return Prompt(seat=seat, kind="negotiation", text=text, choices=[back, *found], private=True)


def _partner_powers(state: PaxState, seat: str) -> list[str]:
    return [p for p in majors(state) if seat_of(state, p) not in (seat, None)]


def _by_partner(state: PaxState, seat: str) -> dict[str, list[Choice]]:
    """What `seat` may offer or claim with each partner power, built once for every
    partner: treaties (each with room for a free-text clause), clauses, the openers of the
    cessions by level, and claims of breach of a treaty between them."""
    found: dict[str, list[Choice]] = {power: [] for power in _partner_powers(state, seat)}
    for proposal in proposals(state, seat):
        found.setdefault(proposal.to, []).append(
            _proposal_choice(seat, proposal).with_texts(clause=CLAUSE_LIMIT)
        )
    for choice in clauses.choices(state, seat):
        for partner in _concerned(state, choice):
            found.setdefault(partner, []).append(choice)
    counts: dict[tuple[str, str], int] = {}
    for cession in clauses.cessions(state, seat):
        key = (cession.to, _level(state, cession))
        counts[key] = counts.get(key, 0) + 1
    for (partner, level), count in counts.items():
        params = {"to": partner, "level": f"pax_a_level_{level}", "count": count}
        label = Msg(key="pax.label.open_cessions", params=params)
        opener = OpenNegotiation(topic=_cession_topic(partner, level))
        found.setdefault(partner, []).append(Choice.of(opener, label=label))
    for partner in found:
        checked = checked_clauses.opener(state, seat, partner)
        if checked is not None:
            found[partner].append(checked)
    for claim in claims.claimable(state, seat):
        treaty = treaty_by_id(state, claim.treaty)
        assert treaty is not None
        accused = claims.accused_of(treaty, claim)
        found.setdefault(accused, []).append(claims.choice(state, claim))
    for change in memberships.accessions(state, seat) + memberships.withdrawals(state, seat):
        for partner in memberships.concerned(state, seat, change):
            found.setdefault(partner, []).append(memberships.choice(state, change))
    return found


def _cessions(state: PaxState, seat: str, partner: str, level: str) -> list[OfferCession]:
    return [
        c for c in clauses.cessions(state, seat) if c.to == partner and _level(state, c) == level
    ]


def _level(state: PaxState, cession: OfferCession) -> str:
    marker = marker_of(state, cession.power, cession.area)
    return marker.level if marker else ""


def _cession_topic(partner: str, level: str) -> str:
    """The topic of the markers of one level that `seat` may cede to `partner` (a third
    prompt: a power with many markers would overflow its partner's list)."""
    return f"{CEDE}{partner}/{level}"


def _concerned(state: PaxState, choice: Choice) -> list[str]:
    """The partner a clause offer is made to (a void offer names the treaty instead)."""
    if "to" in choice.action:
        return [str(choice.action["to"])]
    treaty = treaty_by_id(state, int(choice.action["treaty"]))
    return [p for p in treaty.parties if p != choice.action["power"]] if treaty else []


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
    clause = action.clause.strip()
    if action.model_copy(update={"clause": ""}) not in proposals(state, seat):
        raise IllegalAction("pax.error.treaty_not_offered")
    if len(clause) > CLAUSE_LIMIT:
        raise IllegalAction("pax.error.clause_too_long", limit=CLAUSE_LIMIT)
    offer = TreatyOffer(
        id=state.next_treaty,
        sender=action.power,
        to=action.to,
        kind=action.kind,
        secret=action.secret,
        clause=clause,
    )
    file_offer(ctx, offer)


def on_answer(ctx: StepContext[PaxState], seat: str, action: AnswerOffer) -> None:
    state = ctx.state
    offer = next(
        (o for o in state.offers if o.id == action.offer and _reader(state, o, seat)), None
    )
    if offer is None:
        raise IllegalAction("pax.error.no_such_offer")
    reader = _reader(state, offer, seat) or offer.to
    still = [p for p in awaited(offer) if seat_of(state, p) != seat]
    if action.accept and still:  # an offer several powers sign waits for the others
        offer.answering = still
        ctx.emit(
            "pax.event.treaty_agreed",
            readers(state, offer_powers(state, offer)),
            power=reader,
            sender=offer.sender,
            kind=f"pax_treaty_{offer.kind}",
        )
        return
    state.offers.remove(offer)
    if action.accept and offer.kind in KINDS:
        sign(ctx, offer)
    elif action.accept and offer.kind in ("accession", "withdrawal"):
        memberships.agree(ctx, offer)
    elif action.accept and offer.kind in checked_clauses.KINDS:
        checked_clauses.agree(ctx, offer)
    elif action.accept:
        if clauses.agree(ctx, offer):
            accords.keep_clause(ctx, offer)
    else:
        ctx.emit(
            "pax.event.treaty_refused",
            readers(state, offer_powers(state, offer)),
            power=reader,
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


def on_open(ctx: StepContext[PaxState], seat: str, action: OpenNegotiation) -> None:
    state = ctx.state
    open_to = action.topic in _partner_powers(state, seat)
    if action.topic.startswith(CEDE):
        partner, _, level = action.topic.removeprefix(CEDE).partition("/")
        open_to = bool(_cessions(state, seat, partner, level))
    open_to = open_to or checked_clauses.is_topic(state, seat, action.topic)
    if not (open_to or (action.topic == DISPUTES and withdrawals(state, seat))):
        raise IllegalAction("pax.error.no_negotiation_topic")
    state.negotiation_menus[seat] = action.topic


def on_close(ctx: StepContext[PaxState], seat: str, action: CloseNegotiation) -> None:
    ctx.state.negotiation_menus.pop(seat, None)


def on_claim_answer(ctx: StepContext[PaxState], seat: str, action: AnswerClaim) -> None:
    if not claims.on_answer(ctx, seat, action):
        _close_if_over(ctx)


def on_judge(ctx: StepContext[PaxState], seat: str, action: JudgeClaim) -> None:
    if not claims.on_judge(ctx, seat, action):
        _close_if_over(ctx)


def _back_to_menu(handler: Callable[[StepContext[PaxState], str, Any], None]) -> Any:
    """The handler of an act chosen in a topic's prompt, which then shows the first menu."""

    def handle(ctx: StepContext[PaxState], seat: str, action: Any) -> None:
        handler(ctx, seat, action)
        ctx.state.negotiation_menus.pop(seat, None)

    return handle


def _close_if_over(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    if state.finished:
        return
    waiting = state.offers or state.payments_due or state.claims
    if waiting or set(state.seats) - set(state.negotiation_done):
        return
    ctx.emit("pax.event.negotiation_closes")
    treaty_bonuses.award(ctx)
    ctx.enter("congress")


PHASE: Phase[PaxState] = Phase(
    name="negotiation",
    prompts=prompts,
    handlers={
        ProposeTreaty: _back_to_menu(on_propose),
        AnswerOffer: on_answer,
        Withdraw: _back_to_menu(on_withdraw),
        EndNegotiation: on_end,
        OpenNegotiation: on_open,
        CloseNegotiation: on_close,
        OfferPayment: _back_to_menu(clauses.on_offer_payment),
        OfferCession: _back_to_menu(clauses.on_offer_cession),
        OfferCodominion: _back_to_menu(clauses.on_offer_codominion),
        OfferVoid: _back_to_menu(clauses.on_offer_void),
        OfferAccession: _back_to_menu(memberships.on_offer_accession),
        OfferWithdrawal: _back_to_menu(memberships.on_offer_withdrawal),
        OfferMarkerBan: _back_to_menu(checked_clauses.on_offer_marker_ban),
        OfferUnitLimit: _back_to_menu(checked_clauses.on_offer_unit_limit),
        ClaimBreach: _back_to_menu(claims.on_claim),
        AnswerClaim: on_claim_answer,
        JudgeClaim: on_judge,
        PayTreaty: on_pay,
    },
    enter=enter,
)
