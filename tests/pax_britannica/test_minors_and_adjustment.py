"""Minor powers (§4.3) and Marker Adjustment (§4.6), played by Courier."""

from __future__ import annotations

from rulesets.pax_britannica.adjustment import garrison_check, unrest_consequences
from rulesets.pax_britannica.minor_powers import activity, best_step, react_to_unrest
from rulesets.pax_britannica.state import marker_of
from tests.pax_britannica.helpers import army, cleared, context, put


def test_an_inactive_roll_ends_a_minors_turn() -> None:
    # §4.3.3.1: Belgium is active on 5 or 6 in the provisional table.
    state = cleared()
    ctx = context(state, [4])
    activity(ctx, "belgium")
    assert ctx.events[-1].key == "pax.event.minor_inactive"


def test_an_active_minor_takes_an_unorganized_area_with_a_unit_from_home() -> None:
    # §4.3.3.3b: Belgium rolls 5 (active), then 1 + 3 = 4: Congo, unorganized, no control.
    state = cleared()
    unit = army(state, "belgium", "belgium")
    put(state, "france", "congo", "influence")
    ctx = context(state, [5, 1, 3])
    activity(ctx, "belgium")
    marker = marker_of(state, "belgium", "congo")
    assert marker is not None and marker.level == "protectorate" and marker.established
    assert next(u for u in state.units if u.id == unit).location == "congo"
    # Every major with influence there gains a casus belli against the minor.
    assert [(c.holder, c.target) for c in state.casus_belli] == [("france", "belgium")]
    assert "congo" in state.minor_blocked  # §4.17.2 timing option, on by default


def test_the_cascade_falls_to_influence_then_interest() -> None:
    state = cleared()
    put(state, "britain", "egypt", "protectorate")
    assert best_step(state, "italy", "egypt") is None  # another power's control marker
    assert best_step(state, "italy", "tunisia") == "influence"  # independent, no unrest
    put(state, "italy", "greece", "influence")
    assert best_step(state, "italy", "greece") is None


def test_a_possession_comes_from_a_protectorate_with_a_unit() -> None:
    state = cleared()
    put(state, "portugal", "angola", "protectorate")
    army(state, "portugal", "angola")
    assert best_step(state, "portugal", "angola") == "possession"


def test_an_unfeasible_area_is_rolled_again() -> None:
    # §4.3.3.5: Belgium 6 active; 1 + 1 = 2 Ubangi (no LOC), then 1 + 3 = 4 Congo.
    state = cleared()
    army(state, "belgium", "belgium")
    ctx = context(state, [6, 1, 1, 1, 3])
    activity(ctx, "belgium")
    assert "pax.event.minor_rerolls" in [e.key for e in ctx.events]
    assert marker_of(state, "belgium", "congo") is not None


def test_a_minor_rushes_everything_to_its_richest_area_in_unrest() -> None:
    # §4.3.2: Spain holds Cuba (EV 3) and Puerto Rico (EV 1), both in unrest.
    state = cleared()
    put(state, "spain", "cuba", "possession")
    put(state, "spain", "puerto_rico", "possession")
    home = army(state, "spain", "spain", 3)
    lone = army(state, "spain", "puerto_rico", 1)
    state.unrest = ["cuba", "puerto_rico"]
    react_to_unrest(context(state), "spain")
    assert next(u for u in state.units if u.id == home).location == "cuba"
    assert next(u for u in state.units if u.id == lone).location == "puerto_rico"  # alone: stays
    assert [(c.power, c.area) for c in state.combats] == [("spain", "cuba")]


def test_a_control_marker_without_a_garrison_falls_to_influence() -> None:
    # §4.4.8.
    state = cleared()
    put(state, "germany", "cameroon", "protectorate")
    garrison_check(context(state))
    marker = marker_of(state, "germany", "cameroon")
    assert marker is not None and marker.level == "influence" and marker.established


def test_a_codominion_member_without_a_garrison_loses_its_marker() -> None:
    # §4.4.8: no influence inside a codominion; interest if no possession there.
    state = cleared()
    put(state, "britain", "guiana", "protectorate")
    put(state, "france", "guiana", "protectorate")
    army(state, "france", "guiana")
    garrison_check(context(state))
    marker = marker_of(state, "britain", "guiana")
    assert marker is not None and marker.level == "interest"
    put(state, "usa", "hawaii", "possession")
    army(state, "usa", "hawaii")
    put(state, "britain", "hawaii", "protectorate")
    garrison_check(context(state))
    assert marker_of(state, "britain", "hawaii") is None


