"""Clauses on every offer and clauses Courier checks itself (§4.8, §5.4): a free-text
clause may ride on any offer and lives on as an accord; a marker ban or a unit limit is
checked at the opening of each Negotiation phase, a public one broken at once, a secret
one told to its parties alone until the wronged party claims it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from rulesets.core import Event, IllegalAction, submit
from rulesets.pax_britannica import PAX, negotiation
from rulesets.pax_britannica.checked_clauses import MAX_AREAS
from rulesets.pax_britannica.map import scene_from_view
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, army, context, every_choice, last_tension, put
from tests.pax_britannica.test_clauses import choice_of
from tests.pax_britannica.test_treaties import answer, negotiating, public

RUBBER = "France buys its rubber from Britain alone"


def paid_with_clause(secret: bool) -> tuple[PaxState, list[Event]]:
    state = negotiating()
    state.powers["britain"].treasury = 30
    action: dict[str, Any] = choice_of(
        state, "britain", "offer_payment", to="france", per_turn=False, secret=secret
    )
    state = act(state, "britain", {**action, "amount": 10, "clause": RUBBER}).state
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    # §4.8 "Any content is allowed that does not break the game rules": the clause travels
    # with the payment offer to its recipient.
    assert prompt.text.key == "pax.prompt.payment_offer_clause" and prompt.private
    assert prompt.text.params["note"] == RUBBER
    return answer(state, "france", accept=True)


def test_a_payment_offer_carries_a_free_text_clause_that_stays_as_an_accord() -> None:
    # §4.8 "payments of £ between players" with a written clause: the money moves at
    # signature, and the clause stays in force so that its breach can be claimed.
    state, events = paid_with_clause(secret=False)
    assert (state.powers["britain"].treasury, state.powers["france"].treasury) == (20, 10)
    [accord] = state.treaties
    assert (accord.kind, accord.parties, accord.clause) == ("accord", ["britain", "france"], RUBBER)
    [told] = [e for e in public(events) if e.key == "pax.event.treaty_clause"]
    assert told.params["note"] == RUBBER
    claim = {"type": "claim_breach", "power": "britain", "treaty": accord.id, "accused": ""}
    assert any(c.matches(claim) for c in every_choice(state, "britain"))


def test_a_secret_payments_clause_stays_with_its_parties() -> None:
    # §4.8 "the terms, and even the existence, of a treaty may be kept secret".
    state, events = paid_with_clause(secret=True)
    assert not any(RUBBER in str(e.params) for e in public(events))
    assert RUBBER not in str(PAX.view(state, None)) and RUBBER not in str(
        PAX.view(state, "germany")
    )
    assert RUBBER in str(PAX.view(state, "france"))


# -- checked clauses ----------------------------------------------------------------------------


def egypt_disputed() -> PaxState:
    """Britain holds Egypt, France an influence there: a dispute between them."""
    state = negotiating()
    put(state, "britain", "egypt", "possession")
    put(state, "france", "egypt", "influence")
    return state


def opened_area(state: PaxState, seat: str, partner: str, area: str) -> PaxState:
    """The seat opens, level by level, the topic of checked clauses about `area`."""
    for topic in (partner, f"check/{partner}", f"check/{partner}/{area}"):
        state = submit(PAX, state, seat, {"type": "open_negotiation", "topic": topic}).state
    return state


def checked_offer(state: PaxState, seat: str, action: dict[str, Any]) -> PaxState:
    """The seat opens the area's topic of checked clauses with the partner and offers."""
    state = opened_area(state, seat, action["to"], action["area"])
    [prompt] = [p for p in PAX.prompts(state) if p.seat == seat]
    assert prompt.find(action) is not None, [c.action for c in prompt.choices]
    return submit(PAX, state, seat, action).state


def ban(secret: bool, bound: str = "france") -> dict[str, Any]:
    return {
        "type": "offer_marker_ban",
        "power": "britain",
        "to": "france",
        "bound": bound,
        "area": "egypt",
        "secret": secret,
    }


