"""Set-up (§3): every power's initial deployment from the data, indices at 0, 1880."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.state import Marker, PaxState, PowerState, game_data, majors


def setup_game(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    data = game_data(state)
    for power in data.powers:
        state.powers[power.id] = PowerState()
    for deployment in data.deployments:
        standing = state.powers[deployment.power]
        standing.merchant_fleets = list(deployment.merchant_fleets)
        for marker in deployment.markers:
            state.markers.append(
                Marker(power=deployment.power, area=marker.area, level=marker.level)
            )
        for unit in deployment.units:
            new_unit(state, deployment.power, unit.kind, unit.strength, unit.location, unit.role)
        standing.ever_controlled = any(
            m.level != "interest" and m.level != "influence" for m in deployment.markers
        )
    ctx.emit(
        "pax.event.setup",
        majors=majors(state),
        minors=[p.id for p in data.powers if p.id not in majors(state)],
    )
