"""Sealed proxy bidding shortens the auction, the longest part of a play-by-post game:
the same bidders, valuing the alliances the same, answer far fewer bid prompts (issue 14)."""

from __future__ import annotations

from typing import Any

from rulesets.core import legal_prompts, start, submit
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState

SEVEN = ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]
# The most each power would pay to settle an auction, by seat.
VALUE = dict(zip(SEVEN, [12, 9, 15, 7, 11, 14, 10], strict=True))


def answer(state: StruggleState, proxies: bool) -> tuple[str, dict[str, Any]]:
    """A bidder who pays up to its value: by raising one at a time, or by a sealed maximum."""
    prompt = legal_prompts(STRUGGLE, state)[0]
    kinds = {choice.kind: choice for choice in reversed(prompt.choices)}
    bid = kinds.get("bid")
    if "pass_bid" not in kinds:  # everybody passed: the opener must open at 0
        return prompt.seat, prompt.choices[0].instantiate()
    if bid is None or bid.ranges["amount"].low > VALUE[prompt.seat]:
        return prompt.seat, kinds["pass_bid"].instantiate()
    if proxies:
        return prompt.seat, kinds["proxy_bid"].instantiate(maximum=VALUE[prompt.seat])
    return prompt.seat, bid.instantiate(amount=bid.ranges["amount"].low)


def bid_prompts_of_first_war(proxies: bool) -> int:
    state = start(STRUGGLE, SEVEN, {"sealed_proxy_bidding": proxies}, "7a" * 32).state
    while state.phase == "placement":
        prompt = legal_prompts(STRUGGLE, state)[0]
        state = submit(STRUGGLE, state, prompt.seat, prompt.choices[0].instantiate()).state
    answered = 0
    while state.phase == "auction":
        seat, action = answer(state, proxies)
        state = submit(STRUGGLE, state, seat, action).state
        answered += 1
    return answered


def test_proxy_bids_need_fewer_than_half_the_bid_prompts() -> None:
    open_bids, sealed = bid_prompts_of_first_war(False), bid_prompts_of_first_war(True)
    print(f"bid prompts in war 1 at 7 players: {open_bids} open, {sealed} with proxies")
    assert sealed * 2 < open_bids
