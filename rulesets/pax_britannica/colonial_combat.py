"""Colonial Combat phase (§4.5): minors fight first, automatically; then each major power
with armies where it must establish a marker or may put down unrest decides to fight or
to give way, in a seeded random order (A-13)."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica.actions import Abandon, Fight
from rulesets.pax_britannica.combat import fight, odds_for
from rulesets.pax_britannica.holdings import add_casus_belli, eliminate, remove_marker, retreat
from rulesets.pax_britannica.ottoman import defend_possessions
from rulesets.pax_britannica.state import (
    Combat,
    PaxState,
    area_type,
    armies_in,
    game_data,
    is_major,
    majors,
    marker_of,
    seat_of,
)


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    defend_possessions(ctx)
    minor_fights = [c for c in state.combats if not is_major(state, c.power)]
    state.combats = []
    for combat in minor_fights:
        resolve(ctx, combat.power, combat.area)
    queue: list[Combat] = []
    for power in majors(state):
        for area in sorted(
            {u.location for u in state.units if u.power == power and u.kind == "army"}
        ):
            if needs_decision(state, power, area):
                queue.append(Combat(power=power, area=area))
    keys = [f"{c.power}|{c.area}" for c in queue]
    order = ctx.dice.shuffle(keys) if len(keys) > 1 else keys
    by_key = dict(zip(keys, queue, strict=True))
    state.combats = [by_key[key] for key in order]
    advance(ctx)


def needs_decision(state: PaxState, power: str, area: str) -> bool:
    marker = marker_of(state, power, area)
    if marker is None or not marker.is_control or not armies_in(state, power, area):
        return False
    return (not marker.established and marker.needs_combat) or area in state.unrest


def advance(ctx: StepContext[PaxState]) -> None:
    """Drop combats that no longer need a decision; with none left, adjust the markers."""
    state = ctx.state
    while state.combats and not needs_decision(
        state, state.combats[0].power, state.combats[0].area
    ):
        state.combats.pop(0)
    if not state.combats:
        ctx.enter("adjustment")


def partners(state: PaxState, power: str, area: str) -> list[str]:
    """The codominion members who put down a revolt together with `power` (§4.4.10):
    every other power holding an established control marker there, when `power` does."""
    own = marker_of(state, power, area)
    if area not in state.unrest or own is None or not own.is_control or not own.established:
        return []
    return sorted(
        m.power
        for m in state.markers
        if m.area == area and m.power != power and m.is_control and m.established
    )


def resolve(ctx: StepContext[PaxState], power: str, area: str) -> None:
    state = ctx.state
    data = game_data(state)
    members = [power, *partners(state, power, area)]
    armies = [u for member in members for u in armies_in(state, member, area)]
    if not armies_in(state, power, area):
        return
    odds, die, outcome = fight(ctx, data, armies, data.area(area).cc)
    ctx.emit(
        "pax.event.colonial_combat",
        power=power,
        area=area,
        strength=sum(u.strength for u in armies),
        cc=data.area(area).cc,
        odds=odds.text(data) if odds else "pax_auto",
        table=odds.table if odds else "-",
        die=die or 0,
        result=f"result_{outcome.result}",
    )
    for unit in [u for u in armies if u.id in outcome.lost]:
        eliminate(ctx, unit, "combat")
    marker = marker_of(state, power, area)
    if outcome.defeated:
        area_defeated(ctx, power, area)
        return
    if marker is not None and not marker.established:
        if marker.before is not None and marker.before not in ("protectorate", "possession"):
            marker.level = marker.before
            marker.established = True
            marker.needs_combat = False
            marker.before = None
        else:
            remove_marker(ctx, marker, "combat_lost")
    for member in members:
        if armies_in(state, member, area):
            retreat(ctx, member, area, navies=False)


def area_defeated(ctx: StepContext[PaxState], power: str, area: str) -> None:
    """§4.5.5: the marker is established, the unrest put down, a minor's own protectorate
    becomes a possession; two powers establishing in one area hold a casus belli."""
    state = ctx.state
    marker = marker_of(state, power, area)
    if area in state.unrest:
        state.unrest.remove(area)
        ctx.emit("pax.event.unrest_suppressed", power=power, area=area)
        if not is_major(state, power):
            state.minor_suppressed.append(Combat(power=power, area=area))
            if marker is not None and marker.level == "protectorate" and marker.established:
                marker.level = "possession"
    if marker is None or marker.established:
        return
    marker.established = True
    marker.needs_combat = False
    marker.before = None
    ctx.emit("pax.event.marker_established", power=power, area=area, level=f"level_{marker.level}")
    if power == "belgium":
        state.powers[power].ever_controlled = True
    rivals = [
        m
        for m in state.markers
        if m.area == area
        and m.power != power
        and m.is_control
        and m.established
        and m.placed_this_turn
    ]
    for rival in rivals:
        add_casus_belli(ctx, power, rival.power, area)
        add_casus_belli(ctx, rival.power, power, area)
    if area_type(state, area) == "ottoman":
        state.ottoman_war_pending.append(power)
        ctx.emit("pax.event.ottoman_war_pending", power=power, area=area)


def prompts(state: PaxState) -> list[Prompt]:
    if not state.combats:
        return []
    combat = state.combats[0]
    seat = seat_of(state, combat.power)
    if seat is None:
        return []
    data = game_data(state)
    armies = armies_in(state, combat.power, combat.area)
    strength = sum(u.strength for u in armies)
    cc = data.area(combat.area).cc
    odds = odds_for(data, strength, cc).text(data) if cc else "pax_auto"
    marker = marker_of(state, combat.power, combat.area)
    establishing = marker is not None and not marker.established
    params = {
        "power": combat.power,
        "area": combat.area,
        "strength": strength,
        "cc": cc,
        "odds": odds,
    }
    give_way = "pax.label.abandon" if establishing else "pax.label.hold_back"
    return [
        Prompt(
            seat=seat,
            kind="colonial_combat",
            text=Msg(key="pax.prompt.colonial_combat", params=params),
            choices=[
                Choice.of(
                    Fight(power=combat.power, area=combat.area),
                    label=Msg(key="pax.label.fight", params=params),
                ),
                Choice.of(
                    Abandon(power=combat.power, area=combat.area),
                    label=Msg(key=give_way, params=params),
                ),
            ],
        )
    ]


def _current(ctx: StepContext[PaxState], seat: str, power: str, area: str) -> None:
    state = ctx.state
    combat = state.combats[0] if state.combats else None
    if (
        combat is None
        or (combat.power, combat.area) != (power, area)
        or seat_of(state, power) != seat
    ):
        raise IllegalAction("pax.error.not_this_combat")
    state.combats.pop(0)


def on_fight(ctx: StepContext[PaxState], seat: str, action: Fight) -> None:
    _current(ctx, seat, action.power, action.area)
    resolve(ctx, action.power, action.area)
    advance(ctx)


def on_abandon(ctx: StepContext[PaxState], seat: str, action: Abandon) -> None:
    _current(ctx, seat, action.power, action.area)
    state = ctx.state
    marker = marker_of(state, action.power, action.area)
    if marker is not None and not marker.established:
        remove_marker(ctx, marker, "abandoned")
        retreat(ctx, action.power, action.area, navies=False)
    else:
        ctx.emit("pax.event.held_back", power=action.power, area=action.area)
    advance(ctx)


PHASE: Phase[PaxState] = Phase(
    name="colonial_combat",
    prompts=prompts,
    handlers={Fight: on_fight, Abandon: on_abandon},
    enter=enter,
)
