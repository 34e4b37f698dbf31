"""VP Recording (§4.15.1) and Final Record (§4.16) phases: buy VP with the treasury, then
start the next turn or write the final record and rank the players."""

from __future__ import annotations

from rulesets.core import Phase, StepContext
from rulesets.pax_britannica.accounts import final_record, record_vp
from rulesets.pax_britannica.state import PaxState, last_turn


def enter_vp(ctx: StepContext[PaxState]) -> None:
    record_vp(ctx)
    ctx.enter("final_record")


def enter_final(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    if state.turn >= last_turn(state):
        final_record(ctx)
        return
    state.turn += 1
    ctx.enter("random_events")


VP_PHASE: Phase[PaxState] = Phase(
    name="vp_recording", prompts=lambda state: [], handlers={}, enter=enter_vp
)
FINAL_PHASE: Phase[PaxState] = Phase(
    name="final_record", prompts=lambda state: [], handlers={}, enter=enter_final
)
