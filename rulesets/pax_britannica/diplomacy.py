"""The diplomatic phases' entry: Negotiation, Congress, Chinese Resentment and War.

Every status conflict left standing takes the rules' default (A-26: the markers it made
illegal go, +1 ET a level). The Chinese Resentment phase is played and the rebellion check
only recorded. With the campaign option `war_declarations` the Negotiation phase comes
first (negotiation.py: treaties and withdrawals), then the Congress (congress.py), then
the powers holding a casus belli may declare war (war_declarations.py): ET rises, a Great
War ends the game, and the wars are fought (war.py).
"""

from __future__ import annotations

from rulesets.core import Phase, StepContext
from rulesets.pax_britannica.conflicts import close_diplomacy, resentment_phase, settle_conflicts
from rulesets.pax_britannica.state import PaxState


def enter(ctx: StepContext[PaxState]) -> None:
    if ctx.state.options.get("war_declarations", False):
        ctx.enter("negotiation")
        return
    if settle_conflicts(ctx):
        return
    resentment_phase(ctx)
    close_diplomacy(ctx)


PHASE: Phase[PaxState] = Phase(name="diplomacy", prompts=lambda state: [], handlers={}, enter=enter)
