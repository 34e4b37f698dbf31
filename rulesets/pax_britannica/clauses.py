"""Treaty clauses besides alliances, offered in the Negotiation phase (§4.7 method 4,
§4.8): payments of £ (once at signature, or also at every later Negotiation phase, where a
payment not made breaks the treaty), the cession of a status marker, a codominion by
agreement, and the voiding of a treaty by all its signatories. Each acts when the other
party signs; a secret payment treaty is told to its parties alone, while what changes on
the board (a cession, a codominion) is public like every marker."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, IntRange, Msg, Prompt, StepContext
from rulesets.pax_britannica.actions import (
    OfferCession,
    OfferCodominion,
    OfferPayment,
    OfferVoid,
    PayTreaty,
)
from rulesets.pax_britannica.holdings import counters_left
from rulesets.pax_britannica.offers import offer as ranged_choice
from rulesets.pax_britannica.state import (
    Marker,
    PaxState,
    Treaty,
    TreatyOffer,
    game_data,
    marker_of,
    markers_in,
    seat_of,
)
from rulesets.pax_britannica.treaties import (
    CLAUSE_LIMIT,
    breach,
    file_offer,
    may_offer,
    readers,
    sign,
    treaty_by_id,
    under_offer,
    waiting_partners,
)

CEDABLE = ("possession", "protectorate", "influence", "interest")  # never a state or dominion
LASTING = ("defensive", "offensive", "non_aggression", "payment")


# -- what a seat may offer ----------------------------------------------------------------


def partners(state: PaxState, seat: str) -> list[str]:
    """The other seats `seat` may make an offer to now."""
    if not may_offer(state, seat):
        return []
    waiting = waiting_partners(state, seat)
    return [to for to in state.seats if to != seat and to not in waiting]


def cessions(state: PaxState, seat: str) -> list[OfferCession]:
    """Each established marker of `seat`'s own below a state, to each partner with no
    marker in the area and a counter of that level left."""
    open_to = partners(state, seat)
    if not open_to:
        return []
    held = {(m.power, m.area) for m in state.markers}
    own = [m for m in state.markers if m.power == seat and m.established and m.level in CEDABLE]
    spare = {
        (to, level): counters_left(state, to, level) > 0
        for to in open_to
        for level in {m.level for m in own}
    }
    return [
        OfferCession(power=seat, to=to, area=m.area)
        for to in open_to
        for m in own
        if (to, m.area) not in held and spare[(to, m.level)]
    ]


def codominions(state: PaxState, seat: str) -> list[OfferCodominion]:
    """§4.7 method 4: an area where `seat` and a partner are the only holders of influence
    or control markers, one with an established protectorate or possession and the other
    with an established influence, which becomes a protectorate (a counter left)."""
    open_to = set(partners(state, seat))
    if not open_to:
        return []
    found: list[OfferCodominion] = []
    for area in sorted({m.area for m in state.markers if m.power == seat}):
        others = {m.power for m in markers_in(state, area) if m.level != "interest"} - {seat}
        if len(others) != 1 or not others <= open_to:
            continue
        [to] = others
        if codominion_upgrade(state, seat, to, area) is not None:
            found.append(OfferCodominion(power=seat, to=to, area=area))
    return found


def codominion_upgrade(state: PaxState, a: str, b: str, area: str) -> Marker | None:
    """The influence that a codominion of `a` and `b` in `area` raises, if they may agree one."""
    held = [m for m in markers_in(state, area) if m.level != "interest"]
    if {m.power for m in held} != {a, b} or not all(m.established for m in held):
        return None
    levels = sorted(m.level for m in held)
    if levels not in (["influence", "protectorate"], ["influence", "possession"]):
        return None
    influence = next(m for m in held if m.level == "influence")
    return influence if counters_left(state, influence.power, "protectorate") else None


def voidable(state: PaxState, seat: str) -> list[OfferVoid]:
    """The treaties `seat` may offer to void: none under a claim of breach (claims.py)."""
    open_to = set(partners(state, seat))
    claimed = {c.treaty for c in state.claims} | under_offer(state)  # one change at a time
    return [
        OfferVoid(power=seat, treaty=t.id)
        for t in state.treaties
        if seat in t.parties and set(t.parties) - {seat} <= open_to and t.id not in claimed
    ]


def choices(state: PaxState, seat: str) -> list[Choice]:
    """The clause offers of the seat's negotiation prompt, each naming what it gives, but
    the cessions, which negotiation.py lists by level (`cession_choice`)."""
    found = _payment_choices(state, seat)
    cost = game_data(state).costs.codominion_upgrade
    for action in codominions(state, seat):
        raised = codominion_upgrade(state, action.power, action.to, action.area)
        assert raised is not None
        params = {"to": action.to, "area": action.area, "payer": raised.power, "cost": cost}
        label = Msg(key="pax.label.offer_codominion", params=params)
        found.append(Choice.of(action, label=label).with_texts(clause=CLAUSE_LIMIT))
    for void in voidable(state, seat):
        treaty = treaty_by_id(state, void.treaty)
        assert treaty is not None
        params = {
            "to": [p for p in treaty.parties if p != seat],
            "kind": f"pax_treaty_{treaty.kind}",
            "turn": treaty.turn + 1,
        }
        label = Msg(key="pax.label.offer_void", params=params)
        found.append(Choice.of(void, label=label).with_texts(clause=CLAUSE_LIMIT))
    return found


def _payment_choices(state: PaxState, seat: str) -> list[Choice]:
    treasury = state.powers[seat].treasury
    if treasury <= 0:
        return []
    return [
        ranged_choice(
            "offer_payment",
            "pax.label.offer_payment",
            {"to": to, "schedule": _schedule(per_turn), "secret": _secrecy(secret)},
            {"amount": IntRange(low=1, high=treasury)},
            power=seat,
            to=to,
            per_turn=per_turn,
            secret=secret,
        ).with_texts(clause=CLAUSE_LIMIT)
        for to in partners(state, seat)
        for per_turn in (False, True)
        for secret in (False, True)
    ]


def cession_choice(state: PaxState, action: OfferCession) -> Choice:
    marker = marker_of(state, action.power, action.area)
    assert marker is not None
    params = {"to": action.to, "area": action.area, "level": f"pax_the_level_{marker.level}"}
    label = Msg(key="pax.label.offer_cession", params=params)
    return Choice.of(action, label=label).with_texts(clause=CLAUSE_LIMIT)


def _schedule(per_turn: bool) -> str:
    return "pax_payment_per_turn" if per_turn else "pax_payment_once"


def _secrecy(secret: bool) -> str:
    return "pax_treaty_secret" if secret else "pax_treaty_public"


# -- the offer's prompt text ------------------------------------------------------------------


def offer_text(state: PaxState, offer: TreatyOffer) -> Msg:
    """What the recipient reads of a clause offer (`pax.prompt.treaty_offer` for alliances)."""
    params: dict[str, object] = {"power": offer.sender, "to": offer.to}
    if offer.kind == "payment":
        extra = {
            "amount": offer.amount,
            "schedule": _schedule(offer.per_turn),
            "secret": _secrecy(offer.secret),
        }
        return Msg(key="pax.prompt.payment_offer", params={**params, **extra})
    if offer.kind == "cession":
        marker = marker_of(state, offer.sender, offer.area)
        level = f"pax_the_level_{marker.level}" if marker else "pax_the_level_None"
        return Msg(
            key="pax.prompt.cession_offer", params={**params, "area": offer.area, "level": level}
        )
    if offer.kind == "codominion":
        raised = codominion_upgrade(state, offer.sender, offer.to, offer.area)
        extra = {
            "area": offer.area,
            "payer": raised.power if raised else offer.to,
            "cost": game_data(state).costs.codominion_upgrade,
        }
        return Msg(key="pax.prompt.codominion_offer", params={**params, **extra})
    treaty = treaty_by_id(state, offer.treaty)
    kind = f"pax_treaty_{treaty.kind}" if treaty else "pax_treaty_void"
    turn = treaty.turn + 1 if treaty else state.turn + 1
    return Msg(key="pax.prompt.void_offer", params={**params, "kind": kind, "turn": turn})


# -- offering ---------------------------------------------------------------------------------


def _new_offer(state: PaxState, seat: str, to: str, **terms: object) -> TreatyOffer:
    return TreatyOffer.model_validate(
        {"id": state.next_treaty, "sender": seat, "to": to, "secret": False, **terms}
    )


def written_clause(action: OfferPayment | OfferCession | OfferCodominion | OfferVoid) -> str:
    """The free-text clause typed with a clause offer (§4.8), refused beyond the cap."""
    clause = action.clause.strip()
    if len(clause) > CLAUSE_LIMIT:
        raise IllegalAction("pax.error.clause_too_long", limit=CLAUSE_LIMIT)
    return clause


def on_offer_payment(ctx: StepContext[PaxState], seat: str, action: OfferPayment) -> None:
    state = ctx.state
    treasury = state.powers[seat].treasury if seat in state.powers else 0
    legal = action.power == seat and action.to in partners(state, seat)
    if not legal or not 1 <= action.amount <= treasury:
        raise IllegalAction("pax.error.clause_not_offered")
    terms = {
        "amount": action.amount,
        "per_turn": action.per_turn,
        "secret": action.secret,
        "clause": written_clause(action),
    }
    file_offer(ctx, _new_offer(state, seat, action.to, kind="payment", **terms))


def on_offer_cession(ctx: StepContext[PaxState], seat: str, action: OfferCession) -> None:
    if action.model_copy(update={"clause": ""}) not in cessions(ctx.state, seat):
        raise IllegalAction("pax.error.clause_not_offered")
    clause = written_clause(action)
    offer = _new_offer(ctx.state, seat, action.to, kind="cession", area=action.area, clause=clause)
    file_offer(ctx, offer)


def on_offer_codominion(ctx: StepContext[PaxState], seat: str, action: OfferCodominion) -> None:
    if action.model_copy(update={"clause": ""}) not in codominions(ctx.state, seat):
        raise IllegalAction("pax.error.clause_not_offered")
    clause = written_clause(action)
    terms = {"kind": "codominion", "area": action.area, "clause": clause}
    file_offer(ctx, _new_offer(ctx.state, seat, action.to, **terms))


def on_offer_void(ctx: StepContext[PaxState], seat: str, action: OfferVoid) -> None:
    state = ctx.state
    treaty = treaty_by_id(state, action.treaty)
    if action.model_copy(update={"clause": ""}) not in voidable(state, seat) or treaty is None:
        raise IllegalAction("pax.error.clause_not_offered")
    others = [p for p in treaty.parties if p != seat]  # all sign (memberships.py: N parties)
    terms = {"treaty": treaty.id, "secret": treaty.secret, "answering": others[1:] and others}
    offer = _new_offer(state, seat, others[0], kind="void", clause=written_clause(action), **terms)
    file_offer(ctx, offer)


# -- signing ----------------------------------------------------------------------------------


def agree(ctx: StepContext[PaxState], offer: TreatyOffer) -> bool:
    """The recipient signed a clause offer: it acts at once, unless what it needs is gone
    since it was offered (the offer then lapses, told to its parties: False)."""
    state = ctx.state
    if offer.kind == "payment":
        return _agree_payment(ctx, offer)
    if offer.kind == "cession":
        return _agree_cession(ctx, offer)
    if offer.kind == "codominion":
        return _agree_codominion(ctx, offer)
    treaty = treaty_by_id(state, offer.treaty)
    if treaty is None:
        _lapse(ctx, offer)
        return False
    state.treaties.remove(treaty)
    state.payments_due = [t for t in state.payments_due if t != treaty.id]
    ctx.emit(
        "pax.event.treaty_voided",
        readers(state, treaty.parties) if treaty.secret else None,
        parties=list(treaty.parties),
        kind=f"pax_treaty_{treaty.kind}",
    )
    return True


def _lapse(ctx: StepContext[PaxState], offer: TreatyOffer) -> None:
    ctx.emit(
        "pax.event.treaty_lapsed",
        readers(ctx.state, [offer.sender, offer.to]),
        power=offer.sender,
        to=offer.to,
        kind=f"pax_treaty_{offer.kind}",
    )


def _agree_payment(ctx: StepContext[PaxState], offer: TreatyOffer) -> bool:
    """The first payment is made at signature; a treaty paying each turn stays in force."""
    state = ctx.state
    if state.powers[offer.sender].treasury < offer.amount:
        _lapse(ctx, offer)
        return False
    if offer.per_turn:
        treaty = sign(ctx, offer)
    else:
        treaty = Treaty(
            id=0,
            kind="payment",
            parties=[offer.sender, offer.to],
            secret=offer.secret,
            turn=state.turn,
            amount=offer.amount,
        )
        key = "pax.event.treaty_signed_secretly" if offer.secret else "pax.event.treaty_signed"
        ctx.emit(
            key,
            readers(state, treaty.parties) if offer.secret else None,
            power=offer.sender,
            other=offer.to,
            kind="pax_treaty_payment",
        )
    pay(ctx, treaty)
    return True


def pay(ctx: StepContext[PaxState], treaty: Treaty) -> None:
    state = ctx.state
    payer, payee = treaty.parties
    state.powers[payer].treasury -= treaty.amount
    state.powers[payee].treasury += treaty.amount
    ctx.emit(
        "pax.event.treaty_payment",
        readers(state, treaty.parties) if treaty.secret else None,
        power=payer,
        to=payee,
        amount=treaty.amount,
    )


def _agree_cession(ctx: StepContext[PaxState], offer: TreatyOffer) -> bool:
    """The giver's marker becomes the same marker of the receiver (§4.7 method 3's gift,
    here by treaty): no £, no ET, established as it was."""
    state = ctx.state
    marker = marker_of(state, offer.sender, offer.area)
    if (
        marker is None
        or marker.level not in CEDABLE
        or marker_of(state, offer.to, offer.area) is not None
        or not counters_left(state, offer.to, marker.level)
    ):
        _lapse(ctx, offer)
        return False
    marker.power = offer.to
    ctx.emit(
        "pax.event.marker_ceded",
        power=offer.sender,
        to=offer.to,
        area=offer.area,
        level=f"pax_the_level_{marker.level}",
    )
    return True


def _agree_codominion(ctx: StepContext[PaxState], offer: TreatyOffer) -> bool:
    """§4.7 method 4 / §4.4.10: the influence holder pays 10 £ and its marker becomes an
    established protectorate beside the other's control marker."""
    state = ctx.state
    raised = codominion_upgrade(state, offer.sender, offer.to, offer.area)
    cost = game_data(state).costs.codominion_upgrade
    if raised is None or state.powers[raised.power].treasury < cost:
        _lapse(ctx, offer)
        return False
    state.powers[raised.power].treasury -= cost
    raised.level = "protectorate"
    ctx.emit(
        "pax.event.codominion_agreed",
        power=offer.sender,
        other=offer.to,
        area=offer.area,
        payer=raised.power,
        cost=cost,
    )

    # -- payments each turn -----------------------------------------------------------------------
    return True


