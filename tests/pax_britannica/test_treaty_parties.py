"""Treaties of more than two parties (§4.8 "written and signed by every party"): a third
power joins an alliance when every party and it sign; a signatory withdraws by agreement
while the treaty stays in force for the others ("Changes"); breaches and calls to war
reach every other signatory; a secret treaty of three stays with its three parties."""

from __future__ import annotations

from typing import Any

from rulesets.core import Event
from rulesets.core.engine import submit
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, every_choice, opened, put, scripted
from tests.pax_britannica.test_treaties import (
    answer,
    end_all,
    mentions_treaty,
    negotiating,
    offer,
    public,
)
from tests.pax_britannica.test_war_declarations import give_cb


def offered(state: PaxState, seat: str, topic: str, action: dict[str, Any]) -> PaxState:
    """The seat opens its topic on `topic` (a partner power) and makes the offer."""
    state = opened(state, seat, topic)
    return submit(PAX, state, seat, action, dice_source=scripted([])).state


def alliance(secret: bool, players: int = 5) -> PaxState:
    """Britain and the USA sign a defensive alliance (public or secret)."""
    state = offer(negotiating(players), "britain", "usa", "defensive", secret)
    state, _ = answer(state, "usa", accept=True)
    return state


def accession(state: PaxState, to: str = "japan") -> PaxState:
    [treaty] = state.treaties
    action = {"type": "offer_accession", "power": "britain", "treaty": treaty.id, "to": to}
    return offered(state, "britain", to, action)


def three_party(secret: bool) -> tuple[PaxState, list[Event]]:
    """Britain, the USA and Japan in one defensive alliance, and every event on the way."""
    state = alliance(secret)
    events: list[Event] = []
    state = accession(state)
    for seat in ("usa", "japan"):
        state, seen = answer(state, seat, accept=True)
        events += seen
    return state, events


def test_a_party_may_offer_a_third_power_to_join_an_alliance() -> None:
    # §4.8: an alliance binds "the others"; a third power joins by signing it.
    state = alliance(secret=False)
    offers = [c.action for c in every_choice(state, "britain") if c.kind == "offer_accession"]
    assert {a["to"] for a in offers} == {"france", "germany", "austria_hungary", "japan"}
    assert all(
        c.label.key == "pax.label.offer_accession"
        for c in every_choice(state, "britain")
        if c.kind == "offer_accession"
    )


def test_every_party_and_the_joining_power_must_sign() -> None:
    # §4.8 "written and signed by every party": the USA (a party) and Japan both sign.
    state = accession(alliance(secret=False))
    prompts = {p.seat: p for p in PAX.prompts(state) if p.kind == "treaty_offer"}
    assert set(prompts) == {"usa", "japan"} and all(p.private for p in prompts.values())
    assert prompts["japan"].text.key == "pax.prompt.accession_offer"
    assert prompts["japan"].text.params["parties"] == ["britain", "usa"]
    for seat in ("usa", "japan"):  # a missed deadline refuses
        assert PAX.default_action(state, seat)["accept"] is False
    state, events = answer(state, "japan", accept=True)
    assert state.treaties[0].parties == ["britain", "usa"]
    [agreed] = [e for e in events if e.key == "pax.event.treaty_agreed"]
    assert agreed.visible_to == ["britain", "japan", "usa"]
    assert [p.seat for p in PAX.prompts(state) if p.kind == "treaty_offer"] == ["usa"]
    state, events = answer(state, "usa", accept=True)
    assert state.treaties[0].parties == ["britain", "usa", "japan"] and state.offers == []
    [joined] = [e for e in public(events) if e.key == "pax.event.treaty_joined"]
    assert joined.params == {
        "power": "japan",
        "parties": ["britain", "usa"],
        "kind": "pax_treaty_defensive",
    }


def test_one_refusal_leaves_the_treaty_as_it_was() -> None:
    state = accession(alliance(secret=False))
    state, _ = answer(state, "japan", accept=True)
    state, events = answer(state, "usa", accept=False)
    assert state.treaties[0].parties == ["britain", "usa"] and state.offers == []
    [refused] = [e for e in events if e.key == "pax.event.treaty_refused"]
    assert refused.params["power"] == "usa"
    assert refused.visible_to == ["britain", "japan", "usa"]


