"""Administrative phase (§4.2): the record sheet's Sections I–IV for every major power,
the treasury set to the net revenue, and a deficit paid off by disbanding."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.pax_britannica.accounts import compute_record
from rulesets.pax_britannica.actions import EliminateMarker, EliminateUnit
from rulesets.pax_britannica.holdings import eliminate, remove_marker
from rulesets.pax_britannica.state import (
    Obligation,
    PaxState,
    game_data,
    majors,
    marker_of,
    powers_of,
    unit_by_id,
)


def enter(ctx: StepContext[PaxState]) -> None:
    state = ctx.state
    for power in majors(state):
        record = compute_record(ctx, power)
        standing = state.powers[power]
        standing.record = record
        net = record["22"]
        standing.treasury = max(0, net)
        standing.deficit = max(0, -net)
        ctx.emit(
            "pax.event.administration" if record["10r"] else "pax.event.administration_unrolled",
            power=power,
            office_roll=record["10r"],
            office=record["10"],
            income=record["15"],
            upkeep=record["21"],
            net=net,
        )
        garrison_rebuilds(state, power)
        if standing.deficit and not deficit_options(state, power):
            standing.deficit = 0
    if not any(state.powers[p].deficit for p in majors(state)):
        ctx.enter("minor_powers")


def garrison_rebuilds(state: PaxState, power: str) -> None:
    """The Indian Army and the Russian western garrison are rebuilt as soon as possible,
    before any other purchase (§4.4.9, A-66)."""
    data = game_data(state)
    role = {"britain": "indian_army", "russia": "western_garrison"}.get(power)
    if role is None:
        return
    kept = sum(1 for u in state.units if u.power == power and u.role == role)
    missing = 3 - kept
    if missing > 0:
        price = data.costs.armies["10"] * missing
        state.powers[power].obligations.insert(
            0,
            Obligation(reason="garrison", unit=role, left=price),
        )


def unit_value(state: PaxState, power: str, location: str, strength: int) -> int:
    free = {m.area for m in state.markers if m.power == power and m.level == "dominion"}
    if location == power or location in free:
        return 0
    return strength * game_data(state).multipliers.unit_point_cost


def marker_value(state: PaxState, level: str) -> int:
    upkeep = game_data(state).multipliers.maintenance
    return upkeep.get(level, 0)  # type: ignore[call-overload, no-any-return]


def deficit_options(state: PaxState, power: str) -> list[tuple[str, int | str, int]]:
    """What may go, as (kind, unit id or area, value saved): the items that fit inside the
    shortfall, else the smallest that covers it ("as exactly as possible", A-44)."""
    items: list[tuple[str, int | str, int]] = []
    alike: set[tuple[str, str, int]] = set()
    for unit in state.units:
        key = (unit.location, unit.kind, unit.strength)
        if unit.power == power and key not in alike:
            alike.add(key)  # one choice per look-alike unit
            value = unit_value(state, power, unit.location, unit.strength)
            if value > 0:
                items.append(("unit", unit.id, value))
    for marker in state.markers:
        if marker.power == power:
            value = marker_value(state, marker.level)
            if value > 0:
                items.append(("marker", marker.area, value))
    left = state.powers[power].deficit
    inside = [item for item in items if item[2] <= left]
    if inside:
        return inside
    if not items:
        return []
    smallest = min(item[2] for item in items)
    return [item for item in items if item[2] == smallest]


def prompts(state: PaxState) -> list[Prompt]:
    out: list[Prompt] = []
    for seat in state.seats:
        choices: list[Choice] = []
        for power in powers_of(state, seat):
            if not state.powers[power].deficit:
                continue
            for kind, target, value in deficit_options(state, power):
                choices.append(_choice(state, power, kind, target, value))
        if choices:
            text = Msg(
                key="pax.prompt.deficit",
                params={
                    "power": seat,
                    "deficit": sum(state.powers[p].deficit for p in powers_of(state, seat)),
                },
            )
            out.append(Prompt(seat=seat, kind="deficit", text=text, choices=choices))
    return out


def _choice(state: PaxState, power: str, kind: str, target: int | str, value: int) -> Choice:
    if kind == "unit":
        unit = unit_by_id(state, int(target))
        assert unit is not None
        label = Msg(
            key="pax.label.eliminate_unit",
            params={
                "power": power,
                "kind": f"pax_the_unit_{unit.kind}",
                "strength": unit.strength,
                "area": unit.location,
                "value": value,
            },
        )
        return Choice.of(EliminateUnit(power=power, unit=unit.id), label=label)
    marker = marker_of(state, power, str(target))
    assert marker is not None
    label = Msg(
        key="pax.label.eliminate_marker",
        params={
            "power": power,
            "level": f"pax_the_level_{marker.level}",
            "area": marker.area,
            "value": value,
        },
    )
    return Choice.of(EliminateMarker(power=power, area=marker.area), label=label)


def _settle(ctx: StepContext[PaxState], seat: str, power: str, value: int) -> None:
    state = ctx.state
    if power not in powers_of(state, seat):
        raise IllegalAction("pax.error.not_your_power", power=power)
    standing = state.powers[power]
    standing.deficit = max(0, standing.deficit - value)
    if standing.deficit and not deficit_options(state, power):
        standing.deficit = 0
    if not any(state.powers[p].deficit for p in majors(state)):
        ctx.enter("minor_powers")


def on_eliminate_unit(ctx: StepContext[PaxState], seat: str, action: EliminateUnit) -> None:
    state = ctx.state
    unit = unit_by_id(state, action.unit)
    if unit is None or unit.power != action.power:
        raise IllegalAction("pax.error.no_such_unit")
    value = unit_value(state, unit.power, unit.location, unit.strength)
    eliminate(ctx, unit, "deficit")
    _settle(ctx, seat, action.power, value)


def on_eliminate_marker(ctx: StepContext[PaxState], seat: str, action: EliminateMarker) -> None:
    state = ctx.state
    marker = marker_of(state, action.power, action.area)
    if marker is None:
        raise IllegalAction("pax.error.no_such_marker")
    value = marker_value(state, marker.level)
    remove_marker(ctx, marker, "deficit")
    _settle(ctx, seat, action.power, value)


PHASE: Phase[PaxState] = Phase(
    name="administration",
    prompts=prompts,
    handlers={EliminateUnit: on_eliminate_unit, EliminateMarker: on_eliminate_marker},
    enter=enter,
)
