"""Sealed proxy bidding shortens the auction, the longest part of a play-by-post game:
the same bidders, valuing the alliances the same, answer far fewer bid prompts (issue 14)."""

from __future__ import annotations

from rulesets.core import legal_prompts, start, submit
from rulesets.struggle import STRUGGLE
from tests.struggle.helpers import SEVEN, value_bidder


def bid_prompts_of_first_war(proxies: bool) -> int:
    state = start(STRUGGLE, SEVEN, {"sealed_proxy_bidding": proxies}, "7a" * 32).state
    while state.phase == "placement":
        prompt = legal_prompts(STRUGGLE, state)[0]
        state = submit(STRUGGLE, state, prompt.seat, prompt.choices[0].instantiate()).state
    answered = 0
    while state.phase == "auction":
        seat, action = value_bidder(state, proxies)
        state = submit(STRUGGLE, state, seat, action).state
        answered += 1
    return answered


def test_proxy_bids_need_fewer_than_half_the_bid_prompts() -> None:
    open_bids, sealed = bid_prompts_of_first_war(False), bid_prompts_of_first_war(True)
    print(f"bid prompts in war 1 at 7 players: {open_bids} open, {sealed} with proxies")
    assert sealed * 2 < open_bids
