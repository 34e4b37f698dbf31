"""Taking sides in the Ottoman war (§4.11.14 "any player may announce that it supports the
Ottomans, or that it supports the power attacked"; A-53: joining counts as a declaration of
war for ET and the Great War; §4.11.5 [1993]: an Ottoman war is the Great War only with a
major power supporting the Ottomans)."""

from __future__ import annotations

from typing import Any

from rulesets.pax_britannica import PAX, diplomacy
from rulesets.pax_britannica.autopilot import choose
from rulesets.pax_britannica.conflicts import after_negotiation
from rulesets.pax_britannica.state import PaxState
from tests.pax_britannica.helpers import act, army, context, put
from tests.pax_britannica.test_war_declarations import at_war_phase

NO_REBELLION = [6, 6, 6]


def sides_asked(players: int = 4, pending: tuple[str, ...] = ("france",)) -> PaxState:
    """France established a possession in Syria (held by a strength-3 army): the Empire
    declares war, and the other players are asked which side they take."""
    state = at_war_phase(players, turns=1)
    put(state, "france", "syria", "possession")
    army(state, "france", "syria", 3)
    state.ottoman_war_pending = list(pending)
    ctx = context(state, NO_REBELLION)
    diplomacy.enter(ctx)
    ctx.state.negotiation_done = list(ctx.state.seats)
    after_negotiation(ctx)
    assert ctx.state.phase == "ottoman_sides"
    return ctx.state


def side(state: PaxState, seat: str, chosen: str, dice: list[int] | None = None) -> Any:
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == (seat, "ottoman_side")
    return act(state, seat, {"type": "ottoman_side", "power": seat, "side": chosen}, dice or [])


def test_each_other_player_is_asked_in_seat_order_and_staying_out_is_the_default() -> None:
    state = sides_asked()
    [prompt] = PAX.prompts(state)
    assert prompt.seat == "britain"
    assert [c.action["side"] for c in prompt.choices] == ["none", "ottoman", "attacked"]
    assert choose(PAX.prompts(state), state, "britain", 0)["side"] == "none"
    state = side(state, "britain", "none").state
    state = side(state, "germany", "none").state
    outcome = side(state, "usa", "none", [2])
    assert "pax.event.ottoman_war" in [e.key for e in outcome.events]
    assert not [e for e in outcome.state.tension_log if e.reason == "declaration"]


def test_supporting_the_attacked_power_is_a_declaration_of_war() -> None:
    # "joining either side counts as a declaration of war for ET (+5)".
    state = sides_asked()
    outcome = side(state, "britain", "attacked")
    assert [
        (e.amount, e.power) for e in outcome.state.tension_log if e.reason == "declaration"
    ] == [(5, "britain")]
    state = side(outcome.state, "germany", "none").state
    outcome = side(state, "usa", "none", [2])
    begun = [e.params for e in outcome.events if e.key == "pax.event.ottoman_war"]
    assert begun == [{"powers": ["france"], "strength": 15}]
    assert [e.params for e in outcome.events if e.key == "pax.event.war_begins"] == [
        {"side": ["ottoman"], "other": ["france", "britain"]}
    ]


def test_an_ottoman_war_without_an_ottoman_ally_is_never_the_great_war() -> None:
    # §4.11.5 [1993]: "An Ottoman war against 4 or more powers is not the Great War unless a
    # major power has declared support for the Ottomans". Germany's entry brings
    # Austria-Hungary in.
    state = sides_asked(6, ("france", "russia"))
    state = side(state, "britain", "attacked").state
    outcome = side(state, "germany", "attacked")
    assert outcome.state.ottoman_supporters == {"britain": 1, "germany": 1, "austria_hungary": 1}
    assert not outcome.state.finished


def test_a_major_supporting_the_ottomans_with_four_great_powers_in_is_the_great_war() -> None:
    state = sides_asked(6, ("france", "russia"))
    state = side(state, "britain", "attacked").state
    outcome = side(state, "germany", "ottoman")
    assert "pax.event.great_war_by_war" in [e.key for e in outcome.events]
    assert outcome.state.finished and outcome.state.great_war_blame == ["germany"]
