"""The auction phase: open ascending auctions that split the powers into alliances A and B.

Each bid carries a proposal (one unallied power for A, another for B); the last bidder
wins once every other player has passed in a row, pays, and the proposal is placed.
With the sealed-proxy option a player may instead register a private maximum, and the
engine bids for them the minimum needed whenever their turn to bid comes round.
"""

from __future__ import annotations

from rulesets.core import Choice, IntRange, Msg, Phase, Prompt, StepContext
from rulesets.struggle.actions import Bid, PassBid, ProxyBid
from rulesets.struggle.choices import shown
from rulesets.struggle.money import loan_size, pay
from rulesets.struggle.setup import left_of
from rulesets.struggle.state import AuctionState, Proxy, StruggleState, game_data, option
from rulesets.struggle.turn_flow import start_actions

Ctx = StepContext[StruggleState]
Proposal = tuple[str | None, str | None]


def unallied(state: StruggleState) -> list[str]:
    return [p for p in state.seats if p not in state.group_a and p not in state.group_b]


def proposals(state: StruggleState) -> list[Proposal]:
    """Every legal proposal: two different unallied powers, or the last one in either row."""
    free = unallied(state)
    if len(free) == 1:
        return [(free[0], None), (None, free[0])]
    return [(a, b) for a in free for b in free if a != b]


def lowest_bid(auction: AuctionState) -> int:
    return 0 if auction.high_bid is None else auction.high_bid + 1


def enter_auction(ctx: Ctx) -> None:
    """A war's first auction: opened by the first player, later by the last to have acted."""
    open_auction(ctx, first_opener(ctx.state))


def open_auction(ctx: Ctx, opener: str) -> None:
    ctx.state.auction = AuctionState(opener=opener, bidder=opener)
    ctx.emit("soe.auction_opened", opener=opener)
    run_proxies(ctx)


def proposal_key(key: str, proposal: Proposal) -> str:
    """The sentence for a proposal of two powers, or of the last one for row A or row B."""
    a, b = proposal
    return key if a and b else f"{key}_a" if a else f"{key}_b"


def proposal_label(key: str, proposal: Proposal) -> Msg:
    return Msg(
        key=proposal_key(f"soe.label.{key}", proposal),
        params=shown({"a": proposal[0], "b": proposal[1]}),
    )


def bid_text(auction: AuctionState) -> Msg:
    """The prompt shows the bid to beat and the proposal it carries."""
    if auction.forced_opening:
        return Msg(key="soe.prompt.bid_forced")
    if auction.high_bid is None:
        return Msg(key="soe.prompt.bid_first")
    proposal = (auction.proposal_a, auction.proposal_b)
    params = {"high_bid": auction.high_bid, "high_bidder": auction.high_bidder}
    params.update(a=auction.proposal_a, b=auction.proposal_b)
    return Msg(key=proposal_key("soe.prompt.bid", proposal), params=shown(params))


def bid_prompts(state: StruggleState) -> list[Prompt]:
    auction = state.auction
    assert auction is not None
    low = lowest_bid(auction)
    ceiling = bid_ceiling(state)
    pairs = proposals(state)
    if auction.forced_opening:
        choices = [
            Choice.of(Bid(amount=0, a=a, b=b), label=proposal_label("opening", (a, b)))
            for a, b in pairs
        ]
    else:
        choices = [Choice.of(PassBid(), label=Msg(key="soe.label.pass_bid"))]
    if not auction.forced_opening and low <= ceiling:
        span = IntRange(low=low, high=ceiling)
        choices += [
            Choice.of(Bid(amount=low, a=a, b=b), label=proposal_label("bid", (a, b)), amount=span)
            for a, b in pairs
        ]
        if option(state, "sealed_proxy_bidding"):
            choices += [
                Choice.of(
                    ProxyBid(maximum=low, a=a, b=b),
                    label=proposal_label("proxy_bid", (a, b)),
                    maximum=span,
                )
                for a, b in pairs
            ]
    return [Prompt(seat=auction.bidder, kind="bid", text=bid_text(auction), choices=choices)]


def place_bid(ctx: Ctx, power: str, action: Bid) -> None:
    _place_bid(ctx, power, action.amount, (action.a, action.b))
    run_proxies(ctx)


def pass_bid(ctx: Ctx, power: str, action: PassBid) -> None:
    _pass_bid(ctx, power)
    run_proxies(ctx)