def signed_ban(secret: bool) -> PaxState:
    state = checked_offer(egypt_disputed(), "britain", ban(secret))
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    assert prompt.text.key == "pax.prompt.marker_ban_offer"
    assert (prompt.text.params["bound"], prompt.text.params["area"]) == ("france", "egypt")
    state, _ = answer(state, "france", accept=True)
    [treaty] = state.treaties
    assert (treaty.kind, treaty.bound, treaty.area) == ("marker_ban", "france", "egypt")
    return state


def france_raises_egypt(state: PaxState) -> PaxState:
    """The next turn's Movement/Status Change phase: France raises its influence in Egypt."""
    state = state.model_copy(deep=True)
    state.turn += 1
    [marker] = [m for m in state.markers if (m.power, m.area) == ("france", "egypt")]
    marker.level, marker.placed_turn, marker.placed_this_turn = "protectorate", state.turn, True
    state.turn -= 1
    return state


def checked(state: PaxState, turns: int = 1) -> tuple[PaxState, list[Event]]:
    """The Negotiation phase `turns` later opens, with Courier's checks."""
    state = state.model_copy(deep=True)
    state.turn += turns
    ctx = context(state)
    negotiation.enter(ctx)
    return ctx.state, ctx.events


def test_every_checked_clause_topic_fits_a_select() -> None:
    # §4.8's checked clauses come through short menus: no topic lists more than 15 choices.
    state = egypt_disputed()
    for area in ("morocco", "tunisia", "algeria", "persia", "siam", "burma", "korea", "congo"):
        put(state, "britain", area, "influence")
    for area in ("angola", "sudan", "abyssinia", "tibet", "madagascar", "arabia", "aden"):
        put(state, "france", area, "influence")
    state = submit(PAX, state, "britain", {"type": "open_negotiation", "topic": "france"}).state
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    [opener] = [c for c in prompt.choices if str(c.action.get("topic")).startswith("check/")]
    assert opener.label is not None and opener.label.params["count"] == MAX_AREAS
    state = submit(PAX, state, "britain", opener.instantiate()).state
    [areas] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    assert len(areas.choices) == MAX_AREAS + 1 <= 15
    assert areas.choices[1].action["topic"] == "check/france/egypt"  # the dispute first
    state = submit(PAX, state, "britain", areas.choices[1].instantiate()).state
    [offers] = [p for p in PAX.prompts(state) if p.seat == "britain"]
    kinds = [c.kind for c in offers.choices[1:]]
    assert kinds.count("offer_marker_ban") == 4 and kinds.count("offer_unit_limit") == 8
    assert len(offers.choices) <= 15


def test_a_public_ban_broken_is_a_breach_at_once() -> None:
    # §4.8 "a ban on placing markers in named areas"; "Any violation gives every other
    # signatory a CB against the violator"; "Breaking a treaty raises ET by 5". §5.4:
    # "structured clauses can be checked automatically".
    state = france_raises_egypt(signed_ban(secret=False))
    tension = state.tension
    state, events = checked(state)
    assert state.treaties == []
    assert state.tension == tension + 5
    assert last_tension(state) == ("treaty_broken", "france")
    assert [(c.holder, c.target, c.area) for c in state.casus_belli] == [
        ("britain", "france", "egypt")
    ]
    [told] = [e for e in public(events) if e.key == "pax.event.marker_ban_broken"]
    assert (told.params["power"], told.params["area"], told.params["other"]) == (
        "france",
        "egypt",
        "britain",
    )


def test_a_ban_kept_or_signed_this_turn_is_no_breach() -> None:
    # The bound power has had no Movement phase to comply before the turn after the
    # signature; and a marker left as it was breaks nothing.
    state = signed_ban(secret=False)
    kept, events = checked(state)
    assert len(kept.treaties) == 1 and kept.tension == state.tension
    assert not [e for e in events if "broken" in e.key]
    [marker] = [m for m in state.markers if m.power == "france"]
    marker.placed_turn, marker.placed_this_turn = state.turn, True
    same_turn, events = checked(state, turns=0)
    assert len(same_turn.treaties) == 1 and same_turn.casus_belli == []


def mentions_ban(value: Any) -> bool:
    text = json.dumps(value, default=str)
    return any(word in text for word in ("marker_ban", "egypt"))


