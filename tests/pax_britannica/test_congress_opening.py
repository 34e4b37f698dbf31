"""The Congress of Europe's opening (§4.9, §4.7 method 3): the USA and Japan by unanimous
invitation, the members' free removals and gifts of markers, and the order of the
disputes by vote, quoted by section."""

from __future__ import annotations

import pytest

from rulesets.core import IllegalAction, Prompt
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, keys, put
from tests.pax_britannica.test_congress import at_congress, choose, egypt, to_debates
from tests.pax_britannica.test_war_declarations import give_cb


def prompt_of(state: PaxState, seat: str) -> Prompt:
    return next(p for p in PAX.prompts(state) if p.seat == seat)


def invite(state: PaxState, answers: dict[str, bool]) -> PaxState:
    for seat, yes in answers.items():
        state = choose(state, seat, invite=yes)
    return state


def free_turn(state: PaxState) -> PaxState:
    """Called at Germany with nobody invited: the members' free changes begin."""
    state = choose(state, "france", site="germany")
    return invite(state, {"britain": False, "france": False, "germany": False})


def done(state: PaxState, seat: str) -> PaxState:
    return choose(state, seat, step="done")


# -- the USA and Japan by invitation --------------------------------------------------------


def test_the_usa_attends_when_every_european_member_invites_it() -> None:
    # §4.9 Members: "the USA and Japan only if they are a party to a dispute, or all the
    # other European majors invite them unanimously, or the Congress is held in the USA or
    # Japan".
    state = choose(at_congress(), "france", site="germany")
    assert state.congress is not None and state.congress.step == "invite"
    prompts = PAX.prompts(state)
    assert sorted(p.seat for p in prompts) == ["britain", "france", "germany"]
    assert {p.kind for p in prompts} == {"congress_invitation"}
    assert [c.action["invite"] for c in prompts[0].choices] == [False, True]  # default first
    state = invite(state, {"britain": True, "france": True, "germany": True})
    assert state.congress is not None
    assert state.congress.members == ["britain", "france", "germany", "usa"]


def test_one_european_member_against_keeps_the_usa_out() -> None:
    # §4.9: the invitation must be unanimous; the USA then neither attends nor votes.
    state = choose(at_congress(), "france", site="germany")
    outcome = act(
        invite(state, {"britain": True, "france": True}),
        "germany",
        {"type": "invite_guest", "power": "germany", "guest": "usa", "invite": False},
    )
    assert "pax.event.guest_not_invited" in keys(outcome)
    assert outcome.state.congress is not None
    assert outcome.state.congress.members == ["britain", "france", "germany"]
    assert outcome.state.congress.step == "free"


def test_a_member_cannot_vote_twice_on_an_invitation() -> None:
    state = choose(choose(at_congress(), "france", site="germany"), "britain", invite=True)
    with pytest.raises(IllegalAction):
        act(
            state,
            "britain",
            {"type": "invite_guest", "power": "britain", "guest": "usa", "invite": True},
        )


# -- free removals and gifts ----------------------------------------------------------------


def test_a_member_may_remove_its_marker_free_to_end_the_dispute() -> None:
    # §4.7 method 3: "In the Congress phase, players may freely remove any markers";
    # "Markers placed this way cost no £. ET per level reduced" (§4.17.3: reductions decided
    # by a Congress raise ET).
    state = free_turn(at_congress())
    prompt = prompt_of(state, "britain")
    assert prompt.kind == "congress_free"
    assert [c.action["step"] for c in prompt.choices] == ["done", "remove", "give"]
    state = done(state, "britain")
    state = choose(state, "france", step="remove", area="")
    removals = prompt_of(state, "france").choices
    assert [c.action["step"] for c in removals] == ["back", "remove"]
    label = removals[1].label
    assert label is not None and label.params["tension"] == 2  # an influence: two levels
    outcome = act(
        state,
        "france",
        {"type": "free_change", "power": "france", "step": "remove", "area": "egypt"},
    )
    state = outcome.state
    assert egypt(state) == {("britain", "protectorate")}
    assert state.casus_belli == []
    assert [(e.reason, e.amount) for e in state.tension_log if e.reason != "event"] == [
        ("congress", 3),
        ("congress_free", 2),
    ]
    outcome = act(state, "france", {"type": "free_change", "power": "france", "step": "done"})
    assert "pax.event.congress_adjourns" in keys(outcome)  # nothing left to debate
    assert outcome.state.congress is None and outcome.state.phase != "congress"


def test_a_marker_may_be_removed_where_there_is_no_dispute() -> None:
    # §4.7 method 3: "even where there is no dispute".
    state = at_congress()
    put(state, "germany", "morocco", "interest")
    state = free_turn(state)
    state = done(done(state, "britain"), "france")
    state = choose(state, "germany", step="remove", area="")
    state = choose(state, "germany", step="remove", area="morocco")
    assert not [m for m in state.markers if m.area == "morocco"]
    assert [e.reason for e in state.tension_log][-2:] == ["congress", "congress_free"]
    assert state.tension_log[-1].amount == 1
    assert state.casus_belli != []  # Egypt's dispute stays on the agenda


