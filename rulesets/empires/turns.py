"""The turn and decade loop: close an action, bring stacks down, hand over to the next turn.

A shared mechanism, not a phase: it moves the game on only through `ctx.enter`, so every
phase may use it without importing another phase.
"""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.flags import place_flags
from rulesets.empires.state import EmpiresState, Reduction

TURNS_PER_DECADE = 7


def begin_decade(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    state.turn_index = 0
    state.acted = []
    state.tile = None
    ctx.emit("emp.event.decade_begins", decade=state.decade, start_player=state.start_player)
    ctx.enter("choose_empire")


def stacking_limit(state: EmpiresState, region: str, empire: str) -> int:
    """Three units in an own city region, one anywhere else (checked at the end of a turn)."""
    return 3 if state.board().owner[region] == empire else 1


def close_action(ctx: StepContext[EmpiresState], place_flags: bool) -> None:
    """End of the action: bring regions down to their limits, then flags, then next turn."""
    state = ctx.state
    empire = state.active_empire
    assert empire is not None and state.decider is not None
    state.place_flags = place_flags
    state.selected = None
    regions = sorted({u.region for u in state.units if u.empire == empire})
    for region in regions:
        state.reductions.append(
            Reduction(
                region=region,
                empire=empire,
                seat=state.decider,
                limit=stacking_limit(state, region, empire),
            )
        )
    compensated = state.compensation_region
    if compensated is not None:
        owner = state.board().owner[compensated]
        assert owner is not None
        if owner != empire:
            seat = state.monarchs.get(owner) or state.turn_owner()
            state.reductions.append(Reduction(region=compensated, empire=owner, seat=seat, limit=3))
    resume(ctx)


def over_limit(state: EmpiresState, reduction: Reduction) -> bool:
    count = sum(1 for u in state.units_in(reduction.region) if u.empire == reduction.empire)
    return count > reduction.limit


def resume(ctx: StepContext[EmpiresState]) -> None:
    """Continue after a reduction: ask for the next one, or carry on where play stopped.

    Between decades only a levy brings a region over its limit, so play goes back to it.
    """
    state = ctx.state
    state.reductions = [r for r in state.reductions if over_limit(state, r)]
    if state.reductions:
        ctx.enter("reduce")
    elif state.tile is not None:
        ctx.enter("levy")
    else:
        finish_turn(ctx)


def finish_turn(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    if state.place_flags:
        place_flags(ctx)
    for unit in state.units:
        unit.moved = False
        unit.carried = False
    state.turn_index += 1
    if state.turn_index < TURNS_PER_DECADE:
        ctx.enter("choose_empire")
    else:
        end_decade(ctx)


def end_decade(ctx: StepContext[EmpiresState]) -> None:
    """After the seventh turn: the last count, or the orange pawn and the next tile."""
    state = ctx.state
    state.active_empire = None
    state.decider = None
    ctx.emit("emp.event.decade_ends", decade=state.decade)
    if state.decade >= state.decades:
        ctx.enter("over")
        return
    # The seat left of whoever played the seventh turn starts the next decade.
    start = state.order.index(state.start_player)
    state.start_player = state.order[(start + TURNS_PER_DECADE) % len(state.order)]
    ctx.emit("emp.event.orange_pawn", seat=state.start_player)
    tile = state.timetrack.pop(0)
    state.revealed.append(tile)
    state.tile = tile
    ctx.emit("emp.event.tile_revealed", tile=tile, decade=state.decade)
    if tile.startswith("player_"):
        position = int(tile.removeprefix("player_"))
        first = state.order[position - 1] if position <= len(state.order) else state.start_player
        state.pickers = state.clockwise_from(first)
        ctx.enter("influence_pick")
    elif tile == "orange":
        state.pickers = state.clockwise_from(state.start_player)
        ctx.enter("influence_pick")
    elif tile == "worker":
        state.pickers = state.clockwise_from(state.start_player)
        ctx.enter("worker_pick")
    else:
        # Every empire with a monarch; the levy phase keeps those with room for the unit.
        state.levies = [e for e in state.board().empire_order if not state.is_neutral(e)]
        ctx.enter("levy")
