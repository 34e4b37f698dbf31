"""Free-text clauses and claimed breaches (§4.8), and the negotiation prompt's two levels:
a clause the proposer writes travels with the offer and the treaty to those who may read
it; a breach of it is claimed, admitted or contested, and a contested one judged by the
powers outside the treaty."""

from __future__ import annotations

import random

import pytest

from rulesets.core import Event, IllegalAction
from rulesets.pax_britannica import PAX, diplomacy, sanctions
from rulesets.pax_britannica.state import PaxState
from rulesets.pax_britannica.treaties import CLAUSE_LIMIT
from tests.pax_britannica.helpers import act, context, every_choice, last_tension, new_game, opened
from tests.pax_britannica.test_treaties import answer, negotiating, public

MOROCCO = "France will not place in Morocco"


def offered(state: PaxState, secret: bool, clause: str = MOROCCO) -> PaxState:
    action = {
        "type": "propose_treaty",
        "power": "britain",
        "to": "france",
        "kind": "non_aggression",
        "secret": secret,
        "clause": clause,
    }
    return act(state, "britain", action).state


def signed_with_clause(secret: bool) -> tuple[PaxState, list[Event]]:
    state = offered(negotiating(), secret)
    return answer(state, "france", accept=True)


def claimed(state: PaxState) -> tuple[PaxState, list[Event]]:
    [treaty] = state.treaties
    action = {"type": "claim_breach", "power": "britain", "treaty": treaty.id}
    outcome = act(state, "britain", action)
    return outcome.state, outcome.events


def test_the_recipient_reads_the_clause_before_signing() -> None:
    # §4.8 "The bot records the text and the signatories. Any content is allowed that does
    # not break the game rules": the proposer types the clause, the recipient reads it.
    state = offered(negotiating(), secret=False)
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    assert prompt.kind == "treaty_offer" and prompt.private
    assert prompt.text.key == "pax.prompt.treaty_offer_clause"
    assert prompt.text.params["note"] == MOROCCO


def test_a_public_treatys_clause_is_announced_and_in_every_view() -> None:
    # §4.8: a public treaty's terms are everyone's to read.
    state, events = signed_with_clause(secret=False)
    [treaty] = state.treaties
    assert treaty.clause == MOROCCO
    [told] = [e for e in public(events) if e.key == "pax.event.treaty_clause"]
    assert told.params["note"] == MOROCCO
    for seat in (None, "germany", "france"):
        [shown] = PAX.view(state, seat)["treaties"]
        assert shown["clause"] == MOROCCO


def test_a_secret_treatys_clause_stays_with_its_parties() -> None:
    # §4.8 "the terms, and even the existence, of a treaty may be kept secret".
    state, events = signed_with_clause(secret=True)
    assert not any(MOROCCO in str(e.params) for e in public(events))
    [told] = [e for e in events if e.key == "pax.event.treaty_clause"]
    assert told.visible_to == ["britain", "france"]
    assert MOROCCO not in str(PAX.view(state, None)) and MOROCCO not in str(
        PAX.view(state, "germany")
    )
    [shown] = PAX.view(state, "france")["treaties"]
    assert shown["clause"] == MOROCCO


def test_a_clause_beyond_the_cap_is_refused_and_nothing_changes() -> None:
    state = negotiating()
    before = opened(state, "britain", "france")
    action = {
        "type": "propose_treaty",
        "power": "britain",
        "to": "france",
        "kind": "defensive",
        "secret": False,
        "clause": "x" * (CLAUSE_LIMIT + 1),
    }
    with pytest.raises(IllegalAction):
        act(before, "britain", action)
    assert before.offers == [] and before.proposals == {}


def test_an_admitted_breach_breaks_the_treaty_and_puts_it_before_a_congress() -> None:
    # §4.8 "Breach of a free-text clause is claimed by a signatory"; "Any violation gives
    # every other signatory a CB against the violator [...] or call a Congress to impose
    # sanctions"; "Breaking a treaty raises ET by 5."
    state, _ = signed_with_clause(secret=False)
    tension = state.tension
    state, events = claimed(state)
    assert "pax.event.breach_claimed" in [e.key for e in public(events)]
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    assert prompt.kind == "breach_claim" and prompt.private
    assert prompt.text.params["note"] == MOROCCO
    assert PAX.default_action(state, "france") == {
        "type": "answer_claim",
        "treaty": state.treaties[0].id,
        "admit": False,
    }  # a missed deadline contests
    state = act(state, "france", {**prompt.choices[1].action}).state
    assert state.treaties == [] and state.claims == []
    assert state.tension == tension + 5
    assert last_tension(state) == ("treaty_broken", "france")
    assert [(c.holder, c.target, c.area) for c in state.casus_belli] == [
        ("britain", "france", "france")
    ]
    assert sanctions.is_case(state, "france") and sanctions.wronged(state, "france") == ["britain"]


def test_claiming_a_breach_publishes_a_secret_treaty() -> None:
    # §4.8 "A signatory who uses a secret treaty to obtain a CB must make the treaty public".
    state, _ = signed_with_clause(secret=True)
    state, events = claimed(state)
    shown = [e.key for e in public(events)]
    assert shown[:3] == [
        "pax.event.treaty_published",
        "pax.event.treaty_clause",
        "pax.event.breach_claimed",
    ]
    [treaty] = state.treaties
    assert not treaty.secret
    assert PAX.view(state, None)["treaties"][0]["clause"] == MOROCCO


