"""Turns and rounds (spec 4.3.1), and the campaign options that switch an ASSUMPTION."""

from __future__ import annotations

from rulesets.struggle import STRUGGLE
from rulesets.struggle.income import income_and_upkeep
from tests.struggle.helpers import (
    combat_results,
    context,
    give,
    no_gold_offers,
    pending_kind,
    put,
    run,
    scenario,
    totals_of,
)

PASS = {"type": "pass_action"}


def test_two_actions_per_turn_in_turn_order_then_the_next_round() -> None:
    state = scenario(["GBR", "PRU"], ["FRA"])
    assert state.turn_order == ["GBR", "FRA", "PRU"]
    state, _ = run(state, ("GBR", PASS))
    assert state.active == "GBR"
    state, _ = run(state, ("GBR", PASS), ("FRA", {"type": "end_turn"}))
    assert state.active == "PRU" and state.round == 1
    state, events = run(state, ("PRU", PASS), ("PRU", PASS))
    assert state.active == "GBR" and state.round == 2 and state.last_actor == "PRU"
    assert "soe.round_started" in [e.key for e in events]


def test_after_the_last_round_the_war_is_scored_and_the_next_auction_opens() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.round = state.rounds_in_war
    put(state, "CEU", "FRA", tokens=1)
    state, _ = run(state, ("GBR", {"type": "end_turn"}), ("FRA", {"type": "end_turn"}))
    assert state.war == 2 and state.phase == "auction" and state.powers["FRA"].vp == 7
    assert pending_kind(state) == ("FRA", "bid")  # France acted last in war 1


def test_naval_training_majority_counts_at_sea(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", fleets=1)
    put(state, "CAR", "FRA", fleets=1, tokens=1)
    give(state, "FRA", "naval_training")
    state, _ = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
        ("GBR", {"type": "answer", "question": "naval_fight", "yes": True}),
    )
    dice += [3, 3, 3, 3, 3, 3, 3, 3]
    state, events = run(state, ("FRA", {"type": "answer", "question": "naval_fight", "yes": True}))
    assert totals_of(combat_results(events)[0]) == {"attacker": 1, "defender": 2}


def test_an_alliance_tile_never_helps_an_ally() -> None:
    state = scenario(["GBR", "PRU"], ["FRA"])
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "PRU", armies=1)
    put(state, "GER", "FRA", tokens=1)
    give(state, "PRU", "bavaria", "saxony")
    state, _ = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    state = no_gold_offers(state)
    assert pending_kind(state) == ("PRU", "support_attack")
    state, _ = run(state, ("PRU", {"type": "support", "naval": 0, "land": 1}))
    assert state.combat is None  # Prussia's Bavaria and Saxony were never offered


def test_option_commerce_paid_with_income() -> None:
    state = scenario(["GBR"], ["FRA"], commerce_timing="income")
    give(state, "GBR", "tobacco")
    put(state, "NAM", "GBR", tokens=2)
    assert "use_tile" not in [c.kind for c in STRUGGLE.prompts(state)[0].choices]
    income_and_upkeep(context(state))
    assert state.powers["GBR"].gold == 10 + 5 + 2 + 2


def test_option_fort_limit() -> None:
    state = scenario(["GBR"], ["FRA"], fort_limit=1)
    put(state, "GER", "GBR", forts=1)
    builds = [c.action.get("unit") for c in STRUGGLE.prompts(state)[0].choices if c.kind == "build"]
    assert builds == ["army", "fleet"]


