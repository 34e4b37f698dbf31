"""Who controls an empire: influence totals and the monarch, ties broken A > B > C."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.state import EmpiresState


def monarch_for(state: EmpiresState, empire: str) -> str | None:
    """The seat with the most influence in `empire`, or None if nobody holds any.

    Ties go to the tied seat holding the A card, else B, else C; failing that the current
    holder keeps it, else the first tied seat clockwise from the start player.
    """
    totals = {seat: state.influence(seat, empire) for seat in state.order}
    best = max(totals.values(), default=0)
    if best <= 0:
        return state.monarchs.get(empire)
    tied = [seat for seat in state.order if totals[seat] == best]
    if len(tied) == 1:
        return tied[0]
    for letter in ("A", "B", "C"):
        card = f"{empire}-{letter}"
        for seat in tied:
            if card in state.hands[seat]:
                return seat
    current = state.monarchs.get(empire)
    if current in tied:
        return current
    return next(seat for seat in state.clockwise_from(state.start_player) if seat in tied)


def reassign_monarchs(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    for empire in state.board().empire_order:
        holder = monarch_for(state, empire)
        if holder != state.monarchs.get(empire):
            ctx.emit(
                "emp.event.monarch_changed",
                empire=empire,
                seat=holder,
                previous=state.monarchs.get(empire),
            )
            state.monarchs[empire] = holder
