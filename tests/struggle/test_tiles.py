"""Every tile's effect (spec 2.5), bought with the Buy action or used as a free action."""

from __future__ import annotations

from rulesets.struggle import STRUGGLE
from rulesets.struggle.income import income_and_upkeep
from rulesets.struggle.scoring import score_regions
from rulesets.struggle.state import StruggleState
from tests.struggle.helpers import (
    combat_results,
    context,
    first,
    give,
    pending_kind,
    put,
    run,
    scenario,
    totals_of,
)


def kinds(state: StruggleState) -> list[str]:
    return [choice.kind for choice in STRUGGLE.prompts(state)[0].choices]


def on_offer(state: StruggleState) -> list[str]:
    """The tiles the active player could buy now (none if Buy is not open to it)."""
    if "shop" not in kinds(state):
        return []
    assert state.active is not None
    shop, _ = run(state, (state.active, {"type": "shop"}))
    return [str(c.action["tile"]) for c in STRUGGLE.prompts(shop)[0].choices if c.kind == "buy"]


def test_a_tile_is_bought_once_per_round_and_paid_for() -> None:
    state = scenario(["GBR"], ["FRA"])
    state, _ = run(
        state, ("GBR", {"type": "shop"}), ("GBR", {"type": "buy", "tile": "army_training"})
    )
    assert state.powers["GBR"].gold == 7 and state.stock["army_training"] == 5
    assert on_offer(state) == []


def test_industry_gives_three_vp_at_once_and_costs_unrest() -> None:
    state = scenario(["GBR"], ["FRA"])
    state, events = run(
        state, ("GBR", {"type": "shop"}), ("GBR", {"type": "buy", "tile": "industry"})
    )
    assert state.powers["GBR"].vp == 3 and state.powers["GBR"].unrest == 2
    assert first(events, "soe.unrest_taken").visible_to == ["GBR"]


def test_a_used_single_use_tile_cannot_be_bought_back_the_same_round(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA", "AUS"])
    put(state, "GER", "GBR", armies=2)
    put(state, "GER", "FRA", tokens=1)
    put(state, "GER", "AUS", armies=1)
    give(state, "GBR", "surprise_attack")
    dice += [3, 3, 3, 3]
    state, _ = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
        ("GBR", {"type": "answer", "question": "surprise", "yes": True}),
    )
    assert state.stock["surprise_attack"] == 1
    assert "surprise_attack" not in on_offer(state)
    state, _ = run(state, ("GBR", {"type": "end_turn"}))
    assert state.active == "FRA" and "surprise_attack" in on_offer(state)


def test_pirates_capture_a_token_that_then_pays_and_scores_nothing(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "FRA", tokens=2)
    dice += [6, 1, 3, 3]  # pirates 1 + 5 against France's 0 ships + 0
    state, events = run(
        state,
        ("GBR", {"type": "shop"}),
        ("GBR", {"type": "buy", "tile": "pirates"}),
        ("GBR", {"type": "choose_token", "region": "CAR", "power": "FRA"}),
    )
    assert first(events, "soe.token_captured").params["power"] == "FRA"
    assert state.regions["CAR"].control == {"FRA": 1}
    assert [(r.tile, r.region, r.held) for r in state.raiders] == [("pirates", "CAR", "FRA")]
    assert state.turn.actions_left == 1
    ctx = context(state.model_copy(deep=True))
    ctx.state.regions["CAR"].control = {}
    score_regions(ctx)
    assert ctx.state.powers["FRA"].vp == 0
    income_and_upkeep(ctx)
    assert ctx.state.powers["FRA"].gold == 10 + 5  # population only: the held token pays nothing


def test_beaten_pirates_go_back_to_stock_at_once(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "FRA", tokens=1, fleets=2)
    dice += [3, 3, 5, 2]
    state, events = run(
        state,
        ("GBR", {"type": "shop"}),
        ("GBR", {"type": "buy", "tile": "pirates"}),
        ("GBR", {"type": "choose_token", "region": "CAR", "power": "FRA"}),
    )
    assert state.raiders == [] and state.stock["pirates"] == 1
    assert state.regions["CAR"].control == {"FRA": 1}
    assert "soe.raider_repulsed" in [e.key for e in events]


