"""European Tension and Chinese Resentment: every increase logged, the Great War at 100."""

from __future__ import annotations

from collections.abc import Iterable

from rulesets.core import StepContext
from rulesets.pax_britannica.accounts import final_record
from rulesets.pax_britannica.state import LogEntry, PaxState, game_data, seat_of


def raise_tension(
    ctx: StepContext[PaxState],
    amount: int,
    reason: str,
    power: str | None = None,
    accomplices: Iterable[str] = (),
) -> bool:
    """Raise ET by `amount` because of `reason` (`power` is to blame, None for an event;
    `accomplices` are the powers also to blame should this start the Great War, such as
    the first to declare the war during which ET reached 100). Returns True when this
    starts the Great War, which ends the game at once (§4.12)."""
    state = ctx.state
    if amount <= 0 or state.finished:
        return state.finished
    state.tension += amount
    state.tension_log.append(LogEntry(amount=amount, reason=reason, turn=state.turn, power=power))
    ctx.emit("pax.event.tension", amount=amount, reason=f"pax_{reason}", total=state.tension)
    if state.tension < game_data(state).tension.great_war_at:
        return False
    blamed = [power, *accomplices] if power else []
    ctx.emit("pax.event.great_war", total=state.tension)
    start_great_war(ctx, blamed)
    return True


def start_great_war(ctx: StepContext[PaxState], blamed: Iterable[str]) -> None:
    """§4.12, announced by the caller: the game ends at once with the final scoring; the
    players of the `blamed` powers lose three times the turn's penalty, the others once."""
    state = ctx.state
    state.great_war = True
    seats = {seat_of(state, power) for power in blamed}
    state.great_war_blame = sorted(seat for seat in seats if seat is not None)
    final_record(ctx)


def raise_resentment(
    ctx: StepContext[PaxState], amount: int, reason: str, power: str | None = None
) -> None:
    """Raise CR (it may pass 100, 1993); every increase is logged and announced."""
    state = ctx.state
    if amount <= 0:
        return
    state.resentment += amount
    state.resentment_log.append(
        LogEntry(amount=amount, reason=reason, turn=state.turn, power=power)
    )
    ctx.emit("pax.event.resentment", amount=amount, reason=f"pax_{reason}", total=state.resentment)
