"""Gold and unrest: paying the bank (borrowing the shortfall) and taking unrest in secret."""

from __future__ import annotations

from typing import Any

from rulesets.core import StepContext
from rulesets.struggle.state import StruggleState, count_owned

Ctx = StepContext[StruggleState]


def loan_size(state: StruggleState, power: str) -> int:
    """Gold the bank hands over per unrest marker: 2, or 3 with Banking (copies never stack)."""
    return 3 if count_owned(state, power, "banking") else 2


def borrowing_needed(cash: int, owed: int, per_marker: int) -> tuple[int, int]:
    """(unrest markers, gold taken) to cover `owed` from `cash`; nothing more may be taken."""
    shortfall = max(0, owed - cash)
    markers = -(-shortfall // per_marker)
    return markers, markers * per_marker


def add_unrest(ctx: Ctx, power: str, amount: int, reason: str) -> None:
    """Unrest is secret: only its owner hears how much was taken."""
    if amount <= 0:
        return
    holder = ctx.state.powers[power]
    holder.unrest += amount
    ctx.emit(
        "soe.unrest_taken",
        visible_to=[power],
        power=power,
        amount=amount,
        total=holder.unrest,
        reason=reason,
    )


def pay(ctx: Ctx, power: str, amount: int, reason: str, **params: Any) -> None:
    """Pay the bank, borrowing exactly the missing gold in pairs (threes with Banking)."""
    if amount <= 0:
        return
    holder = ctx.state.powers[power]
    markers, taken = borrowing_needed(holder.gold, amount, loan_size(ctx.state, power))
    if markers:
        holder.gold += taken
        ctx.emit("soe.borrowed", power=power, gold=taken)
        add_unrest(ctx, power, markers, "soe.reason.borrowing")
    holder.gold -= amount
    ctx.emit("soe.paid", power=power, gold=amount, reason=reason, **params)


def gain_gold(ctx: Ctx, power: str, amount: int, reason: str) -> None:
    if amount <= 0:
        return
    ctx.state.powers[power].gold += amount
    ctx.emit("soe.gold_gained", power=power, gold=amount, reason=reason)


def give_gold(ctx: Ctx, giver: str, receiver: str, amount: int, note: str = "") -> None:
    """Only gold on hand may be given: nobody borrows to make a gift. A note the giver typed
    goes with the transfer, for the receiver and the whole table to read."""
    ctx.state.powers[giver].gold -= amount
    ctx.state.powers[receiver].gold += amount
    if note:
        ctx.emit("soe.gold_given_note", power=giver, to=receiver, gold=amount, note=note)
    else:
        ctx.emit("soe.gold_given", power=giver, to=receiver, gold=amount)
