"""Phase 2 (spec 4.2): the alliance auctions and the turn order they set."""

from __future__ import annotations

from rulesets.struggle import STRUGGLE
from rulesets.struggle.auction import alliance_turn_order, first_opener
from rulesets.struggle.state import StruggleState
from tests.struggle.helpers import auction_scenario, first, run

THREE = ["GBR", "FRA", "PRU"]


def bid(amount: int, a: str | None, b: str | None) -> dict[str, object]:
    return {"type": "bid", "amount": amount, "a": a, "b": b}


PASS = {"type": "pass_bid"}


def bidder(state: StruggleState) -> str:
    return STRUGGLE.prompts(state)[0].seat


def test_a_pass_does_not_shut_a_player_out() -> None:
    state = auction_scenario(THREE, opener="GBR")
    state, _ = run(
        state,
        ("GBR", PASS),
        ("FRA", bid(0, "GBR", "FRA")),
        ("PRU", PASS),
        ("GBR", bid(2, "PRU", "GBR")),
        ("FRA", PASS),
        ("PRU", PASS),
    )
    assert state.group_a == ["PRU"] and state.group_b == ["GBR"]
    assert state.powers["GBR"].gold == 8


def test_if_nobody_bids_the_opener_must_open_at_zero() -> None:
    state = auction_scenario(THREE, opener="FRA")
    state, _ = run(state, ("FRA", PASS), ("PRU", PASS), ("GBR", PASS))
    prompt = STRUGGLE.prompts(state)[0]
    assert prompt.seat == "FRA"
    assert {c.kind for c in prompt.choices} == {"bid"}
    assert all(c.action["amount"] == 0 and not c.ranges for c in prompt.choices)


def test_the_last_unallied_player_goes_in_the_row_the_winner_chooses() -> None:
    state = auction_scenario(THREE, opener="GBR")
    state, _ = run(state, ("GBR", bid(0, "FRA", "PRU")), ("FRA", PASS), ("PRU", PASS))
    assert state.auction is not None and state.auction.opener == "FRA"
    proposals = {(c.action["a"], c.action["b"]) for c in STRUGGLE.prompts(state)[0].choices[1:]}
    assert proposals == {("GBR", None), (None, "GBR")}
    state, _ = run(state, ("FRA", bid(0, None, "GBR")), ("PRU", PASS), ("GBR", PASS))
    assert state.group_a == ["FRA"] and state.group_b == ["PRU", "GBR"]
    assert state.turn_order == ["FRA", "PRU", "GBR"] and state.phase == "actions"


def test_two_players_end_up_in_opposite_groups_after_one_auction() -> None:
    state = auction_scenario(["GBR", "FRA"], opener="FRA")
    state, _ = run(state, ("FRA", bid(0, "GBR", "FRA")), ("GBR", PASS))
    assert state.group_a == ["GBR"] and state.group_b == ["FRA"] and state.active == "GBR"


def test_turn_order_alternates_the_rows_from_the_left() -> None:
    state = auction_scenario(THREE, opener="GBR")
    state.group_a, state.group_b = ["RUS", "GBR"], ["SPA", "FRA", "AUS"]
    assert alliance_turn_order(state) == ["RUS", "SPA", "GBR", "FRA", "AUS"]


def test_a_winning_bid_beyond_the_purse_is_borrowed() -> None:
    state = auction_scenario(["GBR", "FRA"], opener="GBR")
    state, events = run(state, ("GBR", bid(13, "GBR", "FRA")), ("FRA", PASS))
    assert state.powers["GBR"].gold == 1 and state.powers["GBR"].unrest == 2
    assert first(events, "soe.borrowed").params["gold"] == 4


def test_sealed_proxy_bids_the_minimum_and_keeps_its_maximum_private() -> None:
    state = auction_scenario(THREE, opener="GBR")
    state.options["sealed_proxy_bidding"] = True
    state, events = run(state, ("GBR", {"type": "proxy_bid", "maximum": 5, "a": "GBR", "b": "FRA"}))
    assert first(events, "soe.proxy_registered").visible_to == ["GBR"]
    assert first(events, "soe.bid").params["amount"] == 0
    assert "5" not in str(STRUGGLE.view(state, None)["auction"])
    assert STRUGGLE.view(state, "GBR")["you"]["proxy"]["maximum"] == 5
    assert STRUGGLE.view(state, "FRA")["you"]["proxy"] is None
    state, events = run(state, ("FRA", bid(3, "FRA", "PRU")), ("PRU", PASS))
    # the engine answered France's 3 with 4 for Britain, without asking
    assert [e.params["amount"] for e in events if e.key == "soe.bid"] == [3, 4]
    state, events = run(state, ("FRA", bid(6, "FRA", "PRU")), ("PRU", PASS))
    # 7 is above Britain's maximum: the engine passes for it and France wins at 6
    assert first(events, "soe.auction_won").params["power"] == "FRA"
    assert state.powers["FRA"].gold == 4


def test_wars_two_and_three_open_with_the_last_player_of_the_previous_war() -> None:
    state = auction_scenario(THREE, opener="GBR", war=2)
    state.last_actor = "PRU"
    assert first_opener(state) == "PRU"
    state.war = 1
    assert first_opener(state) == state.first_player
