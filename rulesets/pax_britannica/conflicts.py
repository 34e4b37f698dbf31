"""What the diplomatic phases share: the default resolution of status conflicts (A-26),
the Chinese Resentment phase (§4.10), and the close of the turn's diplomacy, which clears
the casus belli."""

from __future__ import annotations

from collections.abc import Collection

from rulesets.core import StepContext
from rulesets.pax_britannica.cessions import open_cessions
from rulesets.pax_britannica.data import LEVELS
from rulesets.pax_britannica.holdings import remove_marker
from rulesets.pax_britannica.indices import raise_resentment, raise_tension
from rulesets.pax_britannica.minor_rights import judge_defenders
from rulesets.pax_britannica.ottoman_sides import to_war
from rulesets.pax_britannica.state import PaxState, game_data, markers_in
from rulesets.pax_britannica.wars import next_call, next_declarer

CHINESE = ("chinese_empire", "chinese_vassal")


def settle_conflicts(ctx: StepContext[PaxState], spared: Collection[tuple[str, str]] = ()) -> bool:
    """Remove each marker an established control marker of another power made illegal,
    except a (power, area) in `spared`, whose holder went to war over it; True when the ET
    this raises starts the Great War."""
    state = ctx.state
    for area in sorted({m.area for m in state.markers}):
        markers = markers_in(state, area)
        control = [m for m in markers if m.is_control and m.established]
        if not control:
            continue
        owners = {m.power for m in control}
        heavy = any(m.level in ("possession", "dominion") for m in control)
        for marker in markers:
            if marker.power in owners or (marker.power, area) in spared:
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


def after_negotiation(ctx: StepContext[PaxState]) -> None:
    """With the wars on: Chinese Resentment (§4.10), then the War phase's declarations;
    the conflicts nobody went to war over take the A-26 default; an Ottoman declaration
    of war, or a war declared during the Congress, opens the War phase on its own."""
    resentment_phase(ctx)
    state = ctx.state
    if next_declarer(state) is not None or next_call(state) is not None:
        ctx.enter("war_declarations")
        return
    if state.wars and judge_defenders(ctx):  # wars declared during the Congress (§4.9)
        return
    spared = {(d.power, d.area) for war in state.wars for d in war.declarations if not d.automatic}
    if settle_conflicts(ctx, spared):
        return
    if state.wars or state.ottoman_war_pending or state.pending_rebellion:
        to_war(ctx)
        return
    close_diplomacy(ctx)


def close_diplomacy(ctx: StepContext[PaxState]) -> None:
    """The end of the turn's diplomacy, once its wars are fought: an Ottoman war left
    pending (the option `war_declarations` off) is announced and dropped, every casus
    belli expires (A-30), and VP Recording follows."""
    state = ctx.state
    if state.ottoman_war_pending:
        ctx.emit("pax.event.ottoman_war_deferred", powers=sorted(set(state.ottoman_war_pending)))
        state.ottoman_war_pending = []
    state.wars, state.war_answers, state.casus_belli = [], [], []
    if open_cessions(ctx):
        return
    ctx.enter("vp_recording")
