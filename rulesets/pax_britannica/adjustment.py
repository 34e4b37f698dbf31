"""Marker Adjustment phase (§4.6), in the rules' order: unrest not put down, unrest
markers lifted, new interest and influence established, the garrison check, unestablished
control markers removed, and armies without an established marker sent away."""

from __future__ import annotations

from rulesets.core import Phase, StepContext
from rulesets.pax_britannica.holdings import reduce_marker, remove_marker, retreat
from rulesets.pax_britannica.ottoman import annex_unchecked_revolts
from rulesets.pax_britannica.state import (
    PaxState,
    armies_in,
    established_control,
    markers_in,
)


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    unrest_consequences(ctx)
    annex_unchecked_revolts(ctx)
    state.unrest = []
    for marker in state.markers:
        if not marker.established and not marker.needs_combat:
            marker.established = True
            marker.before = None
            ctx.emit(
                "pax.event.marker_established",
                power=marker.power,
                area=marker.area,
                level=f"level_{marker.level}",
            )
    garrison_check(ctx)
    for marker in [m for m in state.markers if not m.established]:
        remove_marker(ctx, marker, "never_fought")
    for power in sorted({u.power for u in state.units}):
        held = established_control(state, power)
        for area in sorted({u.location for u in state.units if u.power == power}):
            if area != power and area not in held:
                retreat(ctx, power, area, navies=True)
    for power in sorted({m.power for m in state.markers if m.is_control}):
        state.powers[power].ever_controlled = True
    ctx.enter("diplomacy")


def unrest_consequences(ctx: StepContext[PaxState]) -> None:
    """A revolt not put down: against a controller, its control marker goes and its units
    leave; in an influence or neutral area, every marker goes and every unit leaves."""
    state = ctx.state
    for area in list(state.unrest):
        markers = markers_in(state, area)
        rulers = sorted({m.power for m in markers if m.is_control and m.established})
        losers = rulers or sorted({m.power for m in markers})
        ctx.emit("pax.event.unrest_unchecked", area=area)
        for marker in markers:
            if marker.power in losers and (marker.is_control or not rulers):
                remove_marker(ctx, marker, "unrest")
        movers = rulers or sorted({u.power for u in state.units if u.location == area})
        for power in movers:
            retreat(ctx, power, area, navies=True)


def garrison_check(ctx: StepContext[PaxState]) -> None:
    """§4.4.8: a control marker with no army of its owner falls to influence, or, in a
    codominion, goes (leaving interest where no possession stands)."""
    state = ctx.state
    for marker in [m for m in state.markers if m.is_control]:
        if armies_in(state, marker.power, marker.area):
            continue
        others = [
            m for m in markers_in(state, marker.area) if m.power != marker.power and m.is_control
        ]
        if not others:
            reduce_marker(ctx, marker, "influence", "no_garrison")
            continue
        possession = any(m.level in ("possession", "dominion") for m in others)
        if possession:
            remove_marker(ctx, marker, "no_garrison")
        else:
            reduce_marker(ctx, marker, "interest", "no_garrison")


PHASE: Phase[PaxState] = Phase(
    name="adjustment", prompts=lambda state: [], handlers={}, enter=enter
)
