"""The rulebook's worked examples (spec Appendix A), replayed move by move."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rulesets.struggle.money import borrowing_needed
from rulesets.struggle.movement import sea_outcome
from rulesets.struggle.scoring import dense_award, final_scores
from tests.struggle.helpers import (
    auction_scenario,
    first,
    give,
    no_gold_offers,
    pending_kind,
    put,
    run,
    scenario,
    totals_of,
)

FIVE = ["GBR", "FRA", "PRU", "AUS", "SPA"]


def test_a1_auction_of_war_two_prussia_wins_for_one_gold() -> None:
    """A.1: Britain, last in the previous war, opens; Prussia's bid of 1 carries its proposal
    (Austria to A, France to B) after four passes in a row; France opens the next auction."""
    state = auction_scenario(FIVE, opener="GBR", war=2)
    state, _ = run(
        state,
        ("GBR", {"type": "bid", "amount": 0, "a": "GBR", "b": "PRU"}),
        ("FRA", {"type": "pass_bid"}),
        ("PRU", {"type": "bid", "amount": 1, "a": "AUS", "b": "FRA"}),
        ("AUS", {"type": "pass_bid"}),
        ("SPA", {"type": "pass_bid"}),
        ("GBR", {"type": "pass_bid"}),
    )
    assert state.group_a == [] and state.auction is not None  # only three passes so far
    state, events = run(state, ("FRA", {"type": "pass_bid"}))
    won = first(events, "soe.auction_won")
    assert won.params == {"power": "PRU", "amount": 1, "a": "AUS", "b": "FRA"}
    assert state.powers["PRU"].gold == 9
    assert state.group_a == ["AUS"] and state.group_b == ["FRA"]
    assert state.auction is not None and state.auction.opener == "FRA"
    assert state.auction.bidder == "FRA"


def test_a2_british_move_ship_arrives_army_returns(dice: list[int]) -> None:
    """A.2: a ship sails North America -> India (roll 2: arrives); then an army goes German
    States -> India thanks to that ship (roll 1, then 3: it returns). The action is spent."""
    state = scenario(["GBR"], ["FRA"])
    put(state, "NAM", "GBR", fleets=1)
    put(state, "GER", "GBR", armies=1)
    dice += [2, 1, 3]
    state, events = run(
        state,
        ("GBR", {"type": "move"}),
        ("GBR", {"type": "choose_unit", "unit": "fleet", "region": "NAM"}),
        ("GBR", {"type": "choose_region", "region": "IND"}),
        ("GBR", {"type": "choose_unit", "unit": "army", "region": "GER"}),
        ("GBR", {"type": "choose_region", "region": "IND"}),
    )
    rolls = [e.params for e in events if e.key == "soe.sea_roll"]
    assert [(r["first"], r.get("second"), r["result"]) for r in rolls] == [
        (2, None, "arrive"),
        (1, 3, "return"),
    ]
    assert state.regions["IND"].fleets == {"GBR": 1}
    assert state.regions["GER"].armies == {"GBR": 1}
    assert state.turn.actions_left == 1 and state.step is None


def test_a3_spain_beats_britain_in_north_america_8_to_7(dice: list[int]) -> None:
    """A.3: Spain (2 ships, 2 armies, Army Training, an Alliance tile) attacks Britain, whose
    ally Austria refuses naval help but lends 1 army. Britain declines the naval combat, so
    Spain has naval support. Spain rolls 2+5 (3), Britain 1+6 (5): 8 against 7. Britain loses
    its army, Spain an army to its natural 7, and Austria an army to Britain's natural 7."""
    state = scenario(["SPA", "FRA"], ["GBR", "AUS"])
    put(state, "NAM", "SPA", fleets=2, armies=2)
    put(state, "NAM", "GBR", fleets=1, armies=1, tokens=1)
    put(state, "NAM", "AUS", fleets=1, armies=1)
    give(state, "SPA", "army_training", "native_americans")
    give(state, "AUS", "army_training", "army_training")
    dice += [2, 5, 1, 6]
    state, _ = run(
        state,
        ("SPA", {"type": "attack"}),
        ("SPA", {"type": "choose_region", "region": "NAM"}),
        ("SPA", {"type": "choose_target", "kind": "player", "target": "GBR"}),
    )
    assert state.powers["SPA"].gold == 8
    state = no_gold_offers(state)
    assert pending_kind(state) == ("AUS", "support_attack")
    state, _ = run(state, ("AUS", {"type": "support", "naval": 0, "land": 1}))
    assert pending_kind(state) == ("SPA", "alliance_tile")
    state, _ = run(
        state,
        ("SPA", {"type": "alliance_stage", "tile": "native_americans", "stage": "land"}),
        ("SPA", {"type": "answer", "question": "naval_fight", "yes": True}),
    )
    assert pending_kind(state) == ("GBR", "naval_fight")
    state, events = run(state, ("GBR", {"type": "answer", "question": "naval_fight", "yes": False}))
    # « La Grande-Bretagne perd donc une unité dans cette région »: its army or its ship.
    assert pending_kind(state) == ("GBR", "choose_casualty")
    state, more = run(state, ("GBR", {"type": "casualty", "power": "GBR", "unit": "army"}))
    events += more
    result = first(events, "soe.combat_result")
    assert totals_of(result) == {"attacker": 8, "defender": 7}
    assert result.params["result"] == "attacker"
    lost = [(e.params["power"], e.params["unit"]) for e in events if e.key == "soe.unit_lost"]
    assert sorted(lost) == [("AUS", "army"), ("GBR", "army"), ("SPA", "army")]
    assert [state.powers[p].unrest for p in ("SPA", "GBR", "AUS")] == [1, 1, 1]
    assert state.regions["NAM"].control == {"SPA": 1}
    assert state.regions["NAM"].armies == {"SPA": 1}
    assert state.combat is None and state.turn.actions_left == 1


