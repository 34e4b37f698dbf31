"""The signatures of a Congress's settlement and what a refusal leads to (§4.9 steps 4–7,
§4.11.12): the spoils Congress's division signed or defied, war on a defier, the free
changes between disputes, and one treaty settling every dispute, quoted by section."""

from __future__ import annotations

from typing import Any

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.pax_britannica import PAX, diplomacy
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, context, keys, last_tension, put
from tests.pax_britannica.test_congress import called, choose, to_debates
from tests.pax_britannica.test_war_declarations import at_war_phase, give_cb
from tests.pax_britannica.test_war_spoils import REFUSE, SUBMIT, won_together

SIGN = {"type": "sign_settlement", "power": "france", "sign": True}


def the_prompt(state: PaxState) -> Any:
    [prompt] = PAX.prompts(state)
    return prompt


def readable(prompt: Any) -> None:
    """The prompt's text and every choice read as sentences in both languages."""
    for language in ("en", "fr"):
        text = render(prompt.text, language)
        assert "pax." not in text and "{" not in text and "None" not in text, text
        for choice in prompt.choices:
            label = choice_label("pax-britannica", choice, language)
            assert "pax." not in label and "{" not in label and "None" not in label, label


def spoils_adopted() -> PaxState:
    """France and Germany won together; Germany refused France's draft, and the Congress
    (Britain, France, Germany; Austria-Hungary hosting) gave both areas to Germany."""
    state, _ = won_together()
    state = act(state, "france", SUBMIT).state
    state = act(state, "germany", REFUSE).state
    for area in ("egypt", "sudan"):
        for voter in ("britain", "france", "germany"):
            ballot = {"type": "vote_spoils", "area": area, "power": "germany"}
            state = act(state, voter, ballot).state
    return state


def sign(state: PaxState, power: str, signed: bool) -> Any:
    return act(state, power, {"type": "sign_settlement", "power": power, "sign": signed})


def test_the_spoils_congress_division_takes_effect_once_every_victor_signs() -> None:
    # §4.9 step 4: "every party to the dispute must sign the adopted treaty. If all sign,
    # the terms take effect"; the victors are the parties of the spoils Congress (§4.11.12).
    state = spoils_adopted()
    prompt = the_prompt(state)
    assert (prompt.seat, prompt.kind) == ("france", "spoils_signature")
    assert [c.action["sign"] for c in prompt.choices] == [True, False]
    readable(prompt)
    tension = state.tension
    state = sign(state, "france", True).state
    assert the_prompt(state).seat == "germany"
    outcome = sign(state, "germany", True)
    state = outcome.state
    assert keys(outcome)[:2] == ["pax.event.spoils_signed", "pax.event.spoils_divided"]
    assert state.tension == tension and not state.casus_belli
    assert {(s.power, s.area) for s in state.wars[0].spoils} == {
        ("germany", "egypt"),
        ("germany", "sudan"),
    }


def test_a_victor_that_defies_the_spoils_congress_may_be_fought_once_the_war_is_over() -> None:
    # §4.9 step 4: a refusal gives "every other Congress member (party to the dispute or
    # not) a legitimate CB against the refuser" (A-28: war allowed, not forced); step 6:
    # "+3, plus +2 for each power that defies the Congress"; §4.11.12: "a war between the
    # victors is conceivable if that Congress fails"; step 5: the battlefield settles it,
    # so each area stays with the victor whose armies took it.
    state = spoils_adopted()
    armies = {(s.power, s.area) for s in state.wars[0].spoils}
    tension = state.tension
    state = sign(state, "france", False).state
    outcome = sign(state, "germany", True)
    state = outcome.state
    assert "pax.event.spoils_congress_fails" in keys(outcome)
    assert state.tension == tension + 5
    assert last_tension(state) == ("congress_failed", "france")
    against = {(c.holder, c.target) for c in state.casus_belli}
    assert against == {("britain", "france"), ("germany", "france")}
    assert {(s.power, s.area) for s in state.wars[0].spoils} == armies
    while state.phase == "war":  # each receiver places its first marker; the war ends
        prompt = the_prompt(state)
        state = act(state, prompt.seat, prompt.choices[0].instantiate()).state
    prompt = the_prompt(state)
    assert (state.phase, prompt.seat, prompt.kind) == (
        "war_declarations",
        "britain",
        "war_declaration",
    )
    state = act(state, "britain", {"type": "no_war", "power": "britain"}).state
    prompt = the_prompt(state)
    assert (prompt.seat, prompt.kind) == ("germany", "war_declaration")
    declare = {"type": "declare_war", "power": "germany", "target": "france", "area": "egypt"}
    assert declare in [c.action for c in prompt.choices]
    outcome = act(state, "germany", declare)
    assert "pax.event.war_declared" in keys(outcome)
    assert outcome.state.phase == "war" and "pax.event.war_begins" in keys(outcome)


