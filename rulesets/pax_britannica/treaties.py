"""Treaties (§4.8): signing, the calls to war they make when war is declared (§4.11.4),
breaches (ET +5 and a casus belli for every other signatory), and the publication of a
secret treaty once it is used to obtain a casus belli."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.pax_britannica.holdings import add_casus_belli
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.state import (
    PaxState,
    Treaty,
    TreatyCall,
    TreatyOffer,
    game_data,
    seat_of,
)

MAX_PROPOSALS = 3  # offers a seat may make a turn, so that the phase always ends
CLAUSE_LIMIT = 300  # characters of a free-text clause (room for a sentence or two)


def treaty_by_id(state: PaxState, treaty_id: int) -> Treaty | None:
    return next((t for t in state.treaties if t.id == treaty_id), None)


def signed(state: PaxState, a: str, b: str, kind: str) -> bool:
    return any(t.kind == kind and {a, b} <= set(t.parties) for t in state.treaties)


def readers(state: PaxState, powers: list[str]) -> list[str]:
    """The seats that may read about a secret between these powers."""
    return sorted({seat for p in powers if (seat := seat_of(state, p)) is not None})


def awaited(offer: TreatyOffer) -> list[str]:
    """The powers whose signature an offer still waits on."""
    return offer.answering or [offer.to]


def offer_powers(state: PaxState, offer: TreatyOffer) -> list[str]:
    """The powers an offer concerns: its sender and addressees and, for an offer about a
    treaty (voiding, accession, withdrawal), every party to that treaty."""
    treaty = treaty_by_id(state, offer.treaty) if offer.treaty else None
    parties = treaty.parties if treaty else []
    return list(dict.fromkeys([offer.sender, offer.to, *offer.answering, *parties]))


def under_offer(state: PaxState) -> set[int]:
    """The treaties an offer waits to change (void, join, withdraw from): one at a time, so
    that every change is signed by the parties of the treaty as it then stands."""
    return {o.treaty for o in state.offers if o.treaty}


def may_offer(state: PaxState, seat: str) -> bool:
    return seat not in state.negotiation_done and state.proposals.get(seat, 0) < MAX_PROPOSALS


def waiting_partners(state: PaxState, seat: str) -> set[str]:
    """The powers an offer of `seat`'s waits on (one offer a partner at a time)."""
    return {o.to for o in state.offers if seat_of(state, o.sender) == seat}


def file_offer(ctx: StepContext[PaxState], offer: TreatyOffer) -> None:
    """The offer waits for its recipients' answers; only the powers it concerns hear of it."""
    state = ctx.state
    seat = seat_of(state, offer.sender) or offer.sender
    state.proposals[seat] = state.proposals.get(seat, 0) + 1
    state.next_treaty += 1
    state.offers.append(offer)
    ctx.emit(
        "pax.event.treaty_offered",
        readers(state, offer_powers(state, offer)),
        power=offer.sender,
        to=offer.to,
        kind=f"pax_treaty_{offer.kind}",
        secret="pax_treaty_secret" if offer.secret else "pax_treaty_public",
    )


def sign(ctx: StepContext[PaxState], offer: TreatyOffer) -> Treaty:
    """Both parties sign: a public treaty is announced, a secret one told to its parties."""
    state = ctx.state
    treaty = Treaty(
        id=state.next_treaty,
        kind=offer.kind,
        parties=[offer.sender, offer.to],
        secret=offer.secret,
        turn=state.turn,
        amount=offer.amount,
        clause=offer.clause,
    )
    state.next_treaty += 1
    state.treaties.append(treaty)
    key = "pax.event.treaty_signed_secretly" if treaty.secret else "pax.event.treaty_signed"
    audience = readers(state, treaty.parties) if treaty.secret else None
    ctx.emit(key, audience, power=offer.sender, other=offer.to, kind=f"pax_treaty_{offer.kind}")
    _tell_clause(ctx, treaty, audience)
    return treaty