def test_any_player_may_beat_the_pirates_at_sea_to_free_the_token(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "FRA", tokens=1)
    put(state, "CAR", "GBR", fleets=2)
    dice += [6, 1, 3, 3]
    state, _ = run(
        state,
        ("GBR", {"type": "shop"}),
        ("GBR", {"type": "buy", "tile": "pirates"}),
        ("GBR", {"type": "choose_token", "region": "CAR", "power": "FRA"}),
    )
    dice += [3, 3, 3, 3]
    state, events = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
        ("GBR", {"type": "choose_target", "kind": "pirates", "target": "pirates"}),
    )
    assert first(events, "soe.raider_beaten").params["freed"] == "FRA"
    assert state.raiders == [] and state.stock["pirates"] == 1
    assert state.regions["CAR"].control == {"GBR": 1}


def test_slave_revolt_strikes_on_land_at_three_against_armies_and_forts(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "SAM", "FRA", tokens=1, forts=1, fleets=1)
    dice += [3, 3, 3, 3]  # revolt 3 against a fort 2 + naval support 1: a tie
    state, events = run(
        state,
        ("GBR", {"type": "shop"}),
        ("GBR", {"type": "buy", "tile": "slave_revolt"}),
        ("GBR", {"type": "choose_token", "region": "SAM", "power": "FRA"}),
    )
    assert [totals_of(result) for result in combat_results(events)] == [
        {"attacker": 3, "defender": 3}
    ]
    assert state.regions["SAM"].forts == {"FRA": 1}  # a fort never dies on a tie
    assert state.stock["slave_revolt"] == 1


def test_mercenaries_and_pressgangs_build_without_population_or_action() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "mercenaries", "pressgangs")
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "mercenaries"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "use_tile", "tile": "pressgangs"}),
        ("GBR", {"type": "choose_region", "region": "MED"}),
    )
    assert state.regions["GER"].armies == {"GBR": 1} and state.regions["MED"].fleets == {"GBR": 1}
    assert state.powers["GBR"].population == 5 and state.turn.actions_left == 2
    assert "use_tile" not in kinds(state)  # once per war


def test_trained_natives_rise_in_a_colony_without_ship_or_roll_then_may_move(
    dice: list[int],
) -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "trained_natives")
    put(state, "IND", "GBR", tokens=1)
    put(state, "EIN", "GBR", fleets=1)
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "trained_natives"}),
        ("GBR", {"type": "choose_region", "region": "IND"}),
    )
    assert state.regions["IND"].armies == {"GBR": 1} and pending_kind(state) == (
        "GBR",
        "natives_move",
    )
    dice += [5]
    state, _ = run(state, ("GBR", {"type": "choose_region", "region": "EIN"}))
    assert state.regions["EIN"].armies == {"GBR": 1} and state.turn.actions_left == 2


def test_banking_borrows_three_gold_per_unrest() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "banking")
    state.powers["GBR"].gold = 0
    state, _ = run(state, ("GBR", {"type": "shop"}), ("GBR", {"type": "buy", "tile": "war_office"}))
    assert state.powers["GBR"].unrest == 2 and state.powers["GBR"].gold == 2


def test_diplomatic_service_takes_an_alliance_tile_beside_a_purchase() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "diplomatic_service")
    state, _ = run(
        state,
        ("GBR", {"type": "shop"}),
        ("GBR", {"type": "buy", "tile": "army_training"}),
        ("GBR", {"type": "use_tile", "tile": "diplomatic_service"}),
        ("GBR", {"type": "choose_tile", "tile": "bavaria"}),
    )
    assert {t.tile for t in state.powers["GBR"].tiles} >= {"army_training", "bavaria"}
    assert state.powers["GBR"].gold == 10 - 3 - 2 and state.turn.actions_left == 1


