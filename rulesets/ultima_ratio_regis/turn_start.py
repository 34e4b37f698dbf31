"""Start of turn (S1 new powers, S2 merchants enter, S3 the deck dealt) and the order of
play (M1: the method is the rulebook's, so the referee sets it, or a seeded lot)."""

from __future__ import annotations

from rulesets.core import Choice, Phase, Prompt, StepContext
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.ledgers import cards_for
from rulesets.ultima_ratio_regis.options import option
from rulesets.ultima_ratio_regis.referee_desk import DESK_HANDLERS, checkpoint_choices, desk_prompt
from rulesets.ultima_ratio_regis.sequence import start_impulse
from rulesets.ultima_ratio_regis.state import UrrState, game_data, players, referee
from rulesets.ultima_ratio_regis.text import say

Ctx = StepContext[UrrState]


def _begin_prompts(state: UrrState) -> list[Prompt]:
    """S1 'Déploiement des nouvelles puissances': the referee deploys at the desk, then
    begins the turn."""
    if state.desk is not None:
        return [desk_prompt(state)]
    deck, each = cards_for(len(players(state)))
    label = say("urr.label.begin_turn", turn=state.turn, cards=each, deck=deck)
    text = say("urr.prompt.begin_turn", turn=state.turn)
    choices = [Choice.of(act.BeginTurn(), label=label), *checkpoint_choices(state)]
    return [Prompt(seat=referee(state), kind="begin_turn", text=text, choices=choices)]


def _begin(ctx: Ctx, seat: str, action: act.BeginTurn) -> None:
    state = ctx.state
    data = game_data(state)
    for power in data.powers:  # S1
        if power.enters_turn == state.turn:
            state.powers[power.id].in_play = True
            ctx.emit("urr.event.power_enters", power=power.id)
    for merchant in state.merchants:  # S2
        if merchant.waiting:
            merchant.waiting = False
            ctx.emit("urr.event.merchant_enters", power=merchant.power, area=merchant.area)
    deck_size, each = cards_for(len(players(state)))  # S3
    shuffled = ctx.dice.shuffle([card.id for card in data.deck])[:deck_size]
    state.hands = {}
    for index, player in enumerate(players(state)):
        hand = sorted(shuffled[index * each : (index + 1) * each])
        state.hands[player] = hand
        ctx.emit("urr.event.hand_dealt", visible_to=[player], seat=player, cards=hand)
    state.deck = shuffled[len(players(state)) * each :]
    ctx.emit("urr.event.cards_dealt", turn=state.turn, deck=deck_size, each=each)
    state.order = []
    if option(state.options, "play_order") == "lot":
        _draw_rest(ctx)
    else:
        ctx.enter("order")


def _draw_rest(ctx: Ctx) -> None:
    state = ctx.state
    rest = [seat for seat in players(state) if seat not in state.order]
    state.order += ctx.dice.shuffle(rest)
    _order_done(ctx)


def _order_done(ctx: Ctx) -> None:
    state = ctx.state
    ctx.emit("urr.event.order", order=list(state.order))
    state.current = 0
    state.passes = 0
    ctx.enter("impulse")
    start_impulse(ctx)


def _order_prompts(state: UrrState) -> list[Prompt]:
    rest = [seat for seat in players(state) if seat not in state.order]
    choices = [Choice.of(act.DrawOrder(), label=say("urr.label.draw_order", count=len(rest)))]
    choices += [
        Choice.of(
            act.PlaceInOrder(seat=seat),
            label=say("urr.label.place_in_order", seat=seat, rank=len(state.order) + 1),
        )
        for seat in rest
    ]
    text = say("urr.prompt.order", rank=len(state.order) + 1)
    return [Prompt(seat=referee(state), kind="order", text=text, choices=choices)]


def _place(ctx: Ctx, seat: str, action: act.PlaceInOrder) -> None:
    state = ctx.state
    state.order.append(action.seat)
    if len(state.order) == len(players(state)):
        _order_done(ctx)


TURN_START = Phase[UrrState](
    name="turn_start",
    prompts=_begin_prompts,
    handlers={act.BeginTurn: _begin, **DESK_HANDLERS},
)
ORDER = Phase[UrrState](
    name="order",
    prompts=_order_prompts,
    handlers={act.PlaceInOrder: _place, act.DrawOrder: lambda ctx, seat, a: _draw_rest(ctx)},
)