def _place_bid(ctx: Ctx, power: str, amount: int, proposal: Proposal) -> None:
    auction = _auction(ctx)
    auction.high_bid, auction.high_bidder = amount, power
    auction.proposal_a, auction.proposal_b = proposal
    auction.passes = 0
    auction.forced_opening = False
    ctx.emit(
        proposal_key("soe.bid", proposal),
        **shown({"power": power, "amount": amount, "a": proposal[0], "b": proposal[1]}),
    )
    _next_bidder(ctx)


def _pass_bid(ctx: Ctx, power: str) -> None:
    auction = _auction(ctx)
    auction.passes += 1
    ctx.emit("soe.bid_passed", power=power)
    players = len(ctx.state.seats)
    if auction.high_bidder is not None and auction.passes >= players - 1:
        close_auction(ctx)
        return
    if auction.high_bidder is None and auction.passes >= players:
        # Nobody bid: the opener must open at 0 (A17).
        auction.bidder = auction.opener
        auction.forced_opening = True
        return
    _next_bidder(ctx)


def register_proxy(ctx: Ctx, power: str, action: ProxyBid) -> None:
    auction = _auction(ctx)
    auction.proxies[power] = Proxy(maximum=action.maximum, a=action.a, b=action.b)
    ctx.emit("soe.proxy_registered", visible_to=[power], power=power, maximum=action.maximum)
    _place_bid(ctx, power, lowest_bid(auction), (action.a, action.b))
    run_proxies(ctx)


def run_proxies(ctx: Ctx) -> None:
    """While the bidder holds a proxy, bid or pass for them without asking. A sealed maximum
    is its owner's last word in this auction: once exceeded, the engine passes for them at
    each of their turns until the auction closes (the next auction asks them again)."""
    while ctx.state.phase == "auction" and ctx.state.auction is not None:
        auction = ctx.state.auction
        proxy = auction.proxies.get(auction.bidder)
        if proxy is None:
            return
        if proxy.maximum >= lowest_bid(auction):
            _place_bid(ctx, auction.bidder, lowest_bid(auction), (proxy.a, proxy.b))
        else:
            _pass_bid(ctx, auction.bidder)


def _auction(ctx: Ctx) -> AuctionState:
    assert ctx.state.auction is not None
    return ctx.state.auction


def _next_bidder(ctx: Ctx) -> None:
    auction = _auction(ctx)
    auction.bidder = left_of(ctx.state, auction.bidder)


def close_auction(ctx: Ctx) -> None:
    state = ctx.state
    auction = _auction(ctx)
    winner = auction.high_bidder
    assert winner is not None and auction.high_bid is not None
    pay(ctx, winner, auction.high_bid, "soe.reason.auction")
    if auction.proposal_a is not None:
        state.group_a.append(auction.proposal_a)
    if auction.proposal_b is not None:
        state.group_b.append(auction.proposal_b)
    proposal = (auction.proposal_a, auction.proposal_b)
    ctx.emit(
        proposal_key("soe.auction_won", proposal),
        **shown({"power": winner, "amount": auction.high_bid, "a": proposal[0], "b": proposal[1]}),
    )
    if unallied(state):
        open_auction(ctx, left_of(state, auction.opener))
        return
    state.auction = None
    state.turn_order = alliance_turn_order(state)
    ctx.emit("soe.alliances_set", a=list(state.group_a), b=list(state.group_b))
    start_actions(ctx)


def alliance_turn_order(state: StruggleState) -> list[str]:
    """A1, B1, A2, B2, ... read from the alliance display (A15)."""
    order: list[str] = []
    for index in range(max(len(state.group_a), len(state.group_b))):
        for row in (state.group_a, state.group_b):
            if index < len(row):
                order.append(row[index])
    return order


def first_opener(state: StruggleState) -> str:
    if state.war == 1 or state.last_actor is None:
        return state.first_player
    return state.last_actor


def bid_ceiling(state: StruggleState) -> int:
    """What the bidder could pay: gold on hand plus what borrowing up to the revolution
    level would bring. Unrest is secret, so the ceiling counts from none taken yet."""
    power = _bidder(state)
    rules = game_data(state).rules
    return state.powers[power].gold + loan_size(state, power) * rules.revolution_unrest


def _bidder(state: StruggleState) -> str:
    assert state.auction is not None
    return state.auction.bidder


AUCTION: Phase[StruggleState] = Phase(
    name="auction",
    prompts=bid_prompts,
    handlers={Bid: place_bid, PassBid: pass_bid, ProxyBid: register_proxy},
    enter=enter_auction,
)
