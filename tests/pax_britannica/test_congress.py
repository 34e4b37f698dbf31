"""The Congress of Europe (§4.9, §4.17.3): calling, site, members, proposals, votes and
the host's tie-break, signatures, defiance and failure, quoted by section."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.core import IllegalAction, Prompt
from rulesets.pax_britannica import PAX, diplomacy
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, context, keys, put
from tests.pax_britannica.test_war_declarations import at_war_phase, give_cb


def at_congress(players: int = 4, wronged: str = "france") -> PaxState:
    """A British protectorate in Egypt, the `wronged` power's influence there and its
    casus belli, every seat done negotiating: the Congress phase, where (for a major) it is
    asked whether it calls a Congress."""
    state = at_war_phase(players, turns=1)
    put(state, "britain", "egypt", "protectorate")
    put(state, wronged, "egypt", "influence")
    give_cb(state, wronged, "britain", "egypt")
    ctx = context(state, [6, 6, 6])
    diplomacy.enter(ctx)
    state = ctx.state
    for seat in state.seats:
        state = act(state, seat, {"type": "end_negotiation"}, [6, 6, 6]).state
    return state


def only_prompt(state: PaxState) -> Prompt:
    [prompt] = PAX.prompts(state)
    return prompt


def choose(state: PaxState, seat: str, **fields: Any) -> PaxState:
    prompt = next(p for p in PAX.prompts(state) if p.seat == seat)
    [choice] = [c for c in prompt.choices if all(c.action.get(k) == v for k, v in fields.items())]
    return act(state, seat, choice.instantiate(), [6, 6, 6]).state


OPENING = ("congress_invitation", "congress_free", "congress_order")


def to_debates(state: PaxState) -> PaxState:
    """Past the Congress's opening: nobody invited, no free change, and every vote on the
    next dispute for the first listed (the alphabetical one)."""
    while opening := [p for p in PAX.prompts(state) if p.kind in OPENING]:
        state = act(state, opening[0].seat, opening[0].choices[0].instantiate(), [6, 6, 6]).state
    return state


def called(players: int = 4) -> PaxState:
    state = at_congress(players)
    return to_debates(choose(state, "france", site="germany"))


def egypt(state: PaxState) -> set[tuple[str, str]]:
    return {(m.power, m.level) for m in state.markers if m.area == "egypt"}


def test_a_casus_belli_holder_may_call_the_congress_at_an_uninvolved_home() -> None:
    # §4.9: "The caller names the site, which must be a player's home nation not involved in
    # the conflict" (A-27: A-H counts as a possible site); "Convening a Congress raises ET
    # by 3"; the USA attends only as a party or the host.
    state = at_congress()
    prompt = only_prompt(state)
    assert (prompt.seat, prompt.kind) == ("france", "congress_call")
    assert [c.action["site"] for c in prompt.choices] == ["", "germany", "austria_hungary"]
    state = choose(state, "france", site="germany")
    assert state.tension == 3 and [e.reason for e in state.tension_log][-1] == "congress"
    assert state.congress is not None
    assert state.congress.members == ["britain", "france", "germany"]
    state = to_debates(state)
    assert only_prompt(state).kind == "congress_proposal"
    assert only_prompt(state).seat == "france"  # the caller proposes first


def test_without_a_caller_the_phase_is_skipped() -> None:
    # §4.9: "If nobody calls one, skip the phase."
    state = at_congress()
    state = choose(state, "france", site="")
    assert state.phase == "war_declarations" and state.tension == 0
    assert only_prompt(state).kind == "war_declaration"


def test_a_tie_is_broken_by_the_host_and_every_party_signs() -> None:
    # §4.9 step 3: "a majority of the members must approve it. A tie is broken by the host";
    # step 4: "If all sign, the terms take effect ... Each level of reduction adds +1 ET";
    # §4.7 method 2: an influence under a protectorate may become an interest.
    state = called(players=6)
    assert state.congress is not None
    assert state.congress.members == ["britain", "france", "germany", "russia"]
    state = choose(state, "france", favoured="")  # France passes
    prompt = only_prompt(state)
    assert prompt.seat == "britain"
    label = next(c for c in prompt.choices if c.action["favoured"] == "britain").label
    assert label is not None and label.params["tension"] == 1
    state = choose(state, "britain", favoured="britain", partner="")
    for seat, approve in (("britain", True), ("france", False), ("russia", False)):
        state = choose(state, seat, approve=approve)
    assert state.congress is not None and state.congress.step == "vote"
    state = choose(state, "germany", approve=True)  # 2 against 2: the host's vote decides
    assert state.congress is not None and state.congress.step == "sign"
    state = choose(state, "britain", sign=True)
    outcome_state = choose(state, "france", sign=True)
    assert egypt(outcome_state) == {("britain", "protectorate"), ("france", "interest")}
    assert outcome_state.casus_belli == []
    reasons = [e.reason for e in outcome_state.tension_log if e.reason != "event"]
    assert reasons == ["congress", "congress_settlement"] and outcome_state.tension == 4


def test_defying_the_congress_gives_every_other_member_a_casus_belli() -> None:
    # §4.9 step 4: a refusal gives "every other Congress member (party to the dispute or
    # not) a legitimate CB against the refuser" (A-28: war allowed, not forced); step 6:
    # "+3, plus +2 for each power that defies the Congress".
    state = called()
    state = choose(state, "france", favoured="britain", partner="")
    for seat in ("britain", "france", "germany"):
        state = choose(state, seat, approve=True)
    state = choose(state, "britain", sign=True)
    prompt = only_prompt(state)
    assert (prompt.seat, prompt.kind) == ("france", "congress_signature")
    outcome = act(state, "france", {"type": "sign_settlement", "power": "france", "sign": False})
    state = outcome.state
    assert "pax.event.congress_defied" in keys(outcome)
    against = {(c.holder, c.target) for c in state.casus_belli if c.area == "egypt"}
    assert {("britain", "france"), ("germany", "france")} <= against
    failed = [e for e in state.tension_log if e.reason == "congress_failed"]
    assert [(e.amount, e.power) for e in failed] == [(5, "france")]
    assert egypt(state) == {("britain", "protectorate"), ("france", "influence")}
    for seat in ("britain", "germany"):  # not at once (test_congress_settlement.py)
        state = choose(state, seat, type="no_war")
    assert only_prompt(state).kind == "war_declaration"  # the dispute goes to war, or lapses


def test_a_congress_that_adopts_nothing_costs_3_more() -> None:
    # §4.9 step 6: "ET for a failed Congress (no treaty that the disputants will sign): +3".
    state = called()
    for seat in ("france", "britain", "germany"):
        state = choose(state, seat, favoured="")
    assert [e.reason for e in state.tension_log if e.reason.startswith("congress")] == [
        "congress",
        "congress_failed",
    ]
    assert state.tension == 6 and state.congress is None


def test_the_congress_may_grant_a_codominion_share_free() -> None:
    # §4.7 method 3: "A player may grant a codominion in an area it controls"; "Markers
    # placed this way cost no £"; [1993] "a power may receive a codominion share at no cost
    # if, and only if, another power present at the Congress holds a control marker".
    state = called()
    prompt = only_prompt(state)
    shares = [
        (c.action["favoured"], c.action["partner"])
        for c in prompt.choices
        if c.kind == "propose_settlement"
    ]
    assert ("britain", "france") in shares and ("britain", "germany") in shares
    assert ("france", "britain") not in shares  # France holds no control marker there
    state = choose(state, "france", favoured="britain", partner="france")
    for seat in ("britain", "france", "germany"):
        state = choose(state, seat, approve=True)
    state = choose(state, "britain", sign=True)
    state = choose(state, "france", sign=True)
    assert egypt(state) == {("britain", "protectorate"), ("france", "protectorate")}
    assert [e.reason for e in state.tension_log if e.reason != "event"] == ["congress"]
    assert state.powers["france"].treasury == 0


def test_a_share_for_a_non_party_binds_it_only_once_it_signs() -> None:
    # §4.9 step 8 [1993]: a clause affecting a non-party takes effect only if it signs.
    state = called()
    state = choose(state, "france", favoured="britain", partner="germany")
    for seat in ("britain", "france", "germany"):
        state = choose(state, seat, approve=True)
    state = choose(state, "britain", sign=True)
    state = choose(state, "france", sign=True)
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("germany", "congress_signature")
    state = choose(state, "germany", sign=True)
    assert egypt(state) == {
        ("britain", "protectorate"),
        ("germany", "protectorate"),
        ("france", "interest"),
    }


def test_a_party_with_a_casus_belli_may_cut_the_debate_short_by_war() -> None:
    # §4.9 step 3: the Congress continues "until one is accepted, or until a disputant with
    # a legitimate CB cuts the debate short by declaring war"; step 6: no treaty the
    # disputants sign costs +3; the War phase then fights the war (§4.11.4: ET +5).
    state = called()
    prompt = only_prompt(state)
    wars = [c.action for c in prompt.choices if c.kind == "declare_war"]
    assert wars == [
        {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    ]
    outcome = act(state, "france", wars[0], [6, 6, 6])
    state = outcome.state
    assert keys(outcome)[:2] == ["pax.event.congress_cut_short", "pax.event.war_declared"]
    assert "pax.event.congress_adjourns" in keys(outcome)
    reasons = [e.reason for e in state.tension_log if e.reason != "event"]
    assert reasons[:3] == ["congress", "declaration", "congress_failed"]  # then the war's
    # the War phase fights it (a stalemate on this empty board: W10 brings the disputed
    # area's markers to influence), not the A-26 default, which would remove France's
    assert "pax.event.war_begins" in keys(outcome)
    assert egypt(state) == {("britain", "influence"), ("france", "influence")}


def test_only_a_party_holding_a_casus_belli_may_declare_at_the_congress() -> None:
    state = choose(called(), "france", favoured="")
    prompt = only_prompt(state)
    assert prompt.seat == "britain"
    assert not [c for c in prompt.choices if c.kind == "declare_war"]
    refused = {"type": "declare_war", "power": "britain", "target": "france", "area": "egypt"}
    with pytest.raises(IllegalAction):
        act(state, "britain", refused)
