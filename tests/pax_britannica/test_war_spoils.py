"""The division of a war's spoils (§4.11.12, §4.9): the victors' proposal, unanimous
acceptance, and the automatic Congress of Europe when a victor refuses, quoted by section."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import IllegalAction
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState, SpoilsDivision
from rulesets.pax_britannica.war_spoils import award
from tests.pax_britannica.helpers import act, army, keys, last_tension, put
from tests.pax_britannica.test_war import egypt_dispute
from tests.pax_britannica.test_war_declarations import entered, give_cb

SUBMIT = {"type": "propose_spoils", "area": "", "power": ""}
ACCEPT = {"type": "answer_spoils", "accept": True}
REFUSE = {"type": "answer_spoils", "accept": False}


def won_together() -> tuple[PaxState, list[str]]:
    """Five players: France (over Egypt) and Germany (over the Sudan) declare war on Britain,
    which has no army abroad: their side wins at once and conquers both British areas
    (W9 (b)); the events met on the way."""
    state = egypt_dispute(5)
    put(state, "britain", "sudan", "protectorate")
    give_cb(state, "germany", "britain", "sudan")
    army(state, "france", "egypt", 3)
    army(state, "germany", "sudan", 5)
    state = entered(state).state
    seen: list[str] = []
    for seat, area in (("france", "egypt"), ("germany", "sudan")):
        action = {"type": "declare_war", "power": seat, "target": "britain", "area": area}
        outcome = act(state, seat, action, [6, 1])
        state, seen = outcome.state, seen + keys(outcome)
    while PAX.prompts(state)[0].kind == "war_manoeuvre":
        [prompt] = PAX.prompts(state)
        outcome = act(state, prompt.seat, {"type": "war_step_done"})
        state, seen = outcome.state, seen + keys(outcome)
    return state, seen


def the_prompt(state: PaxState) -> Any:
    [prompt] = PAX.prompts(state)
    return prompt


def test_the_first_victor_proposes_the_armies_division_and_may_change_it() -> None:
    # §4.11.12: "the victors divide the conquered areas by mutual agreement"; the armies'
    # division (the most army strength) is the draft of the first victor in seat order.
    state, seen = won_together()
    assert "pax.event.war_won" in seen
    prompt = the_prompt(state)
    assert (prompt.seat, prompt.kind) == ("france", "spoils_proposal")
    plan = dict(state.wars[0].division.plan)
    assert set(plan) == {"egypt", "sudan"}
    assert prompt.choices[0].action == SUBMIT  # the missed deadline's default
    give = {"type": "propose_spoils", "area": "egypt", "power": "germany"}
    state = act(state, "france", give).state
    assert state.wars[0].division.plan["egypt"] == "germany"
    with pytest.raises(IllegalAction):  # each area changes once
        act(state, "france", {"type": "propose_spoils", "area": "egypt", "power": "france"})
    with pytest.raises(IllegalAction):  # only a victor may receive an area
        act(state, "france", {"type": "propose_spoils", "area": "sudan", "power": "britain"})
    with pytest.raises(IllegalAction):  # Germany is not the proposer
        act(state, "germany", SUBMIT)


def test_unanimous_acceptance_lets_each_receiver_place_its_marker_with_no_et() -> None:
    # §4.11.12: agreed, each receiver places any marker free of £; "ET does not change".
    state, _ = won_together()
    give = {"type": "propose_spoils", "area": "egypt", "power": "germany"}
    state = act(state, "france", give).state
    plan = dict(state.wars[0].division.plan)
    outcome = act(state, "france", SUBMIT)
    state = outcome.state
    assert keys(outcome).count("pax.event.spoils_proposed") == 2
    prompt = the_prompt(state)
    assert (prompt.seat, prompt.kind) == ("germany", "spoils_answer")
    assert prompt.choices[0].action == ACCEPT  # the missed deadline's default
    tension = state.tension
    outcome = act(state, "germany", ACCEPT)
    state = outcome.state
    assert "pax.event.spoils_divided" in keys(outcome)
    assert state.tension == tension
    assert {(s.power, s.area) for s in state.wars[0].spoils} == {(p, a) for a, p in plan.items()}
    prompt = the_prompt(state)
    assert prompt.kind == "war_spoils" and prompt.seat == plan[prompt.choices[0].action["area"]]


def test_a_refusal_calls_the_congress_which_votes_area_by_area_with_the_hosts_tie_break() -> None:
    # §4.11.12: "if the victors disagree, a Congress of Europe is called automatically";
    # §4.9: convening costs ET +3, a majority of the members decides, the host breaks a tie.
    state, _ = won_together()
    state = act(state, "france", SUBMIT).state
    tension = state.tension
    outcome = act(state, "germany", REFUSE)
    state = outcome.state
    assert "pax.event.spoils_congress" in keys(outcome)
    assert state.tension == tension + 3
    assert last_tension(state) == ("spoils_congress", "germany")
    division = state.wars[0].division
    # the site: the first home nation not in the war, Austria-Hungary, which never
    # votes; the members: the victors, the host and every European major (the USA and
    # Japan are neither parties nor the host)
    assert division.host == "austria_hungary"
    assert division.voters == ["britain", "france", "germany"]
    ballots = {"britain": "germany", "france": "france", "germany": "germany"}
    area = "egypt"
    for voter in division.voters:
        prompt = the_prompt(state)
        assert (prompt.seat, prompt.kind) == (voter, "spoils_vote")
        assert prompt.choices[0].action["power"] == state.wars[0].division.plan[area]
        outcome = act(state, voter, {"type": "vote_spoils", "area": area, "power": ballots[voter]})
        state = outcome.state
    assert "pax.event.spoils_awarded" in keys(outcome)
    assert state.wars[0].division.plan["egypt"] == "germany"  # 2 votes to 1
    for voter in ("britain", "france", "germany"):
        ballot = {"type": "vote_spoils", "area": "sudan", "power": "germany"}
        state = act(state, voter, ballot).state
    for signer in ("france", "germany"):  # §4.9 step 4 (test_congress_settlement.py)
        state = act(state, signer, {"type": "sign_settlement", "power": signer, "sign": True}).state
    assert state.wars[0].division is None
    assert {(s.power, s.area) for s in state.wars[0].spoils} == {
        ("germany", "egypt"),
        ("germany", "sudan"),
    }


def test_a_tie_goes_the_hosts_way_and_germany_votes_for_a_hosting_austria_hungary() -> None:
    # §4.9: "a tie is broken by the host"; A-H hosting, the German player breaks it.
    ballots = {"britain": "france", "france": "france", "germany": "germany", "usa": "germany"}
    division = SpoilsDivision(plan={"egypt": "france"}, host="usa", ballots=ballots)
    assert award(division, "egypt") == "germany"
    division.host = "austria_hungary"
    assert award(division, "egypt") == "germany"
    division.host = "japan"  # a host that did not vote: the proposal stands
    assert award(division, "egypt") == "france"


def test_missed_deadlines_end_the_war_and_every_text_reads_as_a_sentence() -> None:
    # Every decision has a default (the first choice): the draft is proposed, accepted,
    # and each receiver places its first marker; the war ends.
    outcomes = []
    for refusal in (False, True):
        state, _ = won_together()
        while state.phase == "war" and state.wars:
            prompt = the_prompt(state)
            for choice in prompt.choices:
                for language in ("en", "fr"):
                    label = choice_label("pax-britannica", choice, language)
                    assert "pax." not in label and "{" not in label and "None" not in label
            for language in ("en", "fr"):
                text = render(prompt.text, language)
                assert "pax." not in text and "{" not in text and "_" not in text, text
            action = REFUSE if refusal and prompt.kind == "spoils_answer" else None
            if prompt.kind == "spoils_signature":  # signed: its default is a delay, a refusal
                action = prompt.choices[0].instantiate()
            outcome = act(state, prompt.seat, action or PAX.default_action(state, prompt.seat))
            outcomes.append(outcome)
            state = outcome.state
        assert not state.wars
        met = [key for outcome in outcomes for key in keys(outcome)]
        assert ("pax.event.spoils_congress" in met) == refusal
        assert "pax.event.spoils_divided" in met and "pax.event.war_ends" in met
    for outcome in outcomes:
        for event in outcome.events:
            for language in ("en", "fr"):
                text = render(event, language)
                assert "pax." not in text and "{" not in text and "_" not in text, text