def test_a_missed_signature_deadline_is_a_delay_that_counts_as_a_refusal() -> None:
    # §4.9 step 7: war is allowed "when a participant refuses to sign or delays": a party
    # that lets the deadline pass delays, and Courier records it as a refusal.
    state = spoils_adopted()
    assert PAX.default_action(state, "france") == {**SIGN, "sign": False}
    assert PAX.autopilot_action(state, "france", 0) == SIGN  # an absent seat's stand-in signs


# -- war on a defier during the Congress (§4.9 step 7) ---------------------------------------


def three_disputes(breach: bool = False) -> PaxState:
    """France disputes Egypt and the Sudan with Britain, the USA Morocco with Germany (and,
    with `breach`, Britain broke a treaty with France); France calls the Congress (at
    Austria-Hungary's, the one uninvolved home) and the debate on Egypt opens, France
    proposing first."""
    state = at_war_phase(4, turns=1)
    if breach:  # a casus belli over the violator's home puts its breach on the agenda
        give_cb(state, "france", "britain", "britain")
    for area, holder, rival in (
        ("egypt", "britain", "france"),
        ("sudan", "britain", "france"),
        ("morocco", "germany", "usa"),
    ):
        put(state, holder, area, "protectorate")
        put(state, rival, area, "influence")
        give_cb(state, rival, holder, area)
    ctx = context(state, [6, 6, 6])
    diplomacy.enter(ctx)
    state = ctx.state
    for seat in state.seats:
        state = act(state, seat, {"type": "end_negotiation"}, [6, 6, 6]).state
    state = choose(state, "france", site="austria_hungary")
    while opening := [p for p in PAX.prompts(state) if p.kind != "congress_proposal"]:
        prompt = opening[0]  # nobody invited, no free change, every vote for Egypt first
        egypt_first = [c for c in prompt.choices if c.action.get("item") == "egypt"]
        state = act(state, prompt.seat, (egypt_first or prompt.choices)[0].instantiate()).state
    assert state.congress is not None and state.congress.agenda[0] == "egypt"
    return state


def france_defies(state: PaxState) -> Any:
    """Egypt's settlement for Britain adopted unanimously; Britain signs, France refuses."""
    state = choose(state, "france", favoured="britain", partner="")
    for seat in ("britain", "france", "germany", "usa"):
        state = choose(state, seat, approve=True)
    state = choose(state, "britain", sign=True)
    return act(state, "france", {"type": "sign_settlement", "power": "france", "sign": False})


def test_a_member_may_go_to_war_on_a_defier_during_the_congress() -> None:
    # §4.9 step 7: "War declared during a Congress: allowed when a participant refuses to
    # sign or delays. Other conflicts that this war does not settle (because they involve
    # other powers) must still be resolved before the Congress adjourns."
    state = france_defies(three_disputes()).state
    prompt = the_prompt(state)
    assert (prompt.seat, prompt.kind) == ("britain", "congress_war")
    assert prompt.choices[0].action == {"type": "no_war", "power": "britain"}  # the default
    readable(prompt)
    declare = {"type": "declare_war", "power": "britain", "target": "france", "area": "egypt"}
    assert [c.action for c in prompt.choices[1:]] == [declare]
    tension = state.tension
    outcome = act(state, "britain", declare)
    state = outcome.state
    assert "pax.event.war_declared" in keys(outcome)
    assert "pax.event.congress_left_to_war" in keys(outcome)  # the Sudan: only the two of them
    assert state.tension == tension + 5
    assert [w.sides for w in state.wars] == [(["britain"], ["france"])]
    assert state.congress is not None and state.congress.agenda == ["morocco"]
    # Germany and the USA (a member as Morocco's party) may join the war on France at once
    # too; they wait
    for seat in ("germany", "usa"):
        prompt = the_prompt(state)
        assert (prompt.seat, prompt.kind) == (seat, "congress_war")
        state = act(state, seat, prompt.choices[0].instantiate()).state
    state = to_debates(state)
    prompt = the_prompt(state)
    assert prompt.kind == "congress_proposal" and prompt.text.params["area"] == "morocco"


