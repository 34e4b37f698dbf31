"""Who is party to a treaty (§4.8 "signed by every party"; "Changes"): a party to an
alliance or a non-aggression pact may offer a third power accession, and a party may ask
to withdraw. Both are offers of the Negotiation phase that every other party (and, for an
accession, the joining power) must sign in private, refusal first: a missed deadline
refuses. A secret treaty stays known to its parties; the power offered accession learns
it with the offer. A withdrawal agreed leaves the treaty in force for the others, or ends
it when a single party would remain."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, StepContext
from rulesets.pax_britannica.actions import OfferAccession, OfferWithdrawal
from rulesets.pax_britannica.state import (
    PaxState,
    Treaty,
    TreatyOffer,
    majors,
    powers_of,
    seat_of,
)
from rulesets.pax_britannica.treaties import (
    file_offer,
    may_offer,
    readers,
    treaty_by_id,
    under_offer,
    waiting_partners,
)

JOINABLE = ("defensive", "offensive", "non_aggression")  # alliances and pacts
NON_OFFENSIVE = "austria_hungary"  # §4.8: signs defensive treaties only


def _open_treaties(state: PaxState, power: str) -> list[Treaty]:
    """The alliances and pacts `power` is party to, none under a claim of breach or an
    offer to change it."""
    claimed = {c.treaty for c in state.claims} | under_offer(state)
    return [
        t
        for t in state.treaties
        if t.kind in JOINABLE and power in t.parties and t.id not in claimed
    ]


def _others(state: PaxState, seat: str, powers: list[str]) -> list[str]:
    """The powers among `powers` that another seat plays (the offering seat signs by
    offering)."""
    return [p for p in powers if seat_of(state, p) not in (seat, None)]


def accessions(state: PaxState, seat: str) -> list[OfferAccession]:
    """For each alliance or pact of `seat`'s powers, each great power of another seat not
    yet a party (Austria-Hungary to defensive alliances only), while the seat may offer and
    has no offer waiting on that power."""
    if not may_offer(state, seat):
        return []
    waiting = waiting_partners(state, seat)
    outsiders = [p for p in majors(state) if seat_of(state, p) not in (seat, None)]
    return [
        OfferAccession(power=power, treaty=t.id, to=to)
        for power in powers_of(state, seat)
        for t in _open_treaties(state, power)
        for to in outsiders
        if to not in t.parties
        and to not in waiting
        and (t.kind == "defensive" or to != NON_OFFENSIVE)
    ]


def withdrawals(state: PaxState, seat: str) -> list[OfferWithdrawal]:
    """For each alliance or pact of `seat`'s powers that another seat's power signed, the
    request to leave it, while the seat may offer and waits on none of those powers."""
    if not may_offer(state, seat):
        return []
    waiting = waiting_partners(state, seat)
    return [
        OfferWithdrawal(power=power, treaty=t.id)
        for power in powers_of(state, seat)
        for t in _open_treaties(state, power)
        if (others := _others(state, seat, t.parties)) and not set(others) & waiting
    ]


def _treaty_params(treaty: Treaty) -> dict[str, object]:
    return {
        "parties": list(treaty.parties),
        "kind": f"pax_treaty_{treaty.kind}",
        "turn": treaty.turn + 1,
        "secret": "pax_treaty_secret" if treaty.secret else "pax_treaty_public",
    }


def choice(state: PaxState, action: OfferAccession | OfferWithdrawal) -> Choice:
    """The offer as the seat's negotiation prompt lists it, naming the treaty (its parties,
    kind, turn and secrecy); it costs nothing."""
    treaty = treaty_by_id(state, action.treaty)
    assert treaty is not None
    params = {**_treaty_params(treaty), "power": action.power}
    if isinstance(action, OfferAccession):
        label = Msg(key="pax.label.offer_accession", params={**params, "to": action.to})
    else:
        others = [p for p in treaty.parties if p != action.power]
        label = Msg(key="pax.label.offer_withdrawal", params={**params, "parties": others})
    return Choice.of(action, label=label)


def concerned(state: PaxState, seat: str, action: OfferAccession | OfferWithdrawal) -> list[str]:
    """The partner powers whose negotiation topic lists the offer: the joining power, or
    every other party of another seat."""
    if isinstance(action, OfferAccession):
        return [action.to]
    treaty = treaty_by_id(state, action.treaty)
    return _others(state, seat, treaty.parties) if treaty else []


def offer_text(state: PaxState, offer: TreatyOffer, reader: str) -> Msg:
    """What `reader` reads of an accession or a withdrawal offered to it."""
    treaty = treaty_by_id(state, offer.treaty)
    params: dict[str, object] = {"power": offer.sender, "to": offer.to, "reader": reader}
    if treaty is not None:
        params |= {**_treaty_params(treaty), "note": treaty.clause}
    if offer.kind == "withdrawal":
        return Msg(key="pax.prompt.withdrawal_offer", params=params)
    key = (
        "pax.prompt.accession_offer_clause"
        if treaty and treaty.clause
        else "pax.prompt.accession_offer"
    )
    return Msg(key=key, params=params)


# -- offering ---------------------------------------------------------------------------------


def on_offer_accession(ctx: StepContext[PaxState], seat: str, action: OfferAccession) -> None:
    state = ctx.state
    treaty = treaty_by_id(state, action.treaty)
    if action not in accessions(state, seat) or treaty is None:
        raise IllegalAction("pax.error.clause_not_offered")
    answering = list(dict.fromkeys([action.to, *_others(state, seat, treaty.parties)]))
    file_offer(ctx, _offer(state, action.power, action.to, "accession", treaty, answering))


def on_offer_withdrawal(ctx: StepContext[PaxState], seat: str, action: OfferWithdrawal) -> None:
    state = ctx.state
    treaty = treaty_by_id(state, action.treaty)
    if action not in withdrawals(state, seat) or treaty is None:
        raise IllegalAction("pax.error.clause_not_offered")
    others = _others(state, seat, treaty.parties)
    file_offer(ctx, _offer(state, action.power, others[0], "withdrawal", treaty, others))


def _offer(
    state: PaxState, sender: str, to: str, kind: str, treaty: Treaty, answering: list[str]
) -> TreatyOffer:
    return TreatyOffer.model_validate(
        {
            "id": state.next_treaty,
            "sender": sender,
            "to": to,
            "kind": kind,
            "secret": treaty.secret,
            "treaty": treaty.id,
            "answering": answering,
        }
    )


# -- signing ----------------------------------------------------------------------------------


def agree(ctx: StepContext[PaxState], offer: TreatyOffer) -> None:
    """Every power asked signed: the joining power becomes a party, or the withdrawing one
    leaves. Told to everyone for a public treaty, to its parties (old and new) for a secret
    one. Lapses, told to those concerned, when the treaty or the party is gone meanwhile."""
    state = ctx.state
    treaty = treaty_by_id(state, offer.treaty)
    if offer.kind == "accession":
        valid = treaty is not None and offer.to not in treaty.parties
    else:
        valid = treaty is not None and offer.sender in treaty.parties
    if treaty is None or not valid:
        ctx.emit(
            "pax.event.treaty_lapsed",
            readers(state, [offer.sender, offer.to, *offer.answering]),
            power=offer.sender,
            to=offer.to,
            kind=f"pax_treaty_{offer.kind}",
        )
        return
    before = list(treaty.parties)
    audience = readers(state, [*before, offer.to]) if treaty.secret else None
    kind = f"pax_treaty_{treaty.kind}"
    if offer.kind == "accession":
        treaty.parties.append(offer.to)
        ctx.emit("pax.event.treaty_joined", audience, power=offer.to, parties=before, kind=kind)
        return
    treaty.parties.remove(offer.sender)
    if len(treaty.parties) < 2:
        state.treaties.remove(treaty)
        ctx.emit(
            "pax.event.treaty_left_ended", audience, power=offer.sender, parties=before, kind=kind
        )
        return
    remaining = list(treaty.parties)
    ctx.emit("pax.event.treaty_left", audience, power=offer.sender, parties=remaining, kind=kind)