def test_improved_agriculture_adds_one_population_never_above_nine() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "improved_agriculture")
    state.powers["GBR"].population = 8
    state, _ = run(state, ("GBR", {"type": "use_tile", "tile": "improved_agriculture"}))
    assert state.powers["GBR"].population == 9
    state.powers["GBR"].tiles[0].used = False
    assert "use_tile" not in kinds(state)


def test_government_reform_discards_two_unrest_and_leaves_the_game() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "government_reform")
    state.powers["GBR"].unrest = 1
    state, events = run(state, ("GBR", {"type": "use_tile", "tile": "government_reform"}))
    assert state.powers["GBR"].unrest == 0 and state.powers["GBR"].tiles == []
    assert state.stock["government_reform"] == 9
    assert first(events, "soe.unrest_discarded").visible_to == ["GBR"]


def test_a_commerce_tile_pays_a_gold_per_token_in_the_chosen_region() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "levant_company")
    put(state, "OTT", "GBR", tokens=1)
    put(state, "MED", "GBR", tokens=3)
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "levant_company"}),
        ("GBR", {"type": "choose_region", "region": "MED"}),
    )
    assert state.powers["GBR"].gold == 13 and state.turn.actions_left == 2


def test_the_blockade_lifts_when_its_ships_leave() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "blockade")
    put(state, "CAR", "GBR", fleets=1)
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "blockade"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
    )
    assert state.blockade is not None and state.blockade.owner == "GBR"
    state, events = run(
        state,
        ("GBR", {"type": "move"}),
        ("GBR", {"type": "choose_unit", "unit": "fleet", "region": "CAR"}),
        ("GBR", {"type": "choose_region", "region": "NAM"}),
    )
    assert state.blockade is None and state.stock["blockade"] == 1
    assert "soe.blockade_lifted" in [e.key for e in events]


def test_colonise_pays_population_and_enslave_needs_a_ship_in_africa() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.regions["NAM"].markers = ["NAM-3"]
    state.regions["AFR"].markers = ["AFR-1"]
    assert "enslave" not in kinds(state)
    state, _ = run(state, ("GBR", {"type": "colonise", "marker": "NAM-3"}))
    assert state.regions["NAM"].control == {"GBR": 1} and state.powers["GBR"].population == 4
    put(state, "AFR", "GBR", fleets=1)
    assert "enslave" not in kinds(state)  # once per round, both together


def test_gold_on_hand_may_be_given_freely_during_ones_turn() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.powers["GBR"].gold = 4
    state, _ = run(state, ("GBR", {"type": "give_gold", "to": "FRA", "amount": 4}))
    assert state.powers["GBR"].gold == 0 and state.powers["FRA"].gold == 14
    assert state.turn.actions_left == 2
    assert "give_gold" not in kinds(state)  # nothing on hand: no borrowing for gifts


def test_a_winning_slave_revolt_holds_the_token_until_beaten_on_land(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "FRA", tokens=1)
    put(state, "CAR", "GBR", fleets=1, armies=2)
    dice += [3, 3, 2, 2]  # the revolt's 3 against France's 0
    state, _ = run(
        state,
        ("GBR", {"type": "shop"}),
        ("GBR", {"type": "buy", "tile": "slave_revolt"}),
        ("GBR", {"type": "choose_token", "region": "CAR", "power": "FRA"}),
    )
    assert [(r.tile, r.held) for r in state.raiders] == [("slave_revolt", "FRA")]
    assert state.regions["CAR"].control == {}
    dice += [5, 2, 3, 3]  # 2 armies + 1 naval support + 3 = 6 against the revolt's 3
    state, events = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
        ("GBR", {"type": "choose_target", "kind": "revolt", "target": "slave_revolt"}),
    )
    result = first(events, "soe.combat_result")
    assert result.params["stage"] == "land" and totals_of(result) == {"attacker": 6, "defender": 3}
    assert state.raiders == [] and state.regions["CAR"].control == {"GBR": 1}
    assert state.stock["slave_revolt"] == 1