def test_a_secret_three_party_treaty_never_shows_in_public() -> None:
    # §4.8 "the terms, and even the existence, of a treaty may be kept secret": the joining
    # power learns of it with the offer, nobody else until it is used for a casus belli.
    state = opened(alliance(secret=True), "britain", "japan")
    [treaty] = state.treaties
    action = {"type": "offer_accession", "power": "britain", "treaty": treaty.id, "to": "japan"}
    outcome = submit(PAX, state, "britain", action, dice_source=scripted([]))
    state = outcome.state
    [told] = [e for e in outcome.events if e.key == "pax.event.treaty_offered"]
    assert told.visible_to == ["britain", "japan", "usa"] and not public(outcome.events)
    for viewer in (None, "france", "germany"):
        view = PAX.view(state, viewer)
        assert not mentions_treaty(view["treaties"]) and view.get("offers", []) == []
    assert PAX.view(state, "japan")["offers"][0]["kind"] == "accession"
    state, events = three_party(secret=True)
    assert not any(mentions_treaty([e.key, e.params]) for e in public(events))
    [joined] = [e for e in events if e.key == "pax.event.treaty_joined"]
    assert joined.visible_to == ["britain", "japan", "usa"]
    for viewer in (None, "france", "germany"):
        assert not mentions_treaty(PAX.view(state, viewer)["treaties"])
    for viewer in ("britain", "usa", "japan"):
        [shown] = PAX.view(state, viewer)["treaties"]
        assert shown["parties"] == ["britain", "usa", "japan"]


def test_war_on_one_party_calls_every_other_party() -> None:
    # §4.8 defensive: "if a non-signatory declares war on a signatory, every other signatory
    # gets a CB against the declarer, and by the treaty it must declare war" (§4.11.4).
    state, seen = three_party(secret=True)
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    state, events = end_all(state)
    seen += events
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    outcome = act(state, "france", declare, [6, 1])
    state, seen = outcome.state, seen + outcome.events
    assert [(c.power, c.target) for c in state.treaty_calls] == [
        ("usa", "france"),
        ("japan", "france"),
    ]
    [call] = PAX.prompts(state)
    assert (call.seat, call.kind, call.private) == ("usa", "treaty_call", True)
    assert call.text.params["partners"] == ["britain", "japan"]
    assert not any(mentions_treaty([e.key, e.params]) for e in public(seen))


def test_a_party_refusing_the_call_gives_every_other_party_a_casus_belli() -> None:
    # §4.8 "Any violation gives every other signatory a CB against the violator"; "Breaking
    # a treaty raises ET by 5". Our reading: the others' treaty stays in force.
    state, _ = three_party(secret=False)
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    state, _ = end_all(state)
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    state = act(state, "france", declare, [6, 1]).state
    tension = state.tension
    [treaty] = state.treaties
    outcome = act(state, "usa", {"type": "answer_call", "treaty": treaty.id, "honour": False})
    state = outcome.state
    assert state.tension == tension + 5
    assert [(c.holder, c.target) for c in state.casus_belli if c.target == "usa"] == [
        ("britain", "usa"),
        ("japan", "usa"),
    ]
    assert state.treaties[0].parties == ["britain", "japan"]
    assert "pax.event.treaty_stands" in [e.key for e in outcome.events]
    # Japan's call still stands, on the treaty that still binds it.
    assert any(p.seat == "japan" and p.kind == "treaty_call" for p in PAX.prompts(state))


def test_a_claim_in_a_treaty_of_three_names_the_accused() -> None:
    # §4.8 / §5.4: "A signatory claims a breach"; with two partners, the claimant says whom.
    state, _ = three_party(secret=False)
    state.treaties[0].clause = "No fleet in the Channel"
    claims = [c.action for c in every_choice(state, "britain") if c.kind == "claim_breach"]
    assert sorted(a["accused"] for a in claims) == ["japan", "usa"]
    state = offered(state, "britain", "japan", next(a for a in claims if a["accused"] == "japan"))
    assert (state.claims[0].claimant, state.claims[0].accused) == ("britain", "japan")


def withdrawal(state: PaxState, power: str) -> PaxState:
    [treaty] = state.treaties
    topic = next(p for p in treaty.parties if p != power)
    action = {"type": "offer_withdrawal", "power": power, "treaty": treaty.id}
    return offered(state, power, topic, action)


def test_a_withdrawal_agreed_by_the_others_leaves_the_treaty_in_force() -> None:
    # §4.8 Changes: "By mutual agreement, one signatory may withdraw while the treaty stays
    # in force for the others."
    state, _ = three_party(secret=False)
    state.proposals = {}
    state = withdrawal(state, "japan")
    asked = sorted(p.seat for p in PAX.prompts(state) if p.kind == "treaty_offer")
    assert asked == ["britain", "usa"]
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "usa"]
    assert prompt.text.key == "pax.prompt.withdrawal_offer"
    state, _ = answer(state, "usa", accept=True)
    state, events = answer(state, "britain", accept=True)
    assert state.treaties[0].parties == ["britain", "usa"]
    [left] = [e for e in public(events) if e.key == "pax.event.treaty_left"]
    assert left.params["power"] == "japan" and left.params["parties"] == ["britain", "usa"]


def test_a_refused_withdrawal_keeps_the_signatory_bound() -> None:
    state, _ = three_party(secret=False)
    state.proposals = {}
    state = withdrawal(state, "japan")
    state, _ = answer(state, "usa", accept=False)
    assert state.treaties[0].parties == ["britain", "usa", "japan"] and state.offers == []
    assert not any(p.kind == "treaty_offer" for p in PAX.prompts(state))