def test_option_withdrawal_spares_a_fort(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"], withdrawal_spares_fort=True)
    put(state, "GER", "GBR", armies=4)
    put(state, "GER", "FRA", forts=1, tokens=1)
    give(state, "FRA", "fighting_withdrawal")
    dice += [5, 1, 3, 3]
    state, _ = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    assert pending_kind(state) == ("FRA", "fighting_withdrawal")


def test_option_void_loss_falls_on_an_ally(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA", "AUS"], void_loss_to_ally=True)
    put(state, "GER", "GBR", armies=4)
    put(state, "GER", "FRA", tokens=1)
    put(state, "GER", "AUS", armies=1)
    dice += [5, 1, 3, 3]
    state, events = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    state, events = run(no_gold_offers(state), ("AUS", {"type": "support", "naval": 0, "land": 1}))
    lost = [(e.params["power"], e.params["unit"]) for e in events if e.key == "soe.unit_lost"]
    assert lost == [("AUS", "army")]


def test_option_naval_support_without_ships(dice: list[int]) -> None:
    for needs_ship, expected in ((True, None), (False, "defender")):
        state = scenario(["GBR"], ["FRA"], naval_support_needs_ship=needs_ship)
        put(state, "CAR", "GBR", fleets=1)
        put(state, "CAR", "FRA", tokens=1)
        dice += [3, 3, 3, 3]
        state, events = run(
            state,
            ("GBR", {"type": "attack"}),
            ("GBR", {"type": "choose_region", "region": "CAR"}),
            ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
            ("GBR", {"type": "answer", "question": "naval_fight", "yes": False}),
        )
        support = next(e for e in events if e.key.startswith("soe.naval_support"))
        assert support.params.get("side") == expected


def test_option_reserve_rerolls_only_its_users_dice(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"], reserve_rerolls="own")
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "FRA", armies=1, tokens=1)
    give(state, "FRA", "reserve")
    dice += [6, 2, 3, 3]
    state, _ = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    dice += [6, 1]
    state, events = run(state, ("FRA", {"type": "answer", "question": "reserve", "yes": True}))
    assert totals_of(combat_results(events)[0]) == {"attacker": 5, "defender": 6}


def test_option_war_office_spends_an_action(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"], war_office_spends_action=True)
    put(state, "GER", "FRA", tokens=1)
    give(state, "GBR", "war_office")
    dice += [6, 2, 2, 2]
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "war_office"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    assert state.powers["GBR"].gold == 10 and state.turn.actions_left == 1


def test_option_tile_builds_spend_an_action() -> None:
    state = scenario(["GBR"], ["FRA"], tile_builds_spend_action=True)
    give(state, "GBR", "mercenaries")
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "mercenaries"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
    )
    assert state.powers["GBR"].population == 5 and state.turn.actions_left == 1


def test_option_raiders_may_not_strike_their_buyer() -> None:
    state = scenario(["GBR"], ["FRA"], raiders_may_strike_own=False)
    put(state, "CAR", "GBR", tokens=1)
    shop, _ = run(state, ("GBR", {"type": "shop"}))
    buys = [c.action.get("tile") for c in STRUGGLE.prompts(shop)[0].choices]
    assert "pirates" not in buys
    put(state, "NAM", "FRA", tokens=1)
    state, _ = run(state, ("GBR", {"type": "shop"}), ("GBR", {"type": "buy", "tile": "pirates"}))
    targets = [c.action for c in STRUGGLE.prompts(state)[0].choices]
    assert targets == [{"type": "choose_token", "region": "NAM", "power": "FRA"}]


def test_option_alliance_tiles_need_a_unit_of_their_kind(dice: list[int]) -> None:
    for needs_unit, asked in ((False, True), (True, False)):
        state = scenario(["GBR"], ["FRA"], alliance_needs_unit=needs_unit)
        put(state, "GER", "FRA", tokens=1)
        give(state, "GBR", "bavaria")
        dice += [6, 2, 2, 2]
        state, _ = run(
            state,
            ("GBR", {"type": "attack"}),
            ("GBR", {"type": "choose_region", "region": "GER"}),
            ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
        )
        assert (pending_kind(state) == ("GBR", "alliance_tile")) is asked
        if asked:
            state, _ = run(
                state, ("GBR", {"type": "alliance_stage", "tile": "bavaria", "stage": "land"})
            )


def test_option_a_natural_seven_may_take_a_fort_on_a_tie(dice: list[int]) -> None:
    for allowed, fort_left in ((False, 1), (True, 0)):
        state = scenario(["GBR"], ["FRA"], fort_dies_to_seven_on_tie=allowed)
        put(state, "GER", "GBR", armies=2)
        put(state, "GER", "FRA", forts=1, tokens=1)
        dice += [4, 3, 3, 4]  # 2 + 1 = 3 against 2 + 1 = 3, both natural 7s
        state, _ = run(
            state,
            ("GBR", {"type": "attack"}),
            ("GBR", {"type": "choose_region", "region": "GER"}),
            ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
        )
        assert state.regions["GER"].forts.get("FRA", 0) == fort_left
