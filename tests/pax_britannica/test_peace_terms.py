"""A peace offered in war with several further terms (§4.11.12): the proposer adds them one
at a time, up to three, finishing whenever it likes; the signers read them all; each acts
only in a peace everyone signs, and one become impossible lapses, told."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import IllegalAction
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.actions import AnswerPeace
from rulesets.pax_britannica.state import PaxState, PeaceProposal
from rulesets.pax_britannica.war_peace import answer
from rulesets.pax_britannica.war_peace_terms import MAX_TERMS
from tests.pax_britannica.helpers import act, army, context, keys
from tests.pax_britannica.test_war_choices import EMPTY_TERM, egypt_peace_war

PAY_20 = {"kind": "payment", "giver": "britain", "receiver": "france", "amount": 20}
EGYPT = {"kind": "cession", "giver": "britain", "receiver": "france", "area": "egypt"}
SUDAN = {"kind": "cession", "giver": "britain", "receiver": "france", "area": "sudan"}


def term(**fields: Any) -> dict[str, Any]:
    return {"type": "peace_term", **EMPTY_TERM, **fields}


def drafting(state: PaxState) -> PaxState:
    """France (30 £, at war with Britain over Egypt, holding the Sudan it conquered) offers
    peace keeping nobody's conquests, and is asked for its terms."""
    state.wars[0].conquered = {"sudan": 0}
    state = act(state, "france", {"type": "propose_peace", "power": "france", "keeps": "none"})
    [prompt] = PAX.prompts(state.state)
    assert (prompt.seat, prompt.kind) == ("france", "war_peace_terms")
    return state.state


def add(state: PaxState, *terms: dict[str, Any]) -> PaxState:
    for fields in terms:
        state = act(state, "france", term(**fields)).state
    return state


def test_the_proposer_adds_terms_one_at_a_time_and_may_finish_after_each() -> None:
    # §4.11.12: the belligerents "must agree a treaty settling everything (marker changes,
    # payments, and so on)": a payment, then a marker handed over; after each, offering
    # the peace as it stands comes first and is the default at the deadline.
    state = drafting(egypt_peace_war())
    [first] = PAX.prompts(state)
    assert f"at most {MAX_TERMS} in all" in render(first.text, "en")
    state = add(state, PAY_20)
    [second] = PAX.prompts(state)
    assert (second.seat, second.kind) == ("france", "war_peace_terms")
    assert render(second.text, "en") == (
        "The peace offered by France now carries 1 term: Great Britain pays France 20 £. "
        "Add another (at most 3 in all), or offer it with these."
    )
    assert second.choices[0].action == term(kind="none")
    assert PAX.default_action(state, "france") == second.choices[0].instantiate()
    assert choice_label("pax-britannica", second.choices[0], "en") == (
        "Offer the peace now, with the 1 term already added"
    )
    # One payment per pair of powers: no second payment between France and Britain.
    assert not [c for c in second.choices if c.action["kind"] == "payment"]
    with pytest.raises(IllegalAction):
        act(state, "france", term(**PAY_20 | {"amount": 10}))
    state = add(state, EGYPT)
    [third] = PAX.prompts(state)
    # One term per area: Egypt handed over, its dispute is no longer offered for settling.
    assert not [c for c in third.choices if c.action["area"] == "egypt"]
    assert third.find(term(**SUDAN)) is not None
    offered = act(state, "france", term(kind="none"))
    assert [k for k in keys(offered) if k.startswith("pax.event.peace_term_")] == [
        "pax.event.peace_term_payment",
        "pax.event.peace_term_cession",
    ]
    [signing] = PAX.prompts(offered.state)
    assert (signing.seat, signing.kind) == ("britain", "war_peace")
    assert render(signing.text, "en") == (
        "France offers peace with 2 terms: Great Britain pays France 20 £; Great Britain "
        "hands France the protectorate in Egypt. Each applies only if everyone signs. Do you "
        "sign it?"
    )
    assert render(signing.text, "fr") == (
        "Offre de paix de la France avec 2 clauses : versement de 20 £ de la Grande-Bretagne "
        "à la France ; cession à la France du marqueur de la Grande-Bretagne dans l'aire "
        "Égypte (le protectorat). Chacune ne s'applique que si tous signent. La signez-vous ?"
    )


