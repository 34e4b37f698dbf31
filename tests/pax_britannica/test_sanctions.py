"""Sanctions for a treaty violation in the Congress of Europe (§4.8: a wronged signatory
"may declare war, or call a Congress to impose sanctions"; §4.9 votes and signatures)."""

from __future__ import annotations

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, put
from tests.pax_britannica.test_clauses import next_negotiation, pay_offer
from tests.pax_britannica.test_congress import choose, to_debates
from tests.pax_britannica.test_treaties import answer, negotiating
from tests.pax_britannica.test_war_declarations import give_cb


def breach_before_congress() -> PaxState:
    """Britain stops paying France under a treaty paying 10 £ a turn, then every seat ends
    negotiating: France holds a casus belli against Britain for the breach, and another
    over Egypt (debated after it, which keeps the Congress open for the checks)."""
    state = pay_offer(negotiating(), 10, per_turn=True, secret=False)
    state, _ = answer(state, "france", accept=True)
    state = next_negotiation(state)
    state = act(
        state, "britain", {"type": "pay_treaty", "treaty": state.treaties[0].id, "pay": False}
    ).state
    state.powers["britain"].treasury = 50
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    for seat in state.seats:
        state = act(state, seat, {"type": "end_negotiation"}, [6, 6, 6]).state
    assert state.phase == "congress"
    return state


def sanction_voted(defy: bool) -> PaxState:
    state = breach_before_congress()
    [call] = PAX.prompts(state)
    assert call.seat == "france"
    state = choose(state, "france", site="germany")
    assert state.congress is not None and state.congress.agenda == ["britain", "egypt"]
    state = to_debates(state)
    [proposal] = PAX.prompts(state)
    assert proposal.kind == "congress_proposal"
    assert [c.action["amount"] for c in proposal.choices] == [0, 10, 20, 30]
    state = choose(state, "france", amount=20)
    for seat, approve in (("britain", False), ("france", True), ("germany", True)):
        state = choose(state, seat, approve=approve)
    assert state.congress is not None and state.congress.step == "sign"
    state = choose(state, "britain", sign=not defy)  # the parties sign in seat order
    return choose(state, "france", sign=True)


def test_a_signed_sanction_pays_the_wronged_and_ends_the_casus_belli() -> None:
    state = sanction_voted(defy=False)  # France had the first 10 £ of the treaty
    assert (state.powers["britain"].treasury, state.powers["france"].treasury) == (30, 30)
    assert not [c for c in state.casus_belli if c.area == "britain"]
    assert state.congress is not None and state.congress.agenda == ["egypt"]
    assert [e.reason for e in state.tension_log if e.reason.startswith("congress")] == ["congress"]


def test_defying_a_sanction_gives_every_other_member_a_casus_belli() -> None:
    # §4.9 step 4: "every other Congress member gains a legitimate CB against the refuser";
    # step 6: ET +3 for the failure and +2 a refuser.
    state = sanction_voted(defy=True)
    holders = sorted(c.holder for c in state.casus_belli if c.area == "britain")
    assert holders == ["france", "germany"]
    assert state.powers["britain"].treasury == 50
    failed = [e.amount for e in state.tension_log if e.reason == "congress_failed"]
    assert failed == [5]


def test_without_a_congress_the_wronged_may_declare_war_for_the_breach() -> None:
    # §4.8: the wronged signatory "may declare war, or call a Congress to impose sanctions".
    state = choose(breach_before_congress(), "france", site="")
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("france", "war_declaration")
    [breach] = [c for c in prompt.choices if c.action.get("area") == "britain"]
    assert breach.label is not None and breach.label.key == "pax.label.declare_war_breach"
