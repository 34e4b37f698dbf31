"""Movement / Status Change (§4.4): placements, prices, LOC, movement, fleets, the window."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.core import IllegalAction
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.board import army_destinations
from rulesets.pax_britannica.state import unit_by_id
from rulesets.pax_britannica.window_choices import marker_choices
from tests.pax_britannica.helpers import act, army, cleared, context, new_game, put


def menu(state: Any, seat: str, power: str, name: str) -> list[dict[str, Any]]:
    state = act(state, seat, {"type": "open_menu", "power": power, "menu": name}).state
    prompt = next(p for p in PAX.prompts(state) if p.seat == seat)
    return [c.action for c in prompt.choices]


def test_a_marker_needs_a_line_of_communication() -> None:
    # §4.4.2 / §2.10: Germany's fleets are in the North Sea and North Atlantic.
    state = cleared()
    state.powers["germany"].treasury = 50
    areas = {area for area, _, _ in marker_choices(state, "germany")}
    assert "morocco" in areas and "senegal" in areas
    assert "kenya" not in areas and "korea" not in areas


def test_influence_costs_10_a_protectorate_20_and_an_upgrade_the_difference() -> None:
    # §2.6: influence 10 £, protectorate 20 £, influence -> protectorate 10 £.
    state = cleared()
    state.powers["germany"].treasury = 50
    prices = {(a, lv): p for a, lv, p in marker_choices(state, "germany")}
    assert prices[("senegal", "influence")] == 10 and prices[("senegal", "protectorate")] == 20
    put(state, "germany", "senegal", "influence")
    prices = {(a, lv): p for a, lv, p in marker_choices(state, "germany")}
    assert prices[("senegal", "protectorate")] == 10


def test_a_protectorate_needs_an_unorganized_area_or_unrest() -> None:
    # §4.4.2: Morocco is independent; in unrest it may be taken.
    state = cleared()
    state.powers["germany"].treasury = 50
    levels = {lv for a, lv, _ in marker_choices(state, "germany") if a == "morocco"}
    assert "protectorate" not in levels and "influence" in levels
    state.unrest = ["morocco"]
    levels = {lv for a, lv, _ in marker_choices(state, "germany") if a == "morocco"}
    assert "protectorate" in levels


def test_no_influence_where_another_power_has_established_control() -> None:
    state = cleared()
    state.powers["germany"].treasury = 50
    put(state, "france", "senegal", "possession")
    levels = {lv for a, lv, _ in marker_choices(state, "germany") if a == "senegal"}
    assert levels == set()  # interest is barred by an established possession too


def test_placing_a_marker_is_paid_and_unestablished() -> None:
    state = cleared()
    state.powers["germany"].treasury = 50
    state = act(
        state, "germany", {"type": "open_menu", "power": "germany", "menu": "markers"}
    ).state
    outcome = act(
        state,
        "germany",
        {"type": "place_marker", "power": "germany", "area": "senegal", "level": "protectorate"},
    )
    marker = next(m for m in outcome.state.markers if m.area == "senegal")
    assert not marker.established and marker.needs_combat
    assert outcome.state.powers["germany"].treasury == 30


def test_a_protectorate_over_influence_gives_the_influence_holder_a_casus_belli() -> None:
    # A-21 fallback.
    state = cleared()
    state.powers["germany"].treasury = 50
    put(state, "france", "senegal", "influence")
    state = act(
        state, "germany", {"type": "open_menu", "power": "germany", "menu": "markers"}
    ).state
    outcome = act(
        state,
        "germany",
        {"type": "place_marker", "power": "germany", "area": "senegal", "level": "protectorate"},
    )
    assert [(c.holder, c.target) for c in outcome.state.casus_belli] == [("france", "germany")]


def test_an_army_moves_through_own_fleets_and_stops_at_an_unestablished_marker() -> None:
    # §4.4.6: sea zones with own fleets are passed through; an unestablished marker stops.
    state = cleared()
    put(state, "germany", "senegal", "protectorate", established=False)
    put(state, "germany", "mauritania", "possession")
    unit = unit_by_id(state, army(state, "germany", "germany", 3))
    assert unit is not None
    ends = army_destinations(state, unit)
    assert "senegal" in ends and "mauritania" in ends
    assert "north_atlantic" not in ends and "morocco" not in ends


def test_an_army_in_an_unestablished_area_cannot_leave() -> None:
    state = cleared()
    put(state, "germany", "senegal", "protectorate", established=False)
    unit = unit_by_id(state, army(state, "germany", "senegal", 3))
    assert unit is not None and army_destinations(state, unit) == []


def test_the_indian_army_stays_within_two_areas_of_india() -> None:
    # §4.4.9.
    state = cleared()
    for area in ("bengal", "burma", "siam", "malaya", "egypt"):
        put(state, "britain", area, "possession")
    unit = unit_by_id(state, army(state, "britain", "bengal", 10))
    assert unit is not None
    unit.role = "indian_army"
    ends = army_destinations(state, unit)
    assert "burma" in ends and "siam" in ends
    assert "malaya" not in ends and "egypt" not in ends


def test_merchant_fleets_arrive_from_the_turn_record_track() -> None:
    # §2.7: the 1884 box gives merchant fleets to the USA and Japan (Japan only if played).
    from rulesets.pax_britannica import movement

    for players, japan in ((4, 0), (5, 1)):
        state = cleared(players)
        state.turn = 1
        movement.enter(context(state))
        assert state.powers["usa"].fleets_to_take == 1
        assert state.powers["japan"].fleets_to_take == japan


def test_a_new_merchant_fleet_goes_to_a_sea_without_one_of_its_nation() -> None:
    state = cleared()
    state.powers["usa"].fleets_to_take = 1
    seas = {a["sea"] for a in menu(state, "usa", "usa", "fleets") if a["type"] == "take_fleet"}
    assert "north_atlantic" not in seas and "indian_ocean" in seas


def test_navies_built_outside_the_usa_gb_and_japan_raise_et() -> None:
    # §4.12: +1 for a 1 or 3, +3 for a 10; GB builds freely.
    state = cleared()
    state.powers["france"].treasury = 60
    state.powers["britain"].treasury = 60
    state = act(state, "france", {"type": "open_menu", "power": "france", "menu": "units"}).state
    state = act(
        state, "france", {"type": "buy_unit", "power": "france", "kind": "navy", "strength": 10}
    ).state
    assert state.tension == 3 and state.tension_log[-1].power == "france"
    state = act(state, "britain", {"type": "open_menu", "power": "britain", "menu": "units"}).state
    state = act(
        state, "britain", {"type": "buy_unit", "power": "britain", "kind": "navy", "strength": 10}
    ).state
    assert state.tension == 3


def test_the_first_canal_earns_15_vp_and_the_second_none() -> None:
    # §4.4.7: an established influence or control marker in Panama, 30 £.
    state = cleared()
    put(state, "usa", "panama", "influence")
    put(state, "britain", "central_america", "influence")
    state.powers["usa"].treasury = 40
    state.powers["britain"].treasury = 40
    state = act(state, "usa", {"type": "open_menu", "power": "usa", "menu": "canal"}).state
    state = act(state, "usa", {"type": "build_canal", "power": "usa", "area": "panama"}).state
    assert state.powers["usa"].record["25"] == 15 and state.powers["usa"].treasury == 10
    state = act(state, "britain", {"type": "open_menu", "power": "britain", "menu": "canal"}).state
    state = act(
        state, "britain", {"type": "build_canal", "power": "britain", "area": "central_america"}
    ).state
    assert "25" not in state.powers["britain"].record


def test_a_forced_expenditure_must_be_met_before_declaring_done() -> None:
    # §4.1 forced expenditure; a power that cannot afford it spends what it can.
    from rulesets.pax_britannica.state import Obligation

    state = cleared()
    state.powers["france"].treasury = 30
    state.powers["france"].obligations = [Obligation(reason="event", unit="navy", left=8)]
    prompt = next(p for p in PAX.prompts(state) if p.seat == "france")
    kinds = [c.action["type"] for c in prompt.choices]
    assert "done" not in kinds and kinds[0] == "buy_unit"
    bought = 0
    while prompt.choices[0].action["type"] == "buy_unit":
        state = act(state, "france", prompt.choices[0].instantiate()).state
        prompt = next(p for p in PAX.prompts(state) if p.seat == "france")
        bought += 1
    assert prompt.choices[0].action["type"] == "done"
    assert 30 - state.powers["france"].treasury >= 8 and bought == 3  # three 3 £ navies


def test_the_window_closes_when_every_seat_is_done_and_a_seat_may_reopen() -> None:
    state = cleared()
    state.powers["france"].treasury = 20
    state = act(state, "britain", {"type": "done"}).state
    state = act(state, "france", {"type": "open_menu", "power": "france", "menu": "units"}).state
    state = act(
        state, "france", {"type": "buy_unit", "power": "france", "kind": "army", "strength": 1}
    ).state
    prompt = next(p for p in PAX.prompts(state) if p.seat == "britain")
    assert prompt.kind == "reopen" and prompt.choices[0].action["type"] == "stay_done"
    state = act(state, "britain", {"type": "reopen"}).state
    assert not state.windows["britain"].done and state.windows["britain"].reopenings == 1
    for seat in ("britain", "france", "germany"):
        state = act(state, seat, {"type": "done"}).state
    assert state.phase == "movement"
    closing = act(state, "usa", {"type": "done"})
    assert "pax.event.window_closes" in [e.key for e in closing.events]
    # Nothing to fight on this board: the turn goes on to the (private) Negotiation phase.
    assert closing.state.phase == "negotiation" and closing.state.turn == state.turn


def test_austria_hungary_gives_no_money_and_germany_may_give_it_some() -> None:
    # §4.2.5.
    state = cleared()
    state.powers["germany"].treasury = 10
    state.powers["austria_hungary"].treasury = 10
    targets = {a["to"] for a in menu(state, "germany", "germany", "transfer") if "to" in a}
    assert "austria_hungary" in targets
    prompt = next(p for p in PAX.prompts(state) if p.seat == "germany")
    assert {"type": "open_menu", "power": "austria_hungary", "menu": "transfer"} not in [
        c.action for c in prompt.choices
    ]


def test_another_seats_power_is_refused() -> None:
    state = cleared()
    state.powers["france"].treasury = 20
    with pytest.raises(IllegalAction):
        act(state, "britain", {"type": "open_menu", "power": "france", "menu": "units"})


def test_seats_follow_the_player_count() -> None:
    with pytest.raises(IllegalAction) as refused:
        from rulesets.core import start

        start(PAX, ["britain", "france", "germany", "japan"], {}, "ab" * 32)
    assert refused.value.key == "pax.error.powers_for_count"
    assert set(new_game(8).seats) == {
        "britain",
        "france",
        "germany",
        "usa",
        "japan",
        "russia",
        "italy",
        "belgium",
    }