def test_unrest_left_in_a_controlled_area_costs_the_controller_only() -> None:
    # §4.5.2: a revolt against the controlling power.
    state = cleared()
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "interest")
    army(state, "britain", "egypt", 1)
    put(state, "britain", "sudan", "possession")
    state.unrest = ["egypt"]
    unrest_consequences(context(state))
    assert marker_of(state, "britain", "egypt") is None
    assert marker_of(state, "france", "egypt") is not None
    assert {u.location for u in state.units if u.power == "britain"} == {"sudan"}


def test_unrest_left_in_an_influence_area_sweeps_every_marker() -> None:
    state = cleared()
    put(state, "britain", "persia", "influence")
    put(state, "russia", "persia", "interest")
    state.unrest = ["persia"]
    unrest_consequences(context(state))
    assert [m for m in state.markers if m.area == "persia"] == []


def test_without_the_timing_option_a_minors_protectorate_blocks_nobody() -> None:
    # §4.17.2 off.
    state = cleared(minor_timing=False)
    army(state, "belgium", "belgium")
    activity(context(state, [5, 1, 3]), "belgium")
    assert marker_of(state, "belgium", "congo") is not None
    assert state.minor_blocked == []


def test_an_unchecked_revolt_next_to_the_ottoman_empire_turns_ottoman() -> None:
    # §4.17.1: Egypt borders Syria, an Ottoman area joined to Anatolia by land.
    from rulesets.pax_britannica.ottoman import annex_unchecked_revolts, joined_to_anatolia
    from rulesets.pax_britannica.state import area_type

    state = cleared()
    assert joined_to_anatolia(state, "egypt") and not joined_to_anatolia(state, "tunisia")
    state.unrest = ["egypt", "tunisia"]
    annex_unchecked_revolts(context(state))
    assert state.ottoman_possessions == ["egypt"] and area_type(state, "egypt") == "ottoman"


def test_the_ottomans_fight_for_a_possession_in_revolt() -> None:
    # Three strength-5 units (15) against Egypt's CC 4: 3:1 on table 1; die 1 gives HEX.
    from rulesets.pax_britannica.ottoman import defend_possessions

    state = cleared()
    state.ottoman_possessions = ["egypt"]
    state.unrest = ["egypt"]
    defend_possessions(context(state, [6]))
    assert state.unrest == [] and state.ottoman_possessions == ["egypt"]
    state.unrest = ["egypt"]
    defend_possessions(context(state, [1]))
    assert state.ottoman_possessions == ["egypt"]  # HEX: half of 4 lost, 13 remain


def test_without_the_option_no_revolt_turns_ottoman() -> None:
    from rulesets.pax_britannica.ottoman import annex_unchecked_revolts

    state = cleared(ottoman_expansion=False)
    state.unrest = ["egypt"]
    annex_unchecked_revolts(context(state))
    assert state.ottoman_possessions == []


def test_two_minors_active_in_one_area_the_same_turn_share_it() -> None:
    # §4.17.2: Belgium and Portugal both reach the Congo this turn.
    state = cleared()
    army(state, "belgium", "belgium")
    army(state, "portugal", "portugal")
    activity(context(state, [5, 1, 3]), "belgium")
    assert best_step(state, "portugal", "congo") == "protectorate"
    state.markers[0].placed_this_turn = False  # a later turn: Belgium simply holds it
    assert best_step(state, "portugal", "congo") is None


def test_a_conflict_left_standing_removes_the_illegal_marker_and_raises_et() -> None:
    # A-26 default resolution (the issue 20 seam): +1 ET a level removed, nobody blamed.
    from rulesets.pax_britannica.diplomacy import settle_conflicts

    state = cleared()
    put(state, "britain", "egypt", "possession")
    put(state, "france", "egypt", "influence")
    put(state, "italy", "egypt", "interest")
    settle_conflicts(context(state))
    assert [m.power for m in state.markers if m.area == "egypt"] == ["britain"]
    assert state.tension == 2 + 1 and all(e.power is None for e in state.tension_log)