def judged(votes: tuple[bool, bool]) -> tuple[PaxState, int]:
    """Britain claims, France contests, Germany and the USA judge; the ET before."""
    state, _ = signed_with_clause(secret=False)
    tension = state.tension
    state, _ = claimed(state)
    [claim] = state.claims
    action = {"type": "answer_claim", "treaty": claim.treaty, "admit": False}
    state = act(state, "france", action).state
    [claim] = state.claims
    assert claim.contested
    judges = [p.seat for p in PAX.prompts(state) if p.kind == "breach_judgement"]
    assert judges == ["germany", "usa"]
    for seat, confirm in zip(judges, votes, strict=True):
        action = {"type": "judge_claim", "treaty": claim.treaty, "confirm": confirm}
        state = act(state, seat, action).state
    return state, tension


def test_a_contested_claim_confirmed_by_the_other_powers_is_a_breach() -> None:
    # §4.8 (bot design): a claimed breach is "confirmed by the other parties or by a human
    # game master"; a treaty here has two parties and Pax no referee, so the powers outside
    # the treaty judge, a strict majority confirming.
    state, tension = judged((True, True))
    assert state.treaties == [] and state.claims == []
    assert state.tension == tension + 5
    assert [(c.holder, c.target) for c in state.casus_belli] == [("britain", "france")]


def test_a_contested_claim_without_a_majority_is_rejected() -> None:
    state, tension = judged((True, False))
    assert len(state.treaties) == 1 and state.claims == []
    assert state.tension == tension and state.casus_belli == []


def test_the_phase_waits_for_a_claim_to_be_judged() -> None:
    state, _ = signed_with_clause(secret=False)
    state, _ = claimed(state)
    for prompt in PAX.prompts(state):
        if prompt.kind == "negotiation":
            state = act(state, prompt.seat, {"type": "end_negotiation"}).state
    assert state.phase == "negotiation"
    [prompt] = PAX.prompts(state)
    assert prompt.kind == "breach_claim"
    state = act(state, "france", {**prompt.choices[0].action}).state  # contested
    judgements = [p for p in PAX.prompts(state) if p.kind == "breach_judgement"]
    assert [p.seat for p in judgements] == ["germany", "usa"]
    for prompt in judgements:
        state = act(state, prompt.seat, {**prompt.choices[0].action}).state  # rejected
    assert state.phase == "negotiation"
    state = act(state, "france", {"type": "end_negotiation"}).state
    assert state.phase != "negotiation" and len(state.treaties) == 1


def test_a_treaty_without_a_clause_cannot_be_claimed() -> None:
    state = offered(negotiating(), secret=False, clause="")
    state, _ = answer(state, "france", accept=True)
    assert not [c for c in every_choice(state, "britain") if c.kind == "claim_breach"]


def prompt_sizes(state: PaxState, seat: str) -> list[int]:
    """The number of choices of the seat's first menu, then of every topic it opens."""
    sizes, waiting, seen = [], [state], set()
    while waiting:
        shown = waiting.pop(0)
        [prompt] = [p for p in PAX.prompts(shown) if p.seat == seat]
        sizes.append(len(prompt.choices))
        for choice in prompt.choices:
            if choice.kind == "open_negotiation" and choice.action["topic"] not in seen:
                seen.add(choice.action["topic"])
                waiting.append(act(shown, seat, choice.instantiate()).state)
    return sizes


def test_no_negotiation_prompt_lists_more_than_a_select_holds_at_8_players() -> None:
    # Britain's prompt at 8 players in 1880 used to list every offer to every partner at
    # once (181 choices); the first menu names the partners, each topic its own offers, the
    # cessions a third prompt by level. A select holds 25 options.
    state = new_game(8, war_declarations=True)
    state.phase = "diplomacy"
    ctx = context(state, [6, 6, 6])
    diplomacy.enter(ctx)
    state = ctx.state
    assert state.phase == "negotiation"
    offers = [c for c in every_choice(state, "britain") if "negotiation" not in c.kind]
    assert len(offers) > 150  # every offer is still reachable
    for seat in state.seats:
        sizes = prompt_sizes(state, seat)
        assert sizes[0] <= 10 and max(sizes) <= 25, (seat, sizes)


def random_negotiation(seed: int) -> set[str]:
    """A Negotiation phase played at random from a treaty with a clause and an offer
    waiting, every offer typed with a clause; the kinds of the choices made."""
    rng = random.Random(seed)
    state, _ = signed_with_clause(secret=bool(seed % 2))
    action = {
        "type": "propose_treaty",
        "power": "britain",
        "to": "germany",
        "kind": "defensive",
        "secret": False,
    }
    state = act(state, "britain", action).state
    seen: set[str] = set()
    for _ in range(400):
        if state.phase != "negotiation":
            return seen
        prompt = rng.choice(PAX.prompts(state))
        choice = rng.choice(prompt.choices)
        typed = {"clause": f"clause {seed}"} if "clause" in choice.texts else {}
        state = act(state, prompt.seat, choice.instantiate(**typed)).state
        assert PaxState.model_validate(state.model_dump()) == state
        seen.add(choice.kind)
    raise AssertionError(f"seed {seed}: the Negotiation phase did not close")


def test_random_negotiation_with_clauses_and_claims_always_ends() -> None:
    # Random legal play leaves free texts empty, so here every offer carries a clause:
    # offers, claims, answers and judgements at random until the phase closes.
    seen = set().union(*(random_negotiation(seed) for seed in range(12)))
    assert {"claim_breach", "answer_claim", "judge_claim", "close_negotiation"} <= seen
