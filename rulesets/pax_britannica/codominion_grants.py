"""A codominion granted by the Congress of Europe (§4.7 method 3: "grant a codominion in
an area it controls by taking a marker of the other power and placing it there"; §4.4.10
and 1993 §4.17.3: a power receives a codominion share at no cost only if another power
present at the Congress holds a control marker there). A settlement may keep the favoured
party's protectorate or possession and give another member a protectorate beside it, free
of £; the other parties' markers fall as under the favoured one's control marker."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.pax_britannica.holdings import counters_left
from rulesets.pax_britannica.state import Congress, Marker, PaxState, marker_of

SHARED = ("protectorate", "possession")


def partners(state: PaxState, congress: Congress, area: str, favoured: str) -> list[str]:
    """The members who may receive a share beside `favoured`'s established control marker:
    holding at most an influence there, with a protectorate counter left."""
    mine = marker_of(state, favoured, area)
    if mine is None or mine.level not in SHARED or not mine.established:
        return []
    found: list[str] = []
    for member in congress.members:
        own = marker_of(state, member, area)
        if member == favoured or (own is not None and own.level not in ("interest", "influence")):
            continue
        if counters_left(state, member, "protectorate"):
            found.append(member)
    return found


def grant(ctx: StepContext[PaxState], area: str, favoured: str, partner: str) -> None:
    """The partner's marker becomes (or is placed as) an established protectorate."""
    state = ctx.state
    own = marker_of(state, partner, area)
    if own is None:
        own = Marker(power=partner, area=area, level="protectorate", placed_turn=state.turn)
        state.markers.append(own)
    own.level, own.established, own.needs_combat, own.before = "protectorate", True, False, None
    ctx.emit("pax.event.codominion_granted", power=favoured, partner=partner, area=area)