def test_the_third_term_offers_the_peace_and_every_term_acts_when_all_sign() -> None:
    state = add(drafting(egypt_peace_war()), PAY_20, EGYPT, SUDAN)
    [signing] = PAX.prompts(state)  # the cap reached: no further drafting prompt
    assert (signing.seat, signing.kind) == ("britain", "war_peace")
    assert "3 terms" in render(signing.text, "en") and "Sudan" in render(signing.text, "en")
    tension = state.tension
    ctx = context(state)  # the peace alone, before the turn goes on to its VP record
    answer(ctx, ctx.state.wars[0], "britain", AnswerPeace(sign=True))
    events = [e.key for e in ctx.events]
    assert events.count("pax.event.peace_cession") == 2
    assert "pax.event.peace_payment" in events
    after = ctx.state
    assert (after.powers["britain"].treasury, after.powers["france"].treasury) == (10, 50)
    held = {(m.area, m.power, m.level) for m in after.markers if m.area in ("egypt", "sudan")}
    assert held == {("egypt", "france", "protectorate"), ("sudan", "france", "possession")}
    assert after.tension == tension  # post-war changes cost no ET


def test_a_term_become_impossible_lapses_and_the_others_still_act() -> None:
    # Britain promised 30 £ but holds 10 at signing: the payment lapses, told; Egypt is
    # handed over all the same.
    pay_30 = PAY_20 | {"amount": 30}
    state = add(drafting(egypt_peace_war()), pay_30, EGYPT)
    state = act(state, "france", term(kind="none")).state
    state.powers["britain"].treasury = 10
    ctx = context(state)
    answer(ctx, ctx.state.wars[0], "britain", AnswerPeace(sign=True))
    events = [e.key for e in ctx.events]
    assert "pax.event.peace_term_lapsed_payment" in events
    assert "pax.event.peace_cession" in events
    assert ctx.state.powers["britain"].treasury == 10
    assert [m.power for m in ctx.state.markers if m.area == "egypt"] == ["france"]


def test_a_payer_is_not_asked_for_more_than_its_treasury_in_all() -> None:
    # France (30 £) at war with Britain and the USA: having promised Britain 20 £, it may
    # offer the USA only 10 £ more.
    state = egypt_peace_war()
    state.wars[0].sides = (["france"], ["britain", "usa"])
    army(state, "usa", "usa", 3)
    state = drafting(state)
    state = add(state, {**PAY_20, "giver": "france", "receiver": "britain"})
    [prompt] = PAX.prompts(state)
    usa = sorted(
        c.action["amount"]
        for c in prompt.choices
        if c.action["kind"] == "payment" and c.action["giver"] == "france"
    )
    assert usa == [10]


def test_a_separate_peace_applies_none_of_the_terms() -> None:
    state = egypt_peace_war()
    state.wars[0].sides = (["france", "germany"], ["britain"])
    army(state, "germany", "germany", 5)
    state = add(drafting(state), PAY_20, EGYPT)
    state = act(state, "france", term(kind="none")).state
    state = act(state, "britain", {"type": "answer_peace", "sign": True}).state
    ctx = context(state)
    answer(ctx, ctx.state.wars[0], "germany", AnswerPeace(sign=False))
    assert "pax.event.separate_peace" in [e.key for e in ctx.events]
    assert ctx.state.powers["britain"].treasury == 30
    assert {m.power for m in ctx.state.markers if m.area == "egypt"} == {"britain", "france"}


def test_a_proposal_saved_with_one_term_loads_as_a_list() -> None:
    saved = {"proposer": "france", "keeps": "none", "clause": {**EGYPT}}
    assert PeaceProposal.model_validate(saved).clauses[0].area == "egypt"
    empty = {"proposer": "france", "keeps": "none", "clause": None}
    assert PeaceProposal.model_validate(empty).clauses == []
