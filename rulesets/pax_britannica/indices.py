"""European Tension and Chinese Resentment: every increase logged, the Great War at 100."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.pax_britannica.accounts import final_record
from rulesets.pax_britannica.state import LogEntry, PaxState, game_data, seat_of


def raise_tension(
    ctx: StepContext[PaxState], amount: int, reason: str, power: str | None = None
) -> bool:
    """Raise ET by `amount` because of `reason` (`power` is to blame, None for an event).
    Returns True when this starts the Great War, which ends the game at once (§4.12)."""
    state = ctx.state
    if amount <= 0 or state.finished:
        return state.finished
    state.tension += amount
    state.tension_log.append(LogEntry(amount=amount, reason=reason, turn=state.turn, power=power))
    ctx.emit("pax.event.tension", amount=amount, reason=f"pax_{reason}", total=state.tension)
    if state.tension < game_data(state).tension.great_war_at:
        return False
    state.great_war = True
    blamed = seat_of(state, power) if power else None
    state.great_war_blame = [blamed] if blamed else []
    ctx.emit("pax.event.great_war", total=state.tension)
    final_record(ctx)
    return True


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
