"""What a player may do at any moment of the game: repay loans and give Treasury.

Both are offered after the choices of every prompt the seat holds, so a seat that is being
asked anything may also repay (which can win the game at once) or give money."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rulesets.colonial import actions as act
from rulesets.colonial.board import Ctx, check_victory, loan_total
from rulesets.colonial.state import ColonialState
from rulesets.core import Choice, IntRange, Msg


def anytime_choices(state: ColonialState, seat: str) -> list[Choice]:
    p = state.players[seat]
    return list(_choices(seat, tuple(state.seats), p.treasury, loan_total(p)))


@lru_cache(maxsize=4096)
def _choices(seat: str, seats: tuple[str, ...], treasury: int, owed: int) -> tuple[Choice, ...]:
    """The same few choices come back at every step: they are built once (Choices are
    immutable)."""
    choices: list[Choice] = []
    most = min(treasury, owed)
    if most >= 1:
        choices.append(
            Choice.of(
                act.Repay(amount=1),
                label=Msg(key="col.label.repay", params={"owed": owed}),
                amount=IntRange(low=1, high=most),
            )
        )
    if treasury >= 1:
        for other in seats:
            if other != seat:
                choices.append(
                    Choice.of(
                        act.Give(to=other, amount=1),
                        label=Msg(key="col.label.give", params={"to": other}),
                        amount=IntRange(low=1, high=treasury),
                    )
                )
    return tuple(choices)


def repay(ctx: Ctx, seat: str, action: act.Repay) -> None:
    """Each Treasury discarded removes one counter from a loan, the smallest first."""
    p = ctx.state.players[seat]
    left = action.amount
    p.treasury -= left
    while left and p.loans:
        p.loans.sort()
        taken = min(left, p.loans[0])
        p.loans[0] -= taken
        left -= taken
        if p.loans[0] == 0:
            p.loans.pop(0)
    ctx.emit("col.event.repaid", seat=seat, amount=action.amount, owed=loan_total(p))
    check_victory(ctx)


def give(ctx: Ctx, seat: str, action: act.Give) -> None:
    ctx.state.players[seat].treasury -= action.amount
    ctx.state.players[action.to].treasury += action.amount
    ctx.emit("col.event.gave", seat=seat, to=action.to, amount=action.amount)


ANYTIME_HANDLERS: dict[type, Any] = {act.Repay: repay, act.Give: give}
