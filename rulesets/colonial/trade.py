"""The Merchant's shipment and the Trader's sale, source by source, then the consent of each
player whose goods they take (a reaction prompt each, all at once; no answer refuses)."""

from __future__ import annotations

from rulesets.colonial import actions as act
from rulesets.colonial.anytime import ANYTIME_HANDLERS, anytime_choices
from rulesets.colonial.board import Ctx
from rulesets.colonial.flow import action_done
from rulesets.colonial.goods import (
    asked_players,
    room_left,
    selling_sources,
    settle_sale,
    settle_shipment,
    shipping_sources,
    source_key,
)
from rulesets.colonial.state import ColonialState, Step
from rulesets.core import Choice, IntRange, Msg, Phase, Prompt


def _step(state: ColonialState) -> Step:
    assert state.step is not None
    return state.step


def _goods_prompts(state: ColonialState, selling: bool) -> list[Prompt]:
    step = _step(state)
    room = room_left(step)
    sources = selling_sources(state, step) if selling else shipping_sources(state, step)
    verb = "sell" if selling else "ship"
    choices = [
        Choice.of(
            act.Done(),
            label=Msg(key=f"col.label.{verb}_done", params={"count": step.capacity - room}),
        )
    ]
    if room:
        for owner, slaves, amount in sources:
            own = "own" if owner == step.seat else "other"
            key = f"col.label.{verb}_{own}{'_slaves' if slaves else ''}"
            choices.append(
                Choice.of(
                    act.TakeGoods(owner=owner, slaves=slaves, amount=1),
                    label=Msg(key=key, params={"owner": owner}),
                    amount=IntRange(low=1, high=min(room, amount)),
                )
            )
    text = Msg(key=f"col.prompt.{verb}", params={"room": room})
    return [
        Prompt(
            seat=step.seat,
            kind=verb,
            text=text,
            choices=choices + anytime_choices(state, step.seat),
        )
    ]


def ship_prompts(state: ColonialState) -> list[Prompt]:
    return _goods_prompts(state, selling=False)


def sell_prompts(state: ColonialState) -> list[Prompt]:
    return _goods_prompts(state, selling=True)


def take_goods(ctx: Ctx, seat: str, action: act.TakeGoods) -> None:
    step = _step(ctx.state)
    step.requests[source_key(action.owner, action.slaves)] = action.amount
    if not room_left(step):
        _ask_or_settle(ctx)


def goods_done(ctx: Ctx, seat: str, action: act.Done) -> None:
    _ask_or_settle(ctx)


def _ask_or_settle(ctx: Ctx) -> None:
    step = _step(ctx.state)
    if asked_players(step):
        ctx.enter("consent")
        return
    _settle(ctx)


def _settle(ctx: Ctx) -> None:
    step = _step(ctx.state)
    if step.character == "merchant":
        settle_shipment(ctx, step)
    else:
        settle_sale(ctx, step)
    action_done(ctx)


def consent_prompts(state: ColonialState) -> list[Prompt]:
    step = _step(state)
    result = []
    for owner in asked_players(step):
        if owner in step.answers:
            continue
        amount = sum(n for key, n in step.requests.items() if key.rsplit(":", 1)[0] == owner)
        verb = "ship" if step.character == "merchant" else "sell"
        choices = [
            Choice.of(
                act.Consent(accept=False),
                label=Msg(key="col.label.refuse", params={"who": step.seat}),
            ),
            Choice.of(
                act.Consent(accept=True),
                label=Msg(
                    key=f"col.label.accept_{verb}", params={"who": step.seat, "amount": amount}
                ),
            ),
        ]
        result.append(
            Prompt(
                seat=owner,
                kind="consent",
                text=Msg(
                    key=f"col.prompt.consent_{verb}", params={"who": step.seat, "amount": amount}
                ),
                choices=choices + anytime_choices(state, owner),
                urgency="reaction",
                simultaneous=True,
            )
        )
    return result


def consent(ctx: Ctx, seat: str, action: act.Consent) -> None:
    step = _step(ctx.state)
    step.answers[seat] = action.accept
    key = "col.event.consented" if action.accept else "col.event.refused"
    ctx.emit(key, seat=seat, who=step.seat)
    if all(owner in step.answers for owner in asked_players(step)):
        _settle(ctx)


PHASES: list[Phase[ColonialState]] = [
    Phase(
        name="ship",
        prompts=ship_prompts,
        handlers={act.TakeGoods: take_goods, act.Done: goods_done, **ANYTIME_HANDLERS},
    ),
    Phase(
        name="sell",
        prompts=sell_prompts,
        handlers={act.TakeGoods: take_goods, act.Done: goods_done, **ANYTIME_HANDLERS},
    ),
    Phase(
        name="consent", prompts=consent_prompts, handlers={act.Consent: consent, **ANYTIME_HANDLERS}
    ),
]
