"""Treaty clauses besides alliances (§4.7 method 4, §4.8): payments once or every turn (a
missed payment a breach), cessions of markers, codominions by agreement, and voiding a
treaty by agreement; secret ones stay with their signatories."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.core import Event, IllegalAction
from rulesets.pax_britannica import PAX, negotiation
from rulesets.pax_britannica.autopilot import choose
from rulesets.pax_britannica.conflicts import settle_conflicts
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, context, every_choice, keys, put
from tests.pax_britannica.test_treaties import (
    answer,
    mentions_treaty,
    negotiating,
    offer,
    public,
)


def choice_of(state: PaxState, seat: str, kind: str, **fields: Any) -> dict[str, Any]:
    """The seat's choice of this kind with these fields, in its menu or one of its topics."""
    choices = every_choice(state, seat)
    found = [
        c
        for c in choices
        if c.kind == kind and all(c.action.get(k) == v for k, v in fields.items())
    ]
    assert found, [c.action for c in choices]
    return {**found[0].action, **fields}


def pay_offer(state: PaxState, amount: int, per_turn: bool, secret: bool) -> PaxState:
    state.powers["britain"].treasury = 30
    action = choice_of(
        state, "britain", "offer_payment", to="france", per_turn=per_turn, secret=secret
    )
    return act(state, "britain", {**action, "amount": amount}).state


def next_negotiation(state: PaxState) -> PaxState:
    """The following turn's Negotiation phase opens."""
    state = state.model_copy(deep=True)
    state.turn += 1
    ctx = context(state)
    negotiation.enter(ctx)
    return ctx.state


def test_a_payment_once_moves_the_money_at_signature() -> None:
    # §4.8 "payments of £ between players"; the sum is the proposer's to choose.
    state = pay_offer(negotiating(), 12, per_turn=False, secret=False)
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    assert prompt.text.key == "pax.prompt.payment_offer" and prompt.text.params["amount"] == 12
    state, events = answer(state, "france", accept=True)
    assert (state.powers["britain"].treasury, state.powers["france"].treasury) == (18, 12)
    assert [e.key for e in public(events)] == [
        "pax.event.treaty_signed",
        "pax.event.treaty_payment",
    ]
    assert state.treaties == []  # nothing is owed any more
    assert next_negotiation(state).payments_due == []


def test_a_payment_beyond_the_treasury_is_refused() -> None:
    state = negotiating()
    state.powers["britain"].treasury = 30
    action = choice_of(state, "britain", "offer_payment", to="france", per_turn=False, secret=False)
    with pytest.raises(IllegalAction):
        act(state, "britain", {**action, "amount": 31})
    assert state.offers == []


def test_a_payment_each_turn_falls_due_and_paying_is_the_default() -> None:
    # §4.8: a scheduled payment; the obligated signatory is prompted privately.
    state = pay_offer(negotiating(), 10, per_turn=True, secret=False)
    state, _ = answer(state, "france", accept=True)
    [treaty] = state.treaties
    assert (treaty.kind, treaty.amount, treaty.parties) == ("payment", 10, ["britain", "france"])
    state = next_negotiation(state)
    assert state.payments_due == [treaty.id]
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    assert (prompt.kind, prompt.private) == ("treaty_payment", True)
    assert [c.action["pay"] for c in prompt.choices] == [True, False]
    default = choose(PAX.prompts(state), state, "britain", 0)
    outcome = act(state, "britain", default)
    assert "pax.event.treaty_payment" in keys(outcome)
    assert outcome.state.powers["france"].treasury == 20
    assert outcome.state.treaties == [treaty] and outcome.state.payments_due == []


def test_a_missed_payment_breaks_the_treaty() -> None:
    # §4.8: "Any violation gives every other signatory a CB against the violator";
    # "Breaking a treaty raises ET by 5". A payer short of money may only default.
    state = pay_offer(negotiating(), 10, per_turn=True, secret=True)
    state, _ = answer(state, "france", accept=True)
    state = next_negotiation(state)
    state.powers["britain"].treasury = 4
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    assert [c.action["pay"] for c in prompt.choices] == [False]
    outcome = act(state, "britain", prompt.choices[0].instantiate())
    state = outcome.state
    assert "pax.event.treaty_broken" in keys(outcome) and state.treaties == []
    assert [(e.amount, e.power) for e in state.tension_log if e.reason == "treaty_broken"] == [
        (5, "britain")
    ]
    assert [(c.holder, c.target) for c in state.casus_belli] == [("france", "britain")]
    published = [e for e in outcome.events if e.key == "pax.event.treaty_published"]
    assert published and published[0].visible_to is None


