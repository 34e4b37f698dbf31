"""Goods: what each Resource produces for a Merchant, the corsair battle before shipping,
and how a shipment or a sale settles once the players asked have consented."""

from __future__ import annotations

from rulesets.colonial.board import (
    Ctx,
    boomtown_goods,
    colour,
    controller,
    move_diplomacy,
    order,
)
from rulesets.colonial.data import SLAVES
from rulesets.colonial.flow import action_done
from rulesets.colonial.state import ColonialState, Step

SQUADRON_DICE = 5


def goods_on_market(state: ColonialState) -> dict[str, int]:
    return {seat: state.players[seat].goods for seat in order(state)}


def offers(state: ColonialState, owner: str) -> list[tuple[str, bool, int]]:
    """Each Resource `owner` controls with the goods it still offers: (place, slaves, goods).

    Production is never used up (A16), unless the campaign's depletion option is on: then
    each Resource ships its goods once per turn."""
    depleting = bool(state.options.get("goods_depletion"))
    found = []
    for tid, terr in state.territories.items():
        for index, stack in enumerate(terr.stacks):
            if stack and controller(state, tid, index) == owner:
                place = f"{tid}:{index}"
                amount = boomtown_goods(state, tid) - (
                    state.shipped.get(place, 0) if depleting else 0
                )
                if amount > 0:
                    found.append((place, colour(state, tid, index) == SLAVES, amount))
    return found


def production(state: ColonialState, owner: str) -> tuple[int, int]:
    """The goods the Resources `owner` controls offer: (ordinary, slaves)."""
    plain = slaves = 0
    for _, is_slaves, amount in offers(state, owner):
        if is_slaves:
            slaves += amount
        else:
            plain += amount
    return plain, slaves


def _use_up(state: ColonialState, owner: str, slaves: bool, amount: int) -> None:
    """Note which Resources the goods came from, for the depletion option."""
    separate = state.abolition
    for place, is_slaves, offered in offers(state, owner):
        if amount <= 0:
            return
        if separate and is_slaves != slaves:
            continue
        taken = min(offered, amount)
        state.shipped[place] = state.shipped.get(place, 0) + taken
        amount -= taken


def source_key(owner: str, slaves: bool) -> str:
    return f"{owner}:{int(slaves)}"


def split_key(key: str) -> tuple[str, bool]:
    owner, flag = key.rsplit(":", 1)
    return owner, flag == "1"


def shipping_sources(state: ColonialState, step: Step) -> list[tuple[str, bool, int]]:
    """Each source a Merchant may still draw on: (owner, slaves, goods offered)."""
    sources = []
    separate = state.abolition
    may_take_slaves = not (
        state.options.get("slaves_need_a_diplomacy_step")
        and state.players[step.seat].diplomacy <= 1
    )
    for owner in order(state):
        plain, slaves = production(state, owner)
        if not separate:
            candidates = [(False, plain + slaves)]
        else:
            candidates = [(False, plain)] + ([(True, slaves)] if may_take_slaves else [])
        for is_slaves, amount in candidates:
            if amount and source_key(owner, is_slaves) not in step.requests:
                sources.append((owner, is_slaves, amount))
    return sources


def selling_sources(state: ColonialState, step: Step) -> list[tuple[str, bool, int]]:
    return [
        (owner, False, goods)
        for owner, goods in goods_on_market(state).items()
        if goods and source_key(owner, False) not in step.requests
    ]


def room_left(step: Step) -> int:
    return step.capacity - sum(step.requests.values())


def asked_players(step: Step) -> list[str]:
    """The other players whose goods the action wants: each must consent or refuse."""
    owners = {split_key(key)[0] for key, amount in step.requests.items() if amount}
    return sorted(owners - {step.seat})


def accepted(step: Step, owner: str) -> bool:
    return owner == step.seat or step.answers.get(owner, False)


def settle_shipment(ctx: Ctx, step: Step) -> None:
    """Each good shipped puts one of the shipper's counters on the Market; an opponent whose
    goods were shipped takes as many counters into their Treasury."""
    state = ctx.state
    shipper = state.players[step.seat]
    total = 0
    carried_slaves = False
    for key, amount in step.requests.items():
        owner, slaves = split_key(key)
        if not amount or not accepted(step, owner):
            continue
        total += amount
        carried_slaves = carried_slaves or slaves
        _use_up(state, owner, slaves, amount)
        if owner != step.seat:
            state.players[owner].treasury += amount
            ctx.emit("col.event.goods_bought", seat=owner, amount=amount, buyer=step.seat)
    if carried_slaves:
        move_diplomacy(ctx, step.seat, -1)
    shipper.goods += total
    ctx.emit("col.event.shipped", seat=step.seat, amount=total)


def settle_sale(ctx: Ctx, step: Step) -> None:
    """Own goods go back to the Treasury; another's go to theirs, and the seller takes one
    counter from the Pool for each."""
    state = ctx.state
    seller = state.players[step.seat]
    total = 0
    for key, amount in step.requests.items():
        owner, _ = split_key(key)
        if not amount or not accepted(step, owner):
            continue
        state.players[owner].goods -= amount
        state.players[owner].treasury += amount
        if owner != step.seat:
            seller.treasury += amount
            ctx.emit("col.event.goods_sold_for", seat=owner, amount=amount, seller=step.seat)
        total += amount
    ctx.emit("col.event.sold", seat=step.seat, amount=total)


def start_shipping(ctx: Ctx, seat: str) -> None:
    """The Merchant ships with the fleets the Corsairs left it, if any."""
    fleets = ctx.state.players[seat].fleets
    if not fleets:
        action_done(ctx)
        return
    ctx.state.step = Step(kind="ship", seat=seat, character="merchant", capacity=fleets)
    ctx.enter("ship")


def raided(state: ColonialState, seat: str) -> bool:
    """Whether a Merchant use must first face Corsairs: some in its box, fleets to sink."""
    p = state.players[seat]
    return p.fleets > 0 and any(p.corsairs.values())


def start_raid(ctx: Ctx, seat: str) -> None:
    """The Corsairs' attack and the Squadrons' defence (the `raid` phase) come first."""
    ctx.state.step = Step(kind="raid", seat=seat, character="merchant", stage="attack")
    ctx.enter("raid")
