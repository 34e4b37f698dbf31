"""Random Events phase (§4.1): the count, the D66 reading, rerolls, unrest, ET."""

from __future__ import annotations

from rulesets.pax_britannica.random_events import apply_event, draw_event, roll_unrest
from tests.pax_britannica.helpers import cleared, context


def test_the_d66_reads_the_first_die_as_tens() -> None:
    # §2.13: 2-5 is German colonial agitation (the text's own example of the reading).
    state = cleared()
    ctx = context(state, [2, 5])
    assert draw_event(ctx) == "25"
    assert ctx.events[-1].params["event"] == "pax_event_german_colonial_agitation"


def test_a_state_event_drawn_twice_in_one_phase_is_rolled_again() -> None:
    # §4.1.3: the same state event cannot occur twice in one Random Events phase.
    state = cleared()
    ctx = context(state, [2, 5, 2, 5, 5, 5])
    assert draw_event(ctx) == "25"
    assert draw_event(ctx) == "55"
    assert "pax.event.event_rerolled" in [e.key for e in ctx.events]


def test_an_unrest_result_may_come_twice() -> None:
    # §4.1.4: 4-2 twice gives two rolls on table A.
    state = cleared()
    ctx = context(state, [4, 2, 4, 2])
    assert draw_event(ctx) == "42" and draw_event(ctx) == "42"


def test_an_area_already_in_unrest_is_rolled_again_on_the_same_table() -> None:
    state = cleared()
    ctx = context(state, [1, 1, 2])  # table A: 1 Morocco, 1 again, 2 Egypt
    roll_unrest(ctx, "A")
    roll_unrest(ctx, "A")
    assert state.unrest == ["morocco", "egypt"]


def test_an_exhausted_unrest_table_has_no_effect() -> None:
    # no infinite loop.
    state = cleared()
    state.unrest = ["morocco", "egypt", "sudan", "transvaal", "abyssinia", "madagascar"]
    ctx = context(state)
    roll_unrest(ctx, "A")
    assert ctx.events[-1].key == "pax.event.unrest_exhausted"


def test_german_agitation_sets_the_colonial_office_factor() -> None:
    state = cleared()
    apply_event(context(state), "24")
    assert state.powers["germany"].office_factor == 4
    assert state.powers["germany"].obligations[0].unit == "navy"


def test_an_event_for_an_unplayed_power_does_nothing() -> None:
    state = cleared()  # 4 players: Italy is a minor power
    apply_event(context(state), "23")
    assert state.powers["italy"].obligations == []


def test_serbia_defies_austria_raises_et_and_opens_serbia() -> None:
    state = cleared()
    apply_event(context(state), "14")
    assert state.tension == 3 and state.tension_log[-1].reason == "event"
    assert state.powers["austria_hungary"].may_place == ["serbia"]


def test_an_event_that_brings_et_to_100_starts_the_great_war_with_nobody_to_blame() -> None:
    # §4.1.5: nobody is tripled when a random event causes the Great War.
    state = cleared()
    state.tension = 98
    assert apply_event(context(state), "53") is True
    assert state.great_war and state.great_war_blame == [] and state.finished
    assert all(r["30"] == -20 for r in state.final_record.values())


def test_the_balkan_wars_change_the_map() -> None:
    # §2.4: Greece-Serbia first; then Bulgaria-Greece replaces Anatolia-Serbia and
    # Bulgaria reaches the Mediterranean.
    from rulesets.pax_britannica.board import area_seas, land_neighbours

    state = cleared()
    apply_event(context(state), "11")
    assert "serbia" in land_neighbours(state, "greece")
    assert "anatolia" in land_neighbours(state, "serbia")
    state.events_this_turn = []
    apply_event(context(state), "11")
    assert "bulgaria" in land_neighbours(state, "greece")
    assert "anatolia" not in land_neighbours(state, "serbia")
    assert "mediterranean" in area_seas(state, "bulgaria")
