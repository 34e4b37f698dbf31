"""Setup (spec 3), income and upkeep (4.5), scoring (4.6), end of war (4.7), end (4.8)."""

from __future__ import annotations

from rulesets.struggle import STRUGGLE
from rulesets.struggle.income import income_and_upkeep
from rulesets.struggle.state import StruggleState
from rulesets.struggle.turn_flow import end_of_war
from tests.struggle.helpers import context, give, new_game, put, run, scenario

FOUR = ["GBR", "FRA", "PRU", "AUS"]


def test_setup_places_ten_markers_and_five_tokens_per_power() -> None:
    state = new_game(FOUR)
    on_map = sum(len(region.markers) for region in state.regions.values())
    assert on_map == 10 and len(state.bag) == 66 - 10 - 5 * 4
    for power in FOUR:
        holder = state.powers[power]
        assert (holder.gold, holder.population, holder.vp, holder.unrest) == (10, 5, 0, 0)
        assert sum(region.control.get(power, 0) for region in state.regions.values()) == 5
    assert state.rounds_in_war == 6 and new_game([*FOUR, "SPA"]).rounds_in_war == 5


def test_one_token_per_distinct_region_option() -> None:
    state = new_game(FOUR, setup_tokens="per_region")
    counts = [
        sum(region.control.get(power, 0) for region in state.regions.values()) for power in FOUR
    ]
    assert all(1 <= count <= 5 for count in counts)
    assert all(count <= 1 for region in state.regions.values() for count in region.control.values())


def test_five_starting_units_placed_one_at_a_time_clockwise_from_the_first_player() -> None:
    state = new_game(FOUR)
    order = FOUR[FOUR.index(state.first_player) :] + FOUR[: FOUR.index(state.first_player)]
    prompt = STRUGGLE.prompts(state)[0]
    assert prompt.seat == order[0]
    placements = {(c.action["unit"], c.action["region"]) for c in prompt.choices}
    assert ("fleet", "GER") not in placements and ("fort", "GER") in placements
    assert ("fleet", "CAR") in placements and not any(r in FOUR for _u, r in placements)
    for _ in range(5):
        for power in order:
            assert STRUGGLE.prompts(state)[0].seat == power
            state, _ = run(state, (power, {"type": "place_unit", "unit": "army", "region": "GER"}))
    assert state.regions["GER"].armies == dict.fromkeys(FOUR, 5)
    assert state.phase == "auction" and state.auction is not None
    assert state.auction.opener == state.first_player


def test_income_upkeep_and_growth() -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", tokens=3, armies=2)
    state.homes["GBR"].fleets = 1
    state.powers["GBR"].population = 6
    ctx = context(state)
    income_and_upkeep(ctx)
    assert state.powers["GBR"].gold == 10 + 6 + 3 - 3
    assert state.powers["GBR"].population == 9  # +5, never above 9
    assert state.powers["FRA"].population == 9


def test_upkeep_is_borrowed_when_short() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.powers["GBR"].gold, state.powers["GBR"].population = 0, 0
    put(state, "GER", "GBR", armies=3)
    income_and_upkeep(context(state))
    assert state.powers["GBR"].gold == 1 and state.powers["GBR"].unrest == 2


def test_end_of_war_scores_resets_tiles_and_opens_the_next_auction() -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", tokens=2)
    put(state, "GER", "FRA", tokens=1)
    give(state, "GBR", "bavaria", "war_office")
    state.powers["GBR"].tiles[1].used = True
    state.last_actor = "FRA"
    ctx = context(state)
    end_of_war(ctx)
    assert state.powers["GBR"].vp == 8 and state.powers["FRA"].vp == 5
    assert [t.tile for t in state.powers["GBR"].tiles] == ["war_office"]
    assert not state.powers["GBR"].tiles[0].used and state.stock["bavaria"] == 1
    assert state.war == 2 and state.group_a == [] and state.phase == "auction"
    assert state.auction is not None and state.auction.opener == "FRA"
    assert sum(len(r.markers) for r in state.regions.values()) == 10


def finish(state: StruggleState) -> StruggleState:
    state.war = 3
    end_of_war(context(state))
    return state


def test_after_the_third_war_unrest_is_revealed_and_scores_are_final() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.powers["GBR"].vp, state.powers["GBR"].unrest = 30, 5
    state.powers["FRA"].vp, state.powers["FRA"].unrest = 20, 2
    state = finish(state)
    assert state.finished and STRUGGLE.scores(state) == {"GBR": 23, "FRA": 16}
    assert STRUGGLE.view(state, None)["unrest"] == {"GBR": 5, "FRA": 2}


def test_before_the_end_unrest_is_in_its_owner_view_only() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.powers["GBR"].unrest = 4
    assert "unrest" not in str(STRUGGLE.view(state, None))
    assert STRUGGLE.view(state, "GBR")["you"]["unrest"] == 4
    assert STRUGGLE.view(state, "FRA")["you"]["unrest"] == 0
    assert STRUGGLE.scores(state) is None


def test_the_public_view_has_the_contract_keys() -> None:
    shown = STRUGGLE.view(scenario(["GBR"], ["FRA"]), None)
    for key in ("war", "round", "rounds_in_war", "phase", "active", "turn_order", "alliances"):
        assert key in shown
    for key in ("regions", "homes", "powers", "bank", "auction", "scores"):
        assert key in shown
    region = shown["regions"]["GER"]
    assert set(region) >= {"kind", "vp", "control", "armies", "fleets", "forts", "markers"}
    assert set(shown["powers"]["GBR"]) >= {"gold", "population", "vp", "tiles"}
    assert shown["powers"]["GBR"]["control_tokens_left"] == 40