def test_a_secret_payment_treaty_stays_with_its_signatories() -> None:
    # §4.8 secrecy: "the terms, and even the existence, of a treaty may be kept secret".
    state = pay_offer(negotiating(), 10, per_turn=True, secret=True)
    seen: list[Event] = []
    state, events = answer(state, "france", accept=True)
    seen += events
    state = next_negotiation(state)
    outcome = act(
        state, "britain", {"type": "pay_treaty", "treaty": state.treaties[0].id, "pay": True}
    )
    state, seen = outcome.state, seen + outcome.events
    assert {e.key for e in seen} >= {"pax.event.treaty_payment", "pax.event.treaty_signed_secretly"}
    assert not any(mentions_treaty([e.key, e.params]) for e in public(seen))
    for viewer in (None, "germany", "usa"):
        assert not mentions_treaty(PAX.view(state, viewer)["treaties"])
    assert PAX.view(state, "france")["treaties"][0]["amount"] == 10


def test_a_cession_hands_the_marker_over_free() -> None:
    # §4.8 "transfer of status markers, immediately"; §4.7 method 3: "replacing its own
    # marker with an equivalent marker of the other power", free of £.
    state = negotiating()
    put(state, "britain", "egypt", "protectorate")
    action = choice_of(state, "britain", "offer_cession", to="france", area="egypt")
    state = act(state, "britain", action).state
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    assert prompt.text.key == "pax.prompt.cession_offer"
    state, events = answer(state, "france", accept=True)
    assert [(m.power, m.level, m.established) for m in state.markers] == [
        ("france", "protectorate", True)
    ]
    assert "pax.event.marker_ceded" in [e.key for e in public(events)]
    assert state.tension == 0 and state.powers["france"].treasury == 0


def test_a_codominion_by_agreement_raises_the_influence_to_a_protectorate() -> None:
    # §4.7 method 4: "Agree a codominion. Every player with an influence or control marker
    # in the area must agree. Members with influence may upgrade to protectorate for 10 £."
    state = negotiating()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    state.powers["france"].treasury = 15
    action = choice_of(state, "britain", "offer_codominion", to="france", area="egypt")
    state = act(state, "britain", action).state
    state, events = answer(state, "france", accept=True)
    assert "pax.event.codominion_agreed" in [e.key for e in public(events)]
    assert sorted((m.power, m.level) for m in state.markers) == [
        ("britain", "protectorate"),
        ("france", "protectorate"),
    ]
    assert state.powers["france"].treasury == 5
    ctx = context(state)
    settle_conflicts(ctx)  # the A-26 default leaves a codominion standing
    assert len(ctx.state.markers) == 2 and ctx.state.tension == 0


def test_a_codominion_needs_every_holder_in_the_area() -> None:
    # §4.7 method 4: a third power's influence must agree too, so two cannot offer it alone.
    state = negotiating()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    put(state, "germany", "egypt", "influence")
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    assert not [c for c in prompt.choices if c.kind == "offer_codominion"]


def test_a_codominion_the_influence_holder_cannot_pay_lapses() -> None:
    state = negotiating()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    action = choice_of(state, "britain", "offer_codominion", to="france", area="egypt")
    state = act(state, "britain", action).state
    state, events = answer(state, "france", accept=True)
    lapsed = [e for e in events if e.key == "pax.event.treaty_lapsed"]
    assert lapsed and lapsed[0].visible_to == ["britain", "france"]
    assert sorted(m.level for m in state.markers) == ["influence", "protectorate"]


def test_a_secret_treaty_voided_by_agreement_is_never_published() -> None:
    # §4.8 "By mutual agreement of all parties, a treaty may be voided".
    state = negotiating()
    state = offer(state, "britain", "usa", "defensive", True)
    state, events = answer(state, "usa", accept=True)
    seen = list(events)
    action = choice_of(state, "britain", "offer_void", treaty=state.treaties[0].id)
    state = act(state, "britain", action).state
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "usa"]
    assert prompt.text.key == "pax.prompt.void_offer" and prompt.private
    state, events = answer(state, "usa", accept=True)
    seen += events
    assert state.treaties == []
    [voided] = [e for e in events if e.key == "pax.event.treaty_voided"]
    assert voided.visible_to == ["britain", "usa"]
    assert not any(mentions_treaty([e.key, e.params]) for e in public(seen))


def test_a_refused_voiding_leaves_the_treaty_in_force() -> None:
    state = negotiating()
    state = offer(state, "britain", "france", "non_aggression", False)
    state, _ = answer(state, "france", accept=True)
    action = choice_of(state, "france", "offer_void", treaty=state.treaties[0].id)
    state = act(state, "france", action).state
    state, _ = answer(state, "britain", accept=False)
    assert [t.kind for t in state.treaties] == ["non_aggression"]