def test_members_that_wait_keep_their_casus_belli_for_the_war_phase() -> None:
    # the refusal allows war, it does not force it; the War phase offers it again.
    state = france_defies(three_disputes()).state
    for seat in ("britain", "germany", "usa"):
        state = act(state, seat, {"type": "no_war", "power": seat}).state
    state = to_debates(state)
    assert state.congress is not None and state.congress.agenda[0] in ("sudan", "morocco")
    assert not state.wars
    assert {(c.holder, c.target) for c in state.casus_belli if c.area == "egypt"} >= {
        ("britain", "france"),
        ("germany", "france"),
    }


def test_a_war_cutting_the_debate_short_settles_the_disputes_between_its_belligerents() -> None:
    # §4.9 step 7: the conflicts a war settles leave the Congress; "other conflicts that
    # this war does not settle (because they involve other powers) must still be resolved".
    state = three_disputes()
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    outcome = act(state, "france", declare)
    left = [e.params["area"] for e in outcome.events if e.key == "pax.event.congress_left_to_war"]
    assert left == ["sudan"]
    state = to_debates(outcome.state)
    assert state.congress is not None and state.congress.agenda == ["morocco"]
    assert the_prompt(state).kind == "congress_proposal"


# -- free changes between two disputes (§4.7 method 3) ---------------------------------------


def test_the_free_changes_are_offered_again_before_each_further_dispute() -> None:
    # §4.7 method 3: at a Congress a member may remove its markers or give them free; Courier
    # offers it at the opening and again between two disputes, "done" the default. The USA
    # withdraws its influence from Morocco: that dispute leaves the agenda (its casus belli
    # ends with it, as a withdrawal in the Negotiation phase ends it), ET +1 a level.
    state = three_disputes()
    state = choose(state, "france", favoured="britain", partner="")
    for seat in ("britain", "france", "germany", "usa"):
        state = choose(state, seat, approve=True)
    state = choose(state, "britain", sign=True)
    state = choose(state, "france", sign=True)
    assert state.congress is not None and state.congress.agenda == ["morocco", "sudan"]
    asked = []
    while (prompt := the_prompt(state)).kind == "congress_free":
        assert prompt.choices[0].action["step"] == "done"  # the default
        readable(prompt)
        asked.append(prompt.seat)
        if prompt.seat != "usa":
            state = act(state, prompt.seat, prompt.choices[0].instantiate()).state
            continue
        state = choose(state, "usa", step="remove", area="")
        tension = state.tension
        state = choose(state, "usa", step="remove", area="morocco")
        assert state.tension == tension + 2  # an influence: two levels above none
        state = choose(state, "usa", step="done")
    assert asked == ["britain", "france", "germany", "usa"]
    assert state.congress is not None and state.congress.agenda == ["sudan"]
    assert not [c for c in state.casus_belli if c.area == "morocco"]
    prompt = the_prompt(state)  # one dispute left: no vote on the order
    assert prompt.kind == "congress_proposal" and prompt.text.params["area"] == "sudan"


# -- one treaty settling every dispute (§4.9) -------------------------------------------------

DRAFT = {"type": "draft_treaty", "power": "france", "area": "", "favoured": ""}