def test_a_secret_ban_broken_stays_secret_until_the_wronged_party_claims_it() -> None:
    # §4.8 "the terms, and even the existence, of a treaty may be kept secret"; "A
    # signatory who uses a secret treaty to obtain a CB must make the treaty public".
    state = france_raises_egypt(signed_ban(secret=True))
    tension = state.tension
    state, events = checked(state)
    assert not any(mentions_ban(e.params) or "ban" in e.key for e in public(events))
    [told] = [e for e in events if e.key == "pax.event.marker_ban_broken_secretly"]
    assert told.visible_to == ["britain", "france"]
    assert state.tension == tension and state.casus_belli == []
    for outsider in (None, "germany", "usa"):
        view = PAX.view(state, outsider)
        assert "marker_ban" not in json.dumps(view) and not mentions_ban(view["treaties"])
    assert PAX.view(state, "britain")["treaties"][0]["violated_by"] == "france"
    public_map = scene_from_view(PAX.view(state, None), "en")
    labels = [region.label for region in public_map.regions] + list(public_map.captions.values())
    labels += [value for panel in public_map.panels for row in panel.rows for value in row.values]
    assert not re.search(r"\b(?:ban|treaty|secret)\b", "\n".join(labels), re.IGNORECASE)
    [treaty] = state.treaties
    assert treaty.secret and treaty.violated_by == "france"
    # France, the violator, may not claim; Britain may, and Courier confirms it at once.
    violator = {"type": "claim_breach", "power": "france", "treaty": treaty.id, "accused": ""}
    assert not any(c.matches(violator) for c in every_choice(state, "france"))
    claim = {"type": "claim_breach", "power": "britain", "treaty": treaty.id, "accused": ""}
    assert any(c.matches(claim) for c in every_choice(state, "britain"))
    outcome = act(state, "britain", claim)
    state, shown = outcome.state, [e.key for e in public(outcome.events)]
    assert shown[:2] == ["pax.event.treaty_published", "pax.event.marker_ban_broken"]
    assert "pax.event.treaty_broken" in shown
    assert state.treaties == [] and state.claims == []
    assert state.tension == tension + 5
    assert [(c.holder, c.target, c.area) for c in state.casus_belli] == [
        ("britain", "france", "egypt")
    ]
    assert [p for p in PAX.prompts(state) if p.kind in ("breach_claim", "breach_judgement")] == []


def limit_offer(secret: bool) -> dict[str, Any]:
    return {
        "type": "offer_unit_limit",
        "power": "britain",
        "to": "france",
        "bound": "france",
        "area": "egypt",
        "units": "army",
        "limit": 1,
        "secret": secret,
    }


def test_a_unit_limit_is_checked_against_the_units_in_the_area() -> None:
    # §4.8 "an obligation or a ban on keeping N units in an area or region".
    state = checked_offer(egypt_disputed(), "britain", limit_offer(secret=False))
    [prompt] = [p for p in PAX.prompts(state) if p.seat == "france"]
    assert prompt.text.key == "pax.prompt.unit_limit_offer" and prompt.text.params["limit"] == 1
    state, events = answer(state, "france", accept=True)
    [terms] = [e for e in public(events) if e.key == "pax.event.unit_limit_terms"]
    assert terms.params["limit"] == 1 and terms.params["units"] == "pax_units_army"
    army(state, "france", "egypt")
    army(state, "france", "morocco")
    kept, _ = checked(state)
    assert len(kept.treaties) == 1  # one army in Egypt: within the limit
    army(state, "france", "egypt")
    tension = state.tension
    broken, events = checked(state)
    assert broken.treaties == [] and broken.tension == tension + 5
    assert "pax.event.unit_limit_broken" in [e.key for e in public(events)]
    assert [(c.holder, c.target) for c in broken.casus_belli] == [("britain", "france")]


def test_a_unit_limit_beyond_the_small_set_is_refused() -> None:
    state = opened_area(egypt_disputed(), "britain", "france", "egypt")
    with pytest.raises(IllegalAction):
        submit(PAX, state, "britain", {**limit_offer(secret=False), "limit": 9})
    assert state.offers == [] and state.proposals == {}
