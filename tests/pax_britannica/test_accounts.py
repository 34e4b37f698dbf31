"""The record sheet: Sections I–IV (§4.2), Section V (§4.15.1) and VI (§4.15.2)."""

from __future__ import annotations

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.accounts import (
    colonial_office,
    compute_record,
    effective_ev,
    final_record,
    passage_bonus,
    record_vp,
    status_record,
)
from rulesets.pax_britannica.state import Marker
from tests.pax_britannica.helpers import act, army, cleared, context, new_game, put


def test_gb_turns_167_pounds_into_16_vp_and_loses_the_rest() -> None:
    # §4.15.1: "GB with 167 £ → 16 VP"; 1993: the leftover is lost.
    state = cleared()
    state.powers["britain"].treasury = 167
    record_vp(context(state))
    assert state.powers["britain"].vp == 16
    assert state.powers["britain"].vp_record[-1]["24"] == 16
    assert state.powers["britain"].treasury == 0


def test_russia_divides_by_two_and_a_half() -> None:
    state = cleared(6)
    state.powers["russia"].treasury = 12
    record_vp(context(state))
    assert state.powers["russia"].vp == 4  # floor(12 / 2.5)


def test_germany_buys_vp_with_austria_hungarys_treasury_too() -> None:
    state = cleared()
    state.powers["germany"].treasury = 10
    state.powers["austria_hungary"].treasury = 6
    record_vp(context(state))
    assert state.powers["germany"].vp == 4  # floor(16 / 4)
    assert state.powers["austria_hungary"].treasury == 0


def test_codominion_ev_drops_by_one_per_other_major_and_interest_keeps_full_ev() -> None:
    # §2.12 [1993]: Hawaii, EV 5, shared by the USA, Japan and GB, counts 3 for each.
    state = cleared(5)
    for power in ("usa", "japan", "britain"):
        put(state, power, "hawaii", "protectorate")
    assert effective_ev(state, "usa", "hawaii", control=True) == 3
    assert effective_ev(state, "usa", "hawaii", control=False) == 5


def test_a_marker_without_line_of_communication_gives_no_income_and_costs_nothing() -> None:
    # §4.2.1: leave out every area to which no LOC can be traced.
    state = cleared()
    put(state, "germany", "kenya", "possession")  # Germany's only fleet is in the North Atlantic
    put(state, "germany", "morocco", "influence")
    lines = status_record(state, "germany")
    assert lines["02"] == 0 and lines["03"] == 0
    assert lines["06"] == 1 and lines["07"] == 3


def test_a_power_with_no_control_marker_takes_column_six_without_rolling() -> None:
    # §4.2.2: no roll, column 6; Austria-Hungary always rolls.
    state = cleared()
    ctx = context(state, [2])
    assert colonial_office(ctx, "germany") == (None, 25)
    assert colonial_office(ctx, "austria_hungary") == (2, 5)


def test_german_agitation_multiplies_the_colonial_office_by_four() -> None:
    # Events 2-4 and 2-5: German colonial office income x 4.
    state = cleared()
    state.powers["germany"].office_factor = 4
    assert colonial_office(context(state), "germany") == (None, 100)


def test_the_liberal_victory_shifts_gbs_roll() -> None:
    state = cleared()
    put(state, "britain", "canada", "possession")
    state.powers["britain"].office_shift = -2
    assert colonial_office(context(state, [5]), "britain") == (5, 15)  # column 3


def test_income_and_upkeep_follow_the_record_sheet_lines() -> None:
    state = cleared()
    put(state, "britain", "canada", "possession")
    put(state, "britain", "egypt", "influence")
    army(state, "britain", "canada", 3)
    record = compute_record(context(state, [1]), "britain")
    assert record["03"] == 4 and record["11"] == 16  # EV 4 x 4
    assert record["07"] == 5 and record["13"] == 10  # EV 5 x 2
    assert record["15"] == 5 + 16 + 10
    assert record["16"] == 3 and record["18"] == 2 and record["20"] == 1
    assert record["22"] == record["15"] - record["21"]


def test_dominion_units_pay_no_upkeep() -> None:
    state = cleared()
    state.markers.append(Marker(power="britain", area="canada", level="dominion"))
    army(state, "britain", "canada", 10)
    assert compute_record(context(state, [1]), "britain")["16"] == 0


def test_a_deficit_is_paid_by_disbanding_as_exactly_as_possible() -> None:
    # §4.2.4: eliminate units or markers worth the deficit, the treasury ends at 0.
    state = cleared()
    state.phase = "administration"
    state.powers["britain"].deficit = 3
    small = army(state, "britain", "canada", 3)
    large = army(state, "britain", "australia", 10)
    put(state, "britain", "canada", "possession")
    prompt = next(p for p in PAX.prompts(state) if p.seat == "britain")
    offered = {
        (c.action["type"], c.action.get("unit", c.action.get("area"))) for c in prompt.choices
    }
    assert ("eliminate_unit", small) in offered and ("eliminate_unit", large) not in offered
    assert ("eliminate_marker", "canada") in offered  # a possession saves 2 £
    outcome = act(state, "britain", {"type": "eliminate_unit", "power": "britain", "unit": small})
    assert outcome.state.powers["britain"].deficit == 0
    assert outcome.state.phase == "movement"


def test_the_africa_passages() -> None:
    # §4.15.2: east-west +10 (a NW and a NE area joined over land), north-south +15.
    state = cleared()
    chain = ["senegal", "tuareg", "chad", "sudan"]
    for area in chain:
        put(state, "france", area, "protectorate")
    assert passage_bonus(state, "france") == 10
    state.markers = [m for m in state.markers if m.area != "tuareg"]
    assert passage_bonus(state, "france") == 0
    for area in ["egypt", "sudan", "uganda", "tanganyika", "mozambique"]:
        put(state, "britain", area, "possession")
    assert passage_bonus(state, "britain") == 15  # no north-west area: no east-west bonus


def test_the_final_record_scores_twice_the_income_and_ranks() -> None:
    state = cleared()
    put(state, "britain", "canada", "possession")
    state.powers["britain"].record = {"10": 20}
    state.powers["britain"].vp = 30
    final_record(context(state))
    record = state.final_record["britain"]
    assert record["29"] == (2 * (20 + 16)) // 10
    assert record["31"] == record["27"] + record["28"] + record["29"] + record["30"]
    assert state.finished and state.ranking[0] == ["britain"]


def test_the_great_war_penalty_is_tripled_for_the_culprit() -> None:
    state = cleared()
    state.great_war, state.great_war_blame = True, ["france"]
    final_record(context(state))
    penalty = 20  # the 1880 box of the provisional turn track
    assert state.final_record["france"]["30"] == -3 * penalty
    assert state.final_record["britain"]["30"] == -penalty


def test_a_new_game_opens_with_the_first_administrative_phase_done() -> None:
    state = new_game()
    assert state.phase in ("movement", "administration")
    assert state.powers["britain"].record["15"] > 0


def test_the_option_leaves_the_colonial_office_out_of_the_final_income() -> None:
    # A-45 alternative: only the areas' income counts.
    state = cleared(final_income_office=False)
    put(state, "britain", "canada", "possession")
    state.powers["britain"].record = {"10": 20}
    final_record(context(state))
    assert state.final_record["britain"]["29"] == (2 * 16) // 10
