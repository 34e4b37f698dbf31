"""Accords: a clause offer that acts once (a payment once, a cession, a codominion, a
voiding) may carry a free-text clause (§4.8 "any content is allowed"); once signed, that
clause stays in force as an accord between the two powers, told to those who may read the
offer, so that a breach of it can be claimed (claims.py) and the accord voided like any
treaty."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.pax_britannica.state import PaxState, Treaty, TreatyOffer
from rulesets.pax_britannica.treaties import readers


def keep_clause(ctx: StepContext[PaxState], offer: TreatyOffer) -> None:
    """After a one-time clause offer acted: its written clause, if any, becomes an accord
    (a payment each turn keeps its clause on its own treaty)."""
    if not offer.clause or (offer.kind == "payment" and offer.per_turn):
        return
    state = ctx.state
    accord = Treaty(
        id=state.next_treaty,
        kind="accord",
        parties=[offer.sender, offer.to],
        secret=offer.secret,
        turn=state.turn,
        clause=offer.clause,
    )
    state.next_treaty += 1
    state.treaties.append(accord)
    ctx.emit(
        "pax.event.treaty_clause",
        readers(state, accord.parties) if accord.secret else None,
        parties=list(accord.parties),
        kind=f"pax_treaty_{offer.kind}",
        note=accord.clause,
    )
