"""Coaling a neutral grants in war (§4.11.7): a navy has coaling rights in a sea beside "a
marker of a neutral power that has granted you coaling there", a grant "verbal and
irrevocable for the rest of the war". A navy of a power with no other rights in a sea may
still try to step into it when a neutral power played by a seat holds an influence or
control marker on its coast: the step waits while each such neutral, in seat order, is
asked whether it lets that power coal at its markers beside the sea. The first to grant
lets the navy in, and the grant stands for the rest of the war (for support and every
later step); refusing is the default, and a neutral that refused is not asked again by
that power before the next cycle; when all refuse the navy stays where it was, free to do
something else. Only sea zones are asked for (a cape zone takes its rights from the seas
beside it), and never a step that already waits on a strait's or canal's controller."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.core.messages import JsonValue
from rulesets.pax_britannica.actions import GrantCoaling
from rulesets.pax_britannica.state import (
    CoalingRequest,
    PaxState,
    Unit,
    War,
    game_data,
    seat_of,
    unit_by_id,
)
from rulesets.pax_britannica.war_board import (
    coaling,
    passage_closed,
    side_of,
    war_neighbours,
)
from rulesets.pax_britannica.war_passages import passages_to_ask


def _neutral_areas(state: PaxState, war: War, sea: str) -> dict[str, list[str]]:
    """The neutral powers a seat plays with an influence or control marker on the sea's
    coast, and those areas."""
    coast = set(game_data(state).coast(sea))
    found: dict[str, list[str]] = {}
    for marker in state.markers:
        if marker.area not in coast or marker.level == "interest":
            continue
        if side_of(war, marker.power) is None and seat_of(state, marker.power) is not None:
            found.setdefault(marker.power, []).append(marker.area)
    return found


def _askable(state: PaxState, war: War, power: str, sea: str) -> list[str]:
    """The neutrals `power` may still ask for coaling in `sea` this cycle, in seat order."""
    neutrals = _neutral_areas(state, war, sea)
    order = {seat: index for index, seat in enumerate(state.seats)}
    return sorted(
        (n for n in neutrals if f"{n} {power}" not in war.coaling_refusals),
        key=lambda n: order.get(seat_of(state, n) or "", len(order)),
    )


def coaling_steps(state: PaxState, war: War, unit: Unit) -> list[str]:
    """The seas `unit` (a navy in an ordinary war) could enter only with a neutral's
    coaling grant it may still ask for."""
    data = game_data(state)
    if unit.kind != "navy" or war.kind != "war" or side_of(war, unit.power) is None:
        return []
    here = unit.location
    found: list[str] = []
    for nxt in war_neighbours(state, here):
        if not data.is_sea(nxt) or here == unit.power or coaling(state, war, unit.power, nxt):
            continue
        if data.is_sea(here) and passage_closed(state, war, unit.power, here, nxt):
            continue
        if passages_to_ask(state, war, unit, nxt):
            continue
        if _askable(state, war, unit.power, nxt) and nxt not in found:
            found.append(nxt)
    return found


def request_coaling(ctx: StepContext[PaxState], war: War, unit: Unit, to: str) -> None:
    """The step waits while the neutrals beside `to` answer, in seat order."""
    asked = _askable(ctx.state, war, unit.power, to)
    war.coaling_request = CoalingRequest(unit=unit.id, to=to, asked=asked)
    ctx.emit(
        "pax.event.coaling_requested",
        power=unit.power,
        kind=f"pax_a_unit_{unit.kind}",
        strength=unit.strength,
        area=unit.location,
        to=to,
        powers=asked,
    )


def coaling_prompt(state: PaxState, war: War) -> Prompt:
    request = war.coaling_request
    assert request is not None
    neutral = request.asked[0]
    unit = unit_by_id(state, request.unit)
    assert unit is not None
    params = {"power": neutral, "mover": unit.power, "sea": request.to}
    text = Msg(
        key="pax.prompt.war_coaling",
        params={
            **params,
            "kind": f"pax_a_unit_{unit.kind}",
            "strength": unit.strength,
            "area": unit.location,
            "areas": _neutral_areas(state, war, request.to)[neutral],
        },
    )
    choices = [
        Choice.of(
            GrantCoaling(power=neutral, grant=grant),
            label=Msg(key=f"pax.label.coaling_{'grant' if grant else 'refuse'}", params=params),
        )
        for grant in (False, True)
    ]
    seat = seat_of(state, neutral)
    assert seat is not None
    return Prompt(seat=seat, kind="war_coaling", text=text, choices=choices)


def answer_coaling(
    ctx: StepContext[PaxState], war: War, seat: str, action: GrantCoaling
) -> tuple[Unit, str] | None:
    """The neutral grants (the navy's step goes ahead: returned) or refuses (the next
    neutral is asked; when none is left the navy stays, told)."""
    state = ctx.state
    request = war.coaling_request
    if request is None or request.asked[0] != action.power:
        raise IllegalAction("pax.error.not_your_war_step")
    if seat_of(state, action.power) != seat:
        raise IllegalAction("pax.error.not_your_war_step")
    unit = unit_by_id(state, request.unit)
    assert unit is not None
    neutral = request.asked.pop(0)
    params: dict[str, JsonValue] = {"power": neutral, "mover": unit.power, "sea": request.to}
    if action.grant:
        war.coaling_request = None
        for area in _neutral_areas(state, war, request.to)[neutral]:
            granted = war.coaling_grants.setdefault(area, [])
            if unit.power not in granted:
                granted.append(unit.power)
        ctx.emit("pax.event.coaling_granted", **params)
        return unit, request.to
    war.coaling_refusals.append(f"{neutral} {unit.power}")
    ctx.emit("pax.event.coaling_refused", **params)
    if not request.asked:
        war.coaling_request = None
        ctx.emit(
            "pax.event.coaling_step_refused",
            power=unit.power,
            kind=f"pax_a_unit_{unit.kind}",
            area=unit.location,
            to=request.to,
        )
    return None