def open_payments(state: PaxState) -> None:
    """At each Negotiation phase after its signature, a payment treaty falls due."""
    state.payments_due = [
        t.id for t in state.treaties if t.kind == "payment" and t.turn < state.turn
    ]


def payment_prompt(state: PaxState, seat: str) -> Prompt | None:
    """The seat's first payment due: pay (the default, when the treasury holds it) or
    stop paying, which breaks the treaty. Private, like every negotiation prompt."""
    for treaty_id in state.payments_due:
        treaty = treaty_by_id(state, treaty_id)
        if treaty is None or seat_of(state, treaty.parties[0]) != seat:
            continue
        payer, payee = treaty.parties
        treasury = state.powers[payer].treasury
        tension = game_data(state).tension.treaty_broken
        params = {"power": payer, "to": payee, "amount": treaty.amount}
        stop = Choice.of(
            PayTreaty(treaty=treaty.id, pay=False),
            label=Msg(key="pax.label.stop_paying", params={**params, "tension": tension}),
        )
        pays = Choice.of(
            PayTreaty(treaty=treaty.id, pay=True),
            label=Msg(key="pax.label.pay_treaty", params=params),
        )
        found = [pays, stop] if treasury >= treaty.amount else [stop]
        text = Msg(
            key="pax.prompt.treaty_payment",
            params={**params, "treasury": treasury, "turn": treaty.turn + 1},
        )
        return Prompt(seat=seat, kind="treaty_payment", text=text, choices=found, private=True)
    return None


def settle_payment(ctx: StepContext[PaxState], seat: str, action: PayTreaty) -> bool:
    """Paid, or not: a payment not made breaks the treaty (§4.8: ET +5, and the payee gains
    a casus belli against the payer, over the payer's home nation). True when the ET this
    raises starts the Great War."""
    state = ctx.state
    treaty = treaty_by_id(state, action.treaty)
    due = treaty is not None and action.treaty in state.payments_due
    if treaty is None or not due or seat_of(state, treaty.parties[0]) != seat:
        raise IllegalAction("pax.error.no_payment_due")
    payer = treaty.parties[0]
    if action.pay and state.powers[payer].treasury < treaty.amount:
        raise IllegalAction("pax.error.payment_unaffordable", amount=treaty.amount)
    state.payments_due.remove(treaty.id)
    if action.pay:
        pay(ctx, treaty)
        return False
    return breach(ctx, treaty, payer, payer)