def treaty_adopted() -> PaxState:
    """France drafts one treaty for the three disputes, keeping its own influence in the
    Sudan, and every member votes for it."""
    state = three_disputes()
    prompt = the_prompt(state)
    assert DRAFT in [c.action for c in prompt.choices]
    state = act(state, "france", DRAFT).state
    prompt = the_prompt(state)
    assert (prompt.seat, prompt.kind) == ("france", "congress_treaty")
    assert prompt.choices[0].action == DRAFT  # put to the vote: the default
    readable(prompt)
    assert state.congress is not None
    assert state.congress.package == {"egypt": "britain", "sudan": "britain", "morocco": "germany"}
    give = {**DRAFT, "area": "sudan", "favoured": "france"}
    state = act(state, "france", give).state
    assert give not in [c.action for c in the_prompt(state).choices]  # once an area
    outcome = act(state, "france", DRAFT)
    assert "pax.event.treaty_proposed" in keys(outcome)
    state = outcome.state
    readable(next(p for p in PAX.prompts(state) if p.kind == "congress_vote"))
    for seat in ("britain", "france", "germany", "usa"):
        state = choose(state, seat, approve=True)
    return state


def test_one_treaty_adopted_and_signed_settles_every_dispute() -> None:
    # §4.9: the Congress handles its disputes "in an order the Congress chooses ... or
    # through a single treaty that settles everything"; step 4: every party signs it; each
    # level of reduction adds +1 ET.
    state = treaty_adopted()
    signers = []
    while state.congress is not None and state.congress.step == "sign":
        prompt = the_prompt(state)
        assert prompt.kind == "congress_signature"
        readable(prompt)
        signers.append(prompt.seat)
        state = choose(state, prompt.seat, sign=True)
    assert signers == ["britain", "france", "germany", "usa"]  # every party to any dispute
    assert state.congress is None and state.phase != "congress"  # nothing left to debate
    held = {(m.power, m.area, m.level) for m in state.markers}
    assert {
        ("britain", "egypt", "protectorate"),
        ("france", "egypt", "interest"),
        ("britain", "sudan", "influence"),
        ("france", "sudan", "influence"),
        ("germany", "morocco", "protectorate"),
        ("usa", "morocco", "interest"),
    } <= held
    settled = [e for e in state.tension_log if e.reason == "congress_settlement"]
    assert [e.amount for e in settled] == [3]


def test_a_defied_treaty_fails_every_dispute_it_covers() -> None:
    # §4.9 step 4: a refusal gives every other member a legitimate CB against the refuser;
    # step 6: ET +3 and +2 a defier; none of the disputes is settled.
    state = treaty_adopted()
    tension = state.tension
    state = choose(state, "britain", sign=False)
    for seat in ("france", "germany", "usa"):
        state = choose(state, seat, sign=True)
    assert state.tension == tension + 5
    against = {(c.holder, c.area) for c in state.casus_belli if c.target == "britain"}
    for area in ("egypt", "sudan", "morocco"):
        assert {("france", area), ("germany", area), ("usa", area)} <= against
    assert state.congress is not None and state.congress.agenda == []
    prompt = the_prompt(state)
    assert (prompt.seat, prompt.kind) == ("france", "congress_war")


def test_one_treaty_is_offered_only_for_two_or_more_disputes_over_areas() -> None:
    state = called()  # Egypt alone
    assert "draft_treaty" not in [c.kind for c in the_prompt(state).choices]


def test_a_treaty_breach_is_left_out_of_the_one_treaty_and_debated_alone() -> None:
    # §4.9's single treaty settles the disputes over areas; a breach's sanction (an
    # indemnity, sanctions.py) is no marker change, so it stays on the agenda.
    state = three_disputes(breach=True)
    assert state.congress is not None and "britain" in state.congress.agenda
    state = act(state, "france", DRAFT).state
    assert state.congress is not None
    assert set(state.congress.package) == {"egypt", "sudan", "morocco"}
    state = act(state, "france", DRAFT).state
    for seat in ("britain", "france", "germany", "usa"):
        state = choose(state, seat, approve=True)
    for seat in ("britain", "france", "germany", "usa"):
        state = choose(state, seat, sign=True)
    assert state.congress is not None and state.congress.agenda == ["britain"]
