"""The seam for issue 20: Negotiation, Congress, Chinese Resentment and War.

Until diplomacy and war are built, this phase applies the rules' default to every status
conflict left standing (A-26: the markers the conflict made illegal go, +1 ET a level),
adds the Chinese Resentment of the turn and rolls the rebellion check, which is only
recorded: a rebellion, an Ottoman war and declarations of war are issue 20's.
"""

from __future__ import annotations

from rulesets.core import Phase, StepContext
from rulesets.pax_britannica.data import LEVELS
from rulesets.pax_britannica.holdings import remove_marker
from rulesets.pax_britannica.indices import raise_resentment, raise_tension
from rulesets.pax_britannica.state import PaxState, game_data, markers_in

CHINESE = ("chinese_empire", "chinese_vassal")


def enter(ctx: StepContext[PaxState]) -> None:
    if settle_conflicts(ctx):
        return
    resentment_phase(ctx)
    state = ctx.state
    if state.ottoman_war_pending:
        ctx.emit("pax.event.ottoman_war_deferred", powers=sorted(set(state.ottoman_war_pending)))
        state.ottoman_war_pending = []
    state.casus_belli = []
    ctx.enter("vp_recording")


def settle_conflicts(ctx: StepContext[PaxState]) -> bool:
    """Remove each marker an established control marker of another power made illegal;
    True when the ET this raises starts the Great War."""
    state = ctx.state
    for area in sorted({m.area for m in state.markers}):
        markers = markers_in(state, area)
        control = [m for m in markers if m.is_control and m.established]
        if not control:
            continue
        owners = {m.power for m in control}
        heavy = any(m.level in ("possession", "dominion") for m in control)
        for marker in markers:
            if marker.power in owners:
                continue
            if marker.level == "influence" or (marker.level == "interest" and heavy):
                levels = LEVELS.index(marker.level) + 1
                remove_marker(ctx, marker, "status_conflict")
                amount = levels * game_data(state).tension.status_level
                if raise_tension(ctx, amount, "status_conflict"):
                    return True
    return False


def resentment_phase(ctx: StepContext[PaxState]) -> None:
    """§4.10: CR rises per control marker in Chinese areas; the dice against CR's tens."""
    state = ctx.state
    data = game_data(state)
    chinese = [m for m in state.markers if m.is_control and data.area(m.area).type in CHINESE]
    raise_resentment(
        ctx, len(chinese) * data.resentment.per_control_marker_at_check, "chinese_holdings"
    )
    total = sum(ctx.roll(6) for _ in range(data.resentment.rebellion_dice))
    threshold = state.resentment // 10
    rebellion = total < threshold
    ctx.emit(
        "pax.event.rebellion_check",
        roll=total,
        threshold=threshold,
        outcome="pax_rebellion" if rebellion else "pax_calm",
    )
    if rebellion:
        state.pending_rebellion = True


PHASE: Phase[PaxState] = Phase(name="diplomacy", prompts=lambda state: [], handlers={}, enter=enter)