def _tell_clause(ctx: StepContext[PaxState], treaty: Treaty, audience: list[str] | None) -> None:
    """The free-text clause, word for word, to those who may read the treaty."""
    if treaty.clause:
        ctx.emit(
            "pax.event.treaty_clause",
            audience,
            parties=list(treaty.parties),
            kind=f"pax_treaty_{treaty.kind}",
            note=treaty.clause,
        )


def publish(ctx: StepContext[PaxState], treaty: Treaty) -> None:
    """§4.8: a signatory who uses a secret treaty to obtain a casus belli must publish it."""
    if not treaty.secret:
        return
    treaty.secret = False
    ctx.emit(
        "pax.event.treaty_published",
        parties=list(treaty.parties),
        kind=f"pax_treaty_{treaty.kind}",
        turn=treaty.turn + 1,
    )
    _tell_clause(ctx, treaty, None)


def calls_for(state: PaxState, declarer: str, target: str, area: str) -> list[TreatyCall]:
    """§4.11.4: a declaration on a signatory of a defensive treaty by a non-signatory calls
    the other signatories to war on the declarer; a declaration by a signatory of an
    offensive treaty on a non-signatory calls the others to war on the target. Defensive
    treaties never oblige anyone to join a war their partner declared, and no power is
    called to war on a power of its own player (Austria-Hungary, by Germany's hand, is
    never called against Germany)."""
    calls: list[TreatyCall] = []
    for treaty in state.treaties:
        if treaty.kind == "defensive" and target in treaty.parties:
            if declarer in treaty.parties:
                continue
            enemy, partner = declarer, target
        elif treaty.kind == "offensive" and declarer in treaty.parties:
            if target in treaty.parties:
                continue
            enemy, partner = target, declarer
        else:
            continue
        calls.extend(
            TreatyCall(treaty=treaty.id, power=p, target=enemy, area=area)
            for p in treaty.parties
            if p != partner and not _same_player(state, p, enemy)
        )
    return calls


def _same_player(state: PaxState, power: str, other: str) -> bool:
    seat = seat_of(state, power)
    return seat is not None and seat == seat_of(state, other)


def breach(ctx: StepContext[PaxState], treaty: Treaty, violator: str, area: str) -> bool:
    """The treaty is broken (§4.8): it is made public, ET rises by 5 (blamed on the
    violator), and every other signatory gains a casus belli against the violator, usable
    this turn. A treaty of two parties ends; one of more loses the violator and stays in
    force for the others (our reading: §4.8 lets one signatory leave while the treaty
    binds the rest, and the calls to war still pending for them must find it). True when
    the ET starts the Great War."""
    state = ctx.state
    publish(ctx, treaty)
    ctx.emit("pax.event.treaty_broken", power=violator, kind=f"pax_treaty_{treaty.kind}")
    if len(treaty.parties) > 2:
        treaty.parties = [p for p in treaty.parties if p != violator]
        ctx.emit(
            "pax.event.treaty_stands",
            parties=list(treaty.parties),
            kind=f"pax_treaty_{treaty.kind}",
        )
    else:
        state.treaties.remove(treaty)
    for partner in treaty.parties:
        if partner == violator:
            continue
        add_casus_belli(ctx, partner, violator, area)
        if partner in state.war_answers:
            state.war_answers.remove(partner)
    return raise_tension(ctx, game_data(state).tension.treaty_broken, "treaty_broken", violator)


def break_non_aggression(ctx: StepContext[PaxState], declarer: str, target: str, area: str) -> bool:
    """A declaration of war on a partner of a non-aggression pact breaks it."""
    for treaty in list(ctx.state.treaties):
        pact = treaty.kind == "non_aggression"
        if (
            pact
            and {declarer, target} <= set(treaty.parties)
            and breach(ctx, treaty, declarer, area)
        ):
            return True
    return False
