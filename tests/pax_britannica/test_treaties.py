"""Negotiation and treaties (§4.7, §4.8) and the calls to war they make (§4.11.4), with
the secrecy of secret treaties until they are used to obtain a casus belli."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesets.core import Event, IllegalAction
from rulesets.pax_britannica import PAX, diplomacy, treaties
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, context, every_choice, keys, put
from tests.pax_britannica.test_war_declarations import at_war_phase, give_cb


def negotiating(players: int = 4) -> PaxState:
    state = at_war_phase(players, turns=1)
    ctx = context(state, [6, 6, 6])
    diplomacy.enter(ctx)
    assert ctx.state.phase == "negotiation"
    return ctx.state


def offer(state: PaxState, sender: str, to: str, kind: str, secret: bool) -> PaxState:
    action = {"type": "propose_treaty", "power": sender, "to": to, "kind": kind, "secret": secret}
    return act(state, sender, action).state


def answer(state: PaxState, seat: str, accept: bool) -> tuple[PaxState, list[Event]]:
    [prompt] = [p for p in PAX.prompts(state) if p.seat == seat]
    assert prompt.kind == "treaty_offer" and prompt.private
    outcome = act(state, seat, {**prompt.choices[1 if accept else 0].action})
    return outcome.state, outcome.events


def end_all(state: PaxState) -> tuple[PaxState, list[Event]]:
    """Every seat ends negotiation, and every casus belli holder calls no Congress."""
    events: list[Event] = []
    for seat in state.seats:
        if seat not in state.negotiation_done:
            outcome = act(state, seat, {"type": "end_negotiation"}, [6, 6, 6])
            state, events = outcome.state, events + outcome.events
    while state.phase == "congress":
        [prompt] = PAX.prompts(state)
        outcome = act(state, prompt.seat, prompt.choices[0].instantiate(), [6, 6, 6])
        state, events = outcome.state, events + outcome.events
    return state, events


def public(events: list[Event]) -> list[Event]:
    return [e for e in events if e.visible_to is None]


def mentions_treaty(value: Any) -> bool:
    text = json.dumps(value)
    return any(word in text for word in ("defensive", "treaty_", "pax_treaty", "secret"))


def test_negotiation_is_private_to_each_seat() -> None:
    # §4.8 / §5.1: treaties may be secret, so every negotiation prompt goes to its seat
    # alone; an offer is told to its two parties only.
    state = negotiating()
    prompts = PAX.prompts(state)
    assert sorted(p.seat for p in prompts) == sorted(state.seats)
    assert all(p.kind == "negotiation" and p.private for p in prompts)
    action = {
        "type": "propose_treaty",
        "power": "britain",
        "to": "france",
        "kind": "defensive",
        "secret": True,
    }
    outcome = act(state, "britain", action)
    [told] = [e for e in outcome.events if e.key == "pax.event.treaty_offered"]
    assert told.visible_to == ["britain", "france"]
    assert "offers" not in PAX.view(outcome.state, None)
    assert len(PAX.view(outcome.state, "france")["offers"]) == 1
    assert PAX.view(outcome.state, "germany")["offers"] == []


def test_a_public_treaty_is_announced_and_a_refused_one_is_not() -> None:
    # §4.8 "Form: written and signed by every party".
    state = negotiating()
    state = offer(state, "britain", "france", "non_aggression", False)
    state, events = answer(state, "france", accept=True)
    assert [e.key for e in public(events)] == ["pax.event.treaty_signed"]
    [treaty] = PAX.view(state, None)["treaties"]
    assert (treaty["kind"], treaty["parties"]) == ("non_aggression", ["britain", "france"])
    state = offer(state, "germany", "usa", "offensive", False)
    state, events = answer(state, "usa", accept=False)
    assert public(events) == [] and len(state.treaties) == 1


def test_the_phase_ends_when_every_seat_has_finished_and_offers_are_answered() -> None:
    # Each seat offers at most 3 treaties a turn, so the phase always ends.
    state = negotiating()
    for to, kind in (("france", "defensive"), ("germany", "defensive"), ("usa", "offensive")):
        state = offer(state, "britain", to, kind, False)
    [mine] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    assert [c.kind for c in mine.choices] == ["end_negotiation"]
    state = act(state, "britain", {"type": "end_negotiation"}).state
    assert state.phase == "negotiation"  # three offers still wait for an answer
    assert {p.kind for p in PAX.prompts(state)} == {"treaty_offer"}
    for seat in ("france", "germany", "usa"):
        state, _ = answer(state, seat, accept=False)
    state, _ = end_all(state)
    assert state.phase != "negotiation"


def test_an_influence_under_a_protectorate_may_become_an_interest() -> None:
    # §4.7 method 2: "If the control marker is a protectorate, each removed influence may be
    # replaced by an interest"; "+1 ET per level of reduction"; the dispute is settled.
    state = negotiating()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    withdrawals = [c.action["to"] for c in every_choice(state, "france") if c.kind == "withdraw"]
    assert withdrawals == ["none", "interest"]
    action = {"type": "withdraw", "power": "france", "area": "egypt", "to": "interest"}
    state = act(state, "france", action).state
    assert [(m.power, m.level) for m in state.markers if m.area == "egypt"] == [
        ("britain", "protectorate"),
        ("france", "interest"),
    ]
    assert state.casus_belli == [] and state.tension == 1


def secret_alliance() -> PaxState:
    """Britain and the USA sign a secret defensive alliance; France holds a casus belli
    against Britain over Egypt."""
    state = negotiating()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    state = offer(state, "britain", "usa", "defensive", True)
    state, _ = answer(state, "usa", accept=True)
    return state


def test_a_secret_defensive_alliance_stays_secret_until_it_is_honoured() -> None:
    # §4.8: a secret treaty; "if a non-signatory declares war on a signatory, every other
    # signatory gets a CB against the declarer, and by the treaty it must declare war";
    # "A signatory who uses a secret treaty to obtain a CB must make the treaty public".
    state = secret_alliance()
    seen: list[Event] = []
    state, events = end_all(state)
    seen += events
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    outcome = act(state, "france", declare, [6, 1])
    state, seen = outcome.state, seen + outcome.events
    [call] = PAX.prompts(state)
    assert (call.seat, call.kind, call.private) == ("usa", "treaty_call", True)
    for viewer in (None, "france", "germany"):
        assert not mentions_treaty(PAX.view(state, viewer)["treaties"])
    assert PAX.view(state, "usa")["treaties"][0]["secret"] is True
    assert not any(mentions_treaty([e.key, e.params]) for e in public(seen))
    outcome = act(state, "usa", call.choices[0].instantiate(), [6, 1])
    published = [e for e in outcome.events if e.key == "pax.event.treaty_published"]
    assert published and published[0].visible_to is None
    declared = [e.params for e in outcome.events if e.key == "pax.event.war_declared"]
    assert {"power": "usa", "target": "france", "area": "egypt"} in declared
    assert [e.amount for e in outcome.state.tension_log if e.reason == "declaration"] == [5, 5]


def test_refusing_the_call_breaks_the_treaty_and_gives_the_partner_a_casus_belli() -> None:
    # §4.11.4 "No: the treaty is broken (ET +5), and its partners gain a CB against it and
    # may declare war on it".
    state = secret_alliance()
    state, _ = end_all(state)
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    state = act(state, "france", declare).state
    refuse = {"type": "answer_call", "treaty": state.treaties[0].id, "honour": False}
    outcome = act(state, "usa", refuse)
    state = outcome.state
    assert "pax.event.treaty_broken" in keys(outcome) and state.treaties == []
    assert [e.power for e in state.tension_log if e.reason == "treaty_broken"] == ["usa"]
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_declaration")
    assert [c.action.get("target") for c in prompt.choices] == [None, "usa"]


def test_an_offensive_alliance_calls_the_partner_into_its_partners_war() -> None:
    # §4.8 offensive: "if one signatory declares war, the others must join" (§4.11.4: Germany
    # and Italy; here France and Japan, to keep three great European powers apart).
    state = negotiating(players=5)
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    state = offer(state, "france", "japan", "offensive", False)
    state, _ = answer(state, "japan", accept=True)
    state, _ = end_all(state)
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    state = act(state, "france", declare).state
    [call] = PAX.prompts(state)
    assert (call.seat, call.kind, call.private) == ("japan", "treaty_call", False)
    outcome = act(state, "japan", call.choices[0].instantiate())
    declared = [e.params for e in outcome.events if e.key == "pax.event.war_declared"]
    assert declared == [{"power": "japan", "target": "britain", "area": "egypt"}]
    [begins] = [e.params for e in outcome.events if e.key == "pax.event.war_begins"]
    assert begins == {"side": ["france", "japan"], "other": ["britain"]}


def test_declaring_war_on_a_pact_partner_breaks_the_pact() -> None:
    # §4.8: "Any violation gives every other signatory a CB against the violator";
    # "Breaking a treaty raises ET by 5".
    state = negotiating()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    state = offer(state, "france", "britain", "non_aggression", False)
    state, _ = answer(state, "britain", accept=True)
    state, _ = end_all(state)
    declare = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
    outcome = act(state, "france", declare)
    assert "pax.event.treaty_broken" in keys(outcome)
    reasons = [e.reason for e in outcome.state.tension_log if e.reason != "event"]
    assert reasons == ["declaration", "treaty_broken", "war_cycle"]
    assert outcome.state.treaties == []


def test_germany_signs_defensive_treaties_only_for_austria_hungary() -> None:
    # §4.8 "A-H: the German player may sign defensive treaties only (never offensive ones) on
    # behalf of A-H, either alone or together with Germany".
    state = negotiating()
    for_ah = {
        c.action["kind"]
        for c in every_choice(state, "germany")
        if c.kind == "propose_treaty" and c.action.get("power") == "austria_hungary"
    }
    assert for_ah == {"defensive"}
    to_ah = {
        c.action["kind"]
        for c in every_choice(state, "france")
        if c.kind == "propose_treaty" and c.action.get("to") == "austria_hungary"
    }
    assert to_ah == {"defensive"}
    state = offer(state, "france", "austria_hungary", "defensive", False)
    state, events = answer(state, "germany", accept=True)
    [treaty] = state.treaties
    assert treaty.parties == ["france", "austria_hungary"]
    assert [e.key for e in public(events)] == ["pax.event.treaty_signed"]


def test_an_offensive_alliance_for_austria_hungary_is_refused() -> None:
    state = negotiating()
    action = {
        "type": "propose_treaty",
        "power": "austria_hungary",
        "to": "britain",
        "kind": "offensive",
        "secret": False,
    }
    with pytest.raises(IllegalAction):
        act(state, "germany", action)
    state = act(state, "germany", {**action, "kind": "defensive"}).state
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    assert prompt.kind == "treaty_offer" and prompt.text.params["power"] == "austria_hungary"


def test_austria_hungary_is_never_called_to_war_on_germany() -> None:
    # §4.8: Germany's player signs for Austria-Hungary; its defensive alliance with France
    # cannot set it against the player's own Germany (make fuzz, 5 players, seed 128: A-H
    # joined France against Germany, then Germany offered peace to itself).
    state = negotiating()
    state = offer(state, "france", "austria_hungary", "defensive", False)
    state, _ = answer(state, "germany", accept=True)
    britain_called = treaties.calls_for(state, "britain", "france", "alsace")
    assert [(c.power, c.target) for c in britain_called] == [("austria_hungary", "britain")]
    assert treaties.calls_for(state, "germany", "france", "alsace") == []
