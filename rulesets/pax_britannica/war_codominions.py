"""Codominions in war (§4.11.7): a belligerent entering a codominion that a neutral
shares, when no member of the codominion is on its own side (neither itself nor an
ally), gives that neutral a casus belli usable at that moment only: the neutral's seat
is asked at once whether it declares war on the intruder (ET +5; not declaring is the
default, and the pretext is lost). A minor member gains the casus belli but cannot use
it, and a member already at war has no choice to make. The neutral members' markers of a
conquered codominion are never removed (peace.py keeps every control marker)."""

from __future__ import annotations

from rulesets.pax_britannica.state import PassageCall, PaxState, War, markers_in, seat_of
from rulesets.pax_britannica.war_board import side_of
from rulesets.pax_britannica.wars import war_of


def members(state: PaxState, area: str) -> list[str]:
    """The powers sharing `area` as a codominion (two or more control markers)."""
    found = sorted({m.power for m in markers_in(state, area) if m.is_control})
    return found if len(found) > 1 else []


def enter_codominion(state: PaxState, war: War, power: str, area: str) -> None:
    """`power`'s unit has just entered `area`: queue each neutral member's chance to
    declare war on it."""
    shared = members(state, area)
    side = side_of(war, power)
    if not shared or side is None or any(p in war.sides[side] for p in shared):
        return
    for neutral in shared:
        seat = seat_of(state, neutral)
        if seat is None or war_of(state, neutral) is not None:
            continue
        if any(c.power == neutral and c.target == power for c in war.passage_calls):
            continue
        call = PassageCall(seat=seat, power=neutral, target=power, area=area, reason="codominion")
        war.passage_calls.append(call)
