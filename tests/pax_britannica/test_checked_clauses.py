"""Clauses on every offer and clauses Courier checks itself (§4.8, §5.4): a free-text
clause may ride on any offer and lives on as an accord; a marker ban or a unit limit is
checked at the opening of each Negotiation phase, a public one broken at once, a secret
one told to its parties alone until the wronged party claims it."""

from __future__ import annotations

from typing import Any

from rulesets.core import Event
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, every_choice
from tests.pax_britannica.test_clauses import choice_of
from tests.pax_britannica.test_treaties import answer, negotiating, public

RUBBER = "France buys its rubber from Britain alone"


def paid_with_clause(secret: bool) -> tuple[PaxState, list[Event]]:
    state = negotiating()
    state.powers["britain"].treasury = 30
    action: dict[str, Any] = choice_of(
        state, "britain", "offer_payment", to="france", per_turn=False, secret=secret
    )
    state = act(state, "britain", {**action, "amount": 10, "clause": RUBBER}).state
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    # §4.8 "Any content is allowed that does not break the game rules": the clause travels
    # with the payment offer to its recipient.
    assert prompt.text.key == "pax.prompt.payment_offer_clause" and prompt.private
    assert prompt.text.params["note"] == RUBBER
    return answer(state, "france", accept=True)


def test_a_payment_offer_carries_a_free_text_clause_that_stays_as_an_accord() -> None:
    # §4.8 "payments of £ between players" with a written clause: the money moves at
    # signature, and the clause stays in force so that its breach can be claimed.
    state, events = paid_with_clause(secret=False)
    assert (state.powers["britain"].treasury, state.powers["france"].treasury) == (20, 10)
    [accord] = state.treaties
    assert (accord.kind, accord.parties, accord.clause) == ("accord", ["britain", "france"], RUBBER)
    [told] = [e for e in public(events) if e.key == "pax.event.treaty_clause"]
    assert told.params["note"] == RUBBER
    claim = {"type": "claim_breach", "power": "britain", "treaty": accord.id}
    assert any(c.matches(claim) for c in every_choice(state, "britain"))


def test_a_secret_payments_clause_stays_with_its_parties() -> None:
    # §4.8 "the terms, and even the existence, of a treaty may be kept secret".
    state, events = paid_with_clause(secret=True)
    assert not any(RUBBER in str(e.params) for e in public(events))
    assert RUBBER not in str(PAX.view(state, None)) and RUBBER not in str(
        PAX.view(state, "germany")
    )
    assert RUBBER in str(PAX.view(state, "france"))
