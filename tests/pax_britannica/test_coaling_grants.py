"""Coaling a neutral grants in war (§4.11.7): "a marker of a neutral power that has granted
you coaling there. The grant is verbal and irrevocable for the rest of the war" (« une
fois que cela a été accordé verbalement, cette aire neutre reste un endroit de charbonnage
pour le reste de la guerre; son propriétaire ne peut pas changer d'avis »). The neutral is
asked when a navy actually tries to enter the sea."""

from __future__ import annotations

import pytest

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import IllegalAction
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.state import PaxState, War, game_data
from rulesets.pax_britannica.war_board import coaling
from tests.pax_britannica.helpers import act, army, keys, put
from tests.pax_britannica.test_war import egypt_dispute


def atlantic_war() -> PaxState:
    """France's manoeuvre in a war with the USA (both with an army abroad); a French navy
    of 3 in the North Atlantic, France without a marker on the South Atlantic's coast,
    where neutral Britain holds the Cape Colony."""
    state = egypt_dispute()
    state.casus_belli = []
    coast = game_data(state).coast("south_atlantic")
    state.markers = [m for m in state.markers if m.area not in coast]
    put(state, "britain", "cape_colony", "possession")
    put(state, "france", "madagascar", "possession")
    put(state, "usa", "cuba", "dominion")
    army(state, "france", "madagascar", 3)
    army(state, "usa", "cuba", 3)
    new_unit(state, "france", "navy", 3, "north_atlantic")
    war = War(sides=(["france"], ["usa"]), cycle=1, first=0, waiting=["france"], opened=True)
    state.wars, state.phase = [war], "war"
    return state


def to_south_atlantic(state: PaxState) -> dict[str, object]:
    [navy] = [u for u in state.units if (u.power, u.kind) == ("france", "navy")]
    return {"type": "war_move", "power": "france", "unit": navy.id, "to": "south_atlantic"}


def navy_at(state: PaxState) -> str:
    [navy] = [u for u in state.units if (u.power, u.kind) == ("france", "navy")]
    return navy.location


def asked(state: PaxState) -> PaxState:
    [prompt] = PAX.prompts(state)
    choice = prompt.find(to_south_atlantic(state))
    assert choice is not None
    assert choice_label("pax-britannica", choice, "en") == (
        "France: move the naval unit of 3 from North Atlantic to South Atlantic (one step, free; "
        "it has no coaling rights there, so a neutral with a marker on that coast is asked "
        "first)"
    )
    outcome = act(state, "france", to_south_atlantic(state))
    assert "pax.event.coaling_requested" in keys(outcome)
    assert navy_at(outcome.state) == "north_atlantic"
    return outcome.state


def test_a_navy_asks_a_neutral_for_coaling_and_the_grant_lasts_the_war() -> None:
    state = atlantic_war()
    assert not coaling(state, state.wars[0], "france", "south_atlantic")
    state = asked(state)
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_coaling")
    assert render(prompt.text, "en") == (
        "France wants to move a naval unit of 3 from North Atlantic to South Atlantic, where it "
        "has no coaling rights. Does Great Britain let it coal at its own markers beside that "
        "sea (Cape Colony) for the rest of the war?"
    )
    assert prompt.choices[0].action == {"type": "grant_coaling", "power": "britain", "grant": False}
    assert PAX.default_action(state, "britain") == prompt.choices[0].instantiate()
    with pytest.raises(IllegalAction):  # France waits for the answer
        act(state, "france", {"type": "war_step_done"})
    granted = act(state, "britain", prompt.choices[1].instantiate())
    assert "pax.event.coaling_granted" in keys(granted)
    assert navy_at(granted.state) == "south_atlantic"
    war = granted.state.wars[0]
    assert war.coaling_grants == {"cape_colony": ["france"]}
    assert coaling(granted.state, war, "france", "south_atlantic")  # support, later steps


def test_when_every_neutral_refuses_the_navy_stays_and_asks_no_more_this_cycle() -> None:
    state = asked(atlantic_war())
    refused = act(state, "britain", {"type": "grant_coaling", "power": "britain", "grant": False})
    assert "pax.event.coaling_step_refused" in keys(refused)
    assert navy_at(refused.state) == "north_atlantic"
    [prompt] = PAX.prompts(refused.state)
    assert (prompt.seat, prompt.kind) == ("france", "war_manoeuvre")
    assert prompt.find(to_south_atlantic(refused.state)) is None
    assert refused.state.wars[0].coaling_refusals == ["britain france"]


def test_a_second_neutral_may_grant_what_the_first_refused() -> None:
    state = atlantic_war()
    put(state, "germany", "south_west_africa", "possession")
    state = asked(state)
    assert state.wars[0].coaling_request is not None
    assert state.wars[0].coaling_request.asked == ["britain", "germany"]
    state = act(
        state, "britain", {"type": "grant_coaling", "power": "britain", "grant": False}
    ).state
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("germany", "war_coaling")
    granted = act(state, "germany", {"type": "grant_coaling", "power": "germany", "grant": True})
    assert navy_at(granted.state) == "south_atlantic"
    assert granted.state.wars[0].coaling_grants == {"south_west_africa": ["france"]}