def test_a4_german_states_score_8_8_5_3() -> None:
    """A.4: tokens Britain 3, France 3, Austria 2, Spain 1 in the German States (8/5/3)."""
    award = dense_award({"GBR": 3, "FRA": 3, "AUS": 2, "SPA": 1}, [8, 5, 3])
    assert award == {"GBR": 8, "FRA": 8, "AUS": 5, "SPA": 3}
    assert dense_award({"GBR": 3, "FRA": 3, "AUS": 2, "SPA": 2}, [8, 5, 3])["SPA"] == 5


def test_a5_borrowing_in_pairs_or_threes_with_banking() -> None:
    """A.5: (cash, owed, Banking) -> (unrest markers, gold taken, cash after paying)."""
    table = [
        (2, 5, 2, (2, 4, 1)),
        (2, 5, 3, (1, 3, 0)),
        (0, 4, 2, (2, 4, 0)),
        (0, 7, 3, (3, 9, 2)),
    ]
    for cash, owed, per_marker, (markers, taken, after) in table:
        assert borrowing_needed(cash, owed, per_marker) == (markers, taken)
        assert cash + taken - owed == after


def test_a5_borrowing_through_an_attack_fee_makes_secret_unrest() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.powers["GBR"].gold = 1
    put(state, "GER", "FRA", tokens=1)
    state, events = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    assert first(events, "soe.borrowed").params == {"power": "GBR", "gold": 2}
    unrest = first(events, "soe.unrest_taken")
    assert unrest.visible_to == ["GBR"] and unrest.params["amount"] == 1


def test_a6_sea_roll_table_and_its_odds() -> None:
    """A.6: a first die of 2-6 arrives; after a 1, the second die (+2 with Navigation)
    sinks on 1-2, sends back on 3-4 and lets through on 5+."""
    assert sea_outcome(1, 1, False) == "lost" and sea_outcome(1, 1, True) == "return"
    assert sea_outcome(1, 2, False) == "lost" and sea_outcome(1, 2, True) == "return"
    assert sea_outcome(1, 3, False) == "return" and sea_outcome(1, 3, True) == "arrive"
    assert sea_outcome(1, 4, False) == "return" and sea_outcome(1, 4, True) == "arrive"
    assert sea_outcome(1, 5, False) == "arrive" and sea_outcome(4, None, False) == "arrive"
    for navigation, expected in ((False, (2, 2, 32)), (True, (0, 2, 34))):
        outcomes = [
            sea_outcome(a, b if a == 1 else None, navigation)
            for a in range(1, 7)
            for b in range(1, 7)
        ]
        counts = tuple(outcomes.count(kind) for kind in ("lost", "return", "arrive"))
        assert counts == expected


def test_a7_end_of_game_unrest() -> None:
    """A.7: 22 unrest is a revolution (0); 15 and 15 lose 7; 9 loses 4; 3 loses nothing."""
    state = scenario(["GBR", "PRU", "SPA"], ["FRA", "AUS"])
    table = {"GBR": (22, 40), "FRA": (15, 35), "PRU": (15, 30), "AUS": (9, 26), "SPA": (3, 20)}
    for power, (unrest, vp) in table.items():
        state.powers[power].unrest, state.powers[power].vp = unrest, vp
    assert final_scores(state) == {"GBR": 0, "FRA": 28, "PRU": 23, "AUS": 22, "SPA": 20}


@given(cash=st.integers(0, 50), owed=st.integers(0, 80), per_marker=st.sampled_from([2, 3]))
def test_borrowing_takes_the_fewest_markers_and_never_more_than_needed(
    cash: int, owed: int, per_marker: int
) -> None:
    markers, taken = borrowing_needed(cash, owed, per_marker)
    assert cash + taken >= owed
    assert taken == markers * per_marker
    assert markers == 0 or cash + taken - per_marker < owed  # one marker fewer would not do