def test_a_withdrawal_from_a_secret_treaty_is_told_to_its_parties_only() -> None:
    state, _ = three_party(secret=True)
    state.proposals = {}
    state = withdrawal(state, "usa")
    state, _ = answer(state, "britain", accept=True)
    state, events = answer(state, "japan", accept=True)
    assert not any(mentions_treaty([e.key, e.params]) for e in public(events))
    [left] = [e for e in events if e.key == "pax.event.treaty_left"]
    assert left.visible_to == ["britain", "japan", "usa"]
    assert state.treaties[0].parties == ["britain", "japan"]


def test_a_withdrawal_from_a_treaty_of_two_ends_it() -> None:
    # Only one party would remain: there is no treaty left.
    state = alliance(secret=False)
    state = withdrawal(state, "usa")
    state, events = answer(state, "britain", accept=True)
    assert state.treaties == []
    assert "pax.event.treaty_left_ended" in [e.key for e in public(events)]


def test_austria_hungary_joins_defensive_alliances_only() -> None:
    # §4.8 "the German player may sign defensive treaties only [...] on behalf of A-H".
    state = offer(negotiating(5), "britain", "usa", "non_aggression", False)
    state, _ = answer(state, "usa", accept=True)
    joiners = {
        c.action["to"] for c in every_choice(state, "britain") if c.kind == "offer_accession"
    }
    assert "austria_hungary" not in joiners and "germany" in joiners
    state = alliance(secret=False)
    joiners = {
        c.action["to"] for c in every_choice(state, "britain") if c.kind == "offer_accession"
    }
    assert "austria_hungary" in joiners


def contested(state: PaxState, accused: str) -> PaxState:
    """Britain claims that `accused` broke the treaty's clause; the accused contests."""
    [treaty] = state.treaties
    treaty.clause = "No fleet in the Channel"
    state.proposals = {}
    action = {"type": "claim_breach", "power": "britain", "treaty": treaty.id, "accused": accused}
    state = offered(state, "britain", accused, action)
    contest = {"type": "answer_claim", "treaty": treaty.id, "admit": False}
    return act(state, accused, contest).state


def test_a_contested_claim_is_judged_by_the_other_signatories() -> None:
    # §5.4: "the accused may contest; a majority of the other signatories [...] confirms";
    # §4.8 "Any violation gives every other signatory a CB against the violator".
    state = contested(three_party(secret=False)[0], "japan")
    judging = [p for p in PAX.prompts(state) if p.kind == "breach_judgement"]
    assert [p.seat for p in judging] == ["usa"] and judging[0].private
    confirm = {"type": "judge_claim", "treaty": state.treaties[0].id, "confirm": True}
    state = act(state, "usa", confirm).state
    assert state.claims == [] and state.treaties[0].parties == ["britain", "usa"]
    assert sorted(c.holder for c in state.casus_belli if c.target == "japan") == [
        "britain",
        "usa",
    ]


def test_a_tie_among_the_other_signatories_rejects_the_claim() -> None:
    # Our choice: only a strict majority confirms; a tie keeps the treaty as it stands.
    state, _ = three_party(secret=False)
    state.proposals = {}
    state = accession(state, to="france")
    for seat in ("usa", "japan", "france"):
        state, _ = answer(state, seat, accept=True)
    assert state.treaties[0].parties == ["britain", "usa", "japan", "france"]
    state = contested(state, "japan")
    judges = sorted(p.seat for p in PAX.prompts(state) if p.kind == "breach_judgement")
    assert judges == ["france", "usa"]
    treaty = state.treaties[0].id
    state = act(state, "usa", {"type": "judge_claim", "treaty": treaty, "confirm": True}).state
    outcome = act(state, "france", {"type": "judge_claim", "treaty": treaty, "confirm": False})
    state = outcome.state
    [verdict] = [e for e in outcome.events if e.key == "pax.event.breach_judged"]
    assert (verdict.params["confirmed"], verdict.params["rejected"]) == (1, 1)
    assert verdict.params["verdict"] == "pax_breach_rejected"
    assert state.claims == [] and len(state.treaties[0].parties) == 4
    assert not [c for c in state.casus_belli if c.target == "japan"]


def test_one_change_of_a_treaty_waits_at_a_time() -> None:
    # §4.8 "Any other change needs every party's agreement": while Japan's accession waits,
    # no other accession, withdrawal or voiding of that treaty is offered, so that each is
    # signed by the parties of the treaty as it then stands.
    state = accession(alliance(secret=False))
    changes = ("offer_accession", "offer_withdrawal", "offer_void")
    assert not [c for c in every_choice(state, "britain") if c.kind in changes]
    state, _ = answer(state, "usa", accept=True)
    state, _ = answer(state, "japan", accept=True)
    assert [c for c in every_choice(state, "usa") if c.kind in changes]