def test_a_gift_replaces_the_givers_marker_by_the_receivers_free() -> None:
    # §4.7 method 3: "A player may give its marker to another power, replacing its own
    # marker with an equivalent marker of the other power ... Disputes can thus be settled
    # by giving something in exchange for the removal of an influence or interest marker."
    state = at_congress()
    put(state, "britain", "sudan", "protectorate")
    treasury = state.powers["france"].treasury
    state = free_turn(state)
    state = choose(state, "britain", step="give", area="")
    gifts = [(c.action["area"], c.action["recipient"]) for c in prompt_of(state, "britain").choices]
    assert ("sudan", "france") in gifts and ("sudan", "germany") in gifts
    assert ("egypt", "france") not in gifts  # France holds a marker there already
    state = choose(state, "britain", step="give", area="sudan", recipient="france")
    sudan = {(m.power, m.level, m.established) for m in state.markers if m.area == "sudan"}
    assert sudan == {("france", "protectorate", True)}
    assert [e.reason for e in state.tension_log][-1] == "congress"  # a gift costs no ET
    assert state.powers["france"].treasury == treasury
    state = done(state, "britain")
    state = choose(state, "france", step="remove", area="")
    state = choose(state, "france", step="remove", area="egypt")  # France's part of the deal
    assert egypt(state) == {("britain", "protectorate")} and state.casus_belli == []


def test_a_gift_not_listed_is_refused_and_changes_nothing() -> None:
    state = free_turn(at_congress())
    with pytest.raises(IllegalAction):
        act(
            state,
            "britain",
            {
                "type": "free_change",
                "power": "britain",
                "step": "give",
                "area": "egypt",
                "recipient": "france",
            },
        )
    assert egypt(state) == {("britain", "protectorate"), ("france", "influence")}


# -- the order of the disputes --------------------------------------------------------------


def two_disputes() -> PaxState:
    """Egypt (Britain and France) and the Sudan (Britain and Germany) on the agenda, in
    a 6-player game (Russia attends), past the invitations and free changes."""
    state = at_congress(6)
    put(state, "britain", "sudan", "protectorate")
    put(state, "germany", "sudan", "influence")
    give_cb(state, "germany", "britain", "sudan")
    state = choose(state, "france", site="russia")
    while (prompts := PAX.prompts(state)) and prompts[0].kind in (
        "congress_invitation",
        "congress_free",
    ):
        state = act(state, prompts[0].seat, prompts[0].choices[0].instantiate()).state
    return state


def test_the_members_vote_on_which_dispute_comes_first() -> None:
    # §4.9: "It handles every dispute needing one, in an order the Congress chooses (by
    # vote if necessary)"; the alphabetical agenda is listed first (the default).
    state = two_disputes()
    assert state.congress is not None and state.congress.agenda == ["egypt", "sudan"]
    prompts = PAX.prompts(state)
    assert {p.kind for p in prompts} == {"congress_order"}
    assert sorted(p.seat for p in prompts) == ["britain", "france", "germany", "russia"]
    assert [c.action["item"] for c in prompts[0].choices] == ["egypt", "sudan"]
    for seat, item in (("britain", "sudan"), ("germany", "sudan"), ("france", "egypt")):
        state = choose(state, seat, item=item)
    state = choose(state, "russia", item="egypt")  # 2 to 2: the host's vote decides
    assert state.congress is not None and state.congress.agenda == ["egypt", "sudan"]
    assert prompt_of(state, "france").kind == "congress_proposal"


def test_a_majority_puts_the_later_dispute_first() -> None:
    state = two_disputes()
    for seat in ("britain", "germany", "russia"):
        state = choose(state, seat, item="sudan")
    state = choose(state, "france", item="egypt")
    assert state.congress is not None and state.congress.agenda == ["sudan", "egypt"]
    prompt = prompt_of(state, "france")
    assert prompt.kind == "congress_proposal" and prompt.text.params["area"] == "sudan"


def test_the_congress_goes_on_with_the_disputes_a_war_does_not_settle() -> None:
    # §4.9 step 7: "Other conflicts that this war does not settle (because they involve
    # other powers) must still be resolved before the Congress adjourns."
    state = two_disputes()
    for seat in ("britain", "france", "germany", "russia"):
        state = choose(state, seat, item="egypt")
    war = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    state = to_debates(act(state, "france", war).state)  # past the free changes
    assert state.congress is not None and state.congress.agenda == ["sudan"]
    prompt = prompt_of(state, "france")
    assert prompt.kind == "congress_proposal" and prompt.text.params["area"] == "sudan"
