"""Free removals and gifts at the Congress of Europe (§4.7 method 3): before the debates,
each member in seat order may take any of its markers off the map, even where there is no
dispute (ET +1 a level, §4.17.3: the Congress's reductions raise ET), or give one to
another member, whose equivalent marker replaces it free of £ (no level is lost, so no
ET). Either ends the casus belli over the area by or against the member, as a marker
withdrawn in the Negotiation phase does. The lists open from a short first prompt so that
a member answers "done" in one click."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.pax_britannica.actions import FreeChange
from rulesets.pax_britannica.holdings import counters_left, remove_marker
from rulesets.pax_britannica.indices import raise_tension
from rulesets.pax_britannica.state import Congress, Marker, PaxState, game_data, marker_of

MOVABLE = ("interest", "influence", "protectorate", "possession")  # never a state/dominion


def removable(state: PaxState, power: str) -> list[Marker]:
    """The member's markers it may take off: any but a state or dominion, in area order."""
    found = [m for m in state.markers if m.power == power and m.level in MOVABLE]
    return sorted(found, key=lambda m: m.area)


def gifts(state: PaxState, congress: Congress, power: str) -> list[tuple[Marker, str]]:
    """(marker, recipient): an established marker of the member and another member with
    no marker in that area and a counter of that level left."""
    found: list[tuple[Marker, str]] = []
    for marker in removable(state, power):
        if not marker.established:
            continue
        for member in congress.members:
            if member == power or marker_of(state, member, marker.area) is not None:
                continue
            if counters_left(state, member, marker.level) > 0:
                found.append((marker, member))
    return found


def has_any(state: PaxState, power: str) -> bool:
    return bool(removable(state, power))


def _tension(state: PaxState, marker: Marker) -> int:
    return marker.rank * game_data(state).tension.status_level


def prompt(state: PaxState, congress: Congress, seat: str) -> Prompt:
    power = congress.free_turns[0]
    params = {"power": power}
    if congress.free_menu == "remove":
        choices = [_back(power)] + [
            Choice.of(
                FreeChange(power=power, step="remove", area=m.area),
                label=Msg(
                    key="pax.label.free_remove",
                    params={
                        **params,
                        "area": m.area,
                        "level": f"pax_the_level_{m.level}",
                        "tension": _tension(state, m),
                    },
                ),
            )
            for m in removable(state, power)
        ]
    elif congress.free_menu == "give":
        choices = [_back(power)] + [
            Choice.of(
                FreeChange(power=power, step="give", area=m.area, recipient=to),
                label=Msg(
                    key="pax.label.free_give",
                    params={
                        **params,
                        "area": m.area,
                        "level": f"pax_the_level_{m.level}",
                        "recipient": to,
                    },
                ),
            )
            for m, to in gifts(state, congress, power)
        ]
    else:
        choices = [
            Choice.of(
                FreeChange(power=power, step="done"),
                label=Msg(key="pax.label.free_done", params=params),
            )
        ]
        if removable(state, power):
            choices.append(
                Choice.of(
                    FreeChange(power=power, step="remove"),
                    label=Msg(
                        key="pax.label.free_remove_menu",
                        params={**params, "tension": game_data(state).tension.status_level},
                    ),
                )
            )
        if gifts(state, congress, power):
            choices.append(
                Choice.of(
                    FreeChange(power=power, step="give"),
                    label=Msg(key="pax.label.free_give_menu", params=params),
                )
            )
    text = Msg(key="pax.prompt.congress_free", params=params)
    return Prompt(seat=seat, kind="congress_free", text=text, choices=choices)


def _back(power: str) -> Choice:
    return Choice.of(
        FreeChange(power=power, step="back"),
        label=Msg(key="pax.label.free_back", params={"power": power}),
    )


def apply(ctx: StepContext[PaxState], congress: Congress, action: FreeChange) -> bool:
    """Open or close a list, or make one change; True when the member is done or the ET
    of a removal started the Great War."""
    state = ctx.state
    if action.step == "done":
        return True
    if action.step == "back" or not action.area:
        if action.step in ("remove", "give") and not _offered(state, congress, action):
            raise IllegalAction("pax.error.no_free_change")
        congress.free_menu = "" if action.step == "back" else action.step
        return False
    if not _offered(state, congress, action):
        raise IllegalAction("pax.error.no_free_change")
    marker = marker_of(state, action.power, action.area)
    assert marker is not None
    congress.free_menu = ""
    _end_casus_belli(state, action.power, action.area)
    if action.step == "give":
        _give(ctx, marker, action.recipient)
        return False
    remove_marker(ctx, marker, "congress_free")
    return raise_tension(ctx, _tension(state, marker), "congress_free", action.power)


def _offered(state: PaxState, congress: Congress, action: FreeChange) -> bool:
    if action.step == "remove":
        areas = [m.area for m in removable(state, action.power)]
        return action.area in areas if action.area else bool(areas)
    pairs = [(m.area, to) for m, to in gifts(state, congress, action.power)]
    if not action.area:
        return bool(pairs)
    return (action.area, action.recipient) in pairs


def _give(ctx: StepContext[PaxState], marker: Marker, recipient: str) -> None:
    state = ctx.state
    state.markers.remove(marker)
    gift = Marker(power=recipient, area=marker.area, level=marker.level, placed_turn=state.turn)
    state.markers.append(gift)
    ctx.emit(
        "pax.event.marker_given",
        power=marker.power,
        recipient=recipient,
        area=marker.area,
        level=f"pax_the_level_{marker.level}",
    )


def _end_casus_belli(state: PaxState, power: str, area: str) -> None:
    state.casus_belli = [
        c for c in state.casus_belli if not (c.area == area and power in (c.holder, c.target))
    ]
