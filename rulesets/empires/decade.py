"""The turn and decade loop: start a turn, close an action, hand over to the next turn."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.state import EmpiresState, Reduction

TURNS_PER_DECADE = 7


def begin_decade(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    state.turn_index = 0
    state.acted = []
    state.tile = None
    ctx.emit("emp.decade_begins", decade=state.decade, start_player=state.start_player)
    begin_turn(ctx)


def begin_turn(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    state.active_empire = None
    state.decider = None
    state.option = None
    state.action = None
    state.compensation_region = None
    state.attack_units = []
    state.selected = None
    state.denied = []
    state.place_flags = False
    state.phase = "choose_empire"
    ctx.emit("emp.turn_begins", seat=state.turn_owner(), turn=state.turn_index + 1)


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
    """Continue after a reduction: ask for the next one, or carry on where play stopped."""
    state = ctx.state
    state.reductions = [r for r in state.reductions if over_limit(state, r)]
    if state.reductions:
        state.phase = "reduce"
        return
    if state.tile is not None:
        from rulesets.empires.interphase import continue_interphase

        continue_interphase(ctx)
        return
    finish_turn(ctx)


def finish_turn(ctx: StepContext[EmpiresState]) -> None:
    from rulesets.empires.flags import place_flags

    state = ctx.state
    if state.place_flags:
        place_flags(ctx)
    for unit in state.units:
        unit.moved = False
        unit.carried = False
    state.turn_index += 1
    if state.turn_index < TURNS_PER_DECADE:
        begin_turn(ctx)
        return
    from rulesets.empires.interphase import end_decade

    end_decade(ctx)
