"""Treaty VP bonuses (§4.8, §4.15.1 line 25): awarded at the close of the Negotiation phase
from the data's list (data.TreatyBonus), on the earner's line 25.

A bonus earned through public treaties is announced. One that needs a secret treaty is
told to that treaty's parties alone: line 25 is public, as on the paper record sheet, so
everyone sees the total rise, never which treaty raised it.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import StepContext
from rulesets.pax_britannica.data import TreatyBonus
from rulesets.pax_britannica.state import PaxState, Treaty, game_data, is_major, majors, seat_of
from rulesets.pax_britannica.treaties import readers


def award(ctx: StepContext[PaxState]) -> None:
    """Every bonus of the list whose treaties are in force now, for each of its powers."""
    for bonus in game_data(ctx.state).treaty_bonuses:
        for power in bonus.powers:
            _award(ctx, bonus, power)


def _award(ctx: StepContext[PaxState], bonus: TreatyBonus, power: str) -> None:
    state = ctx.state
    seat = seat_of(state, power)
    earned = f"{bonus.id}/{power}"
    if seat is None or not is_major(state, power):
        return
    if bonus.when == "once" and earned in state.treaty_bonuses_earned:
        return
    used = qualifying_treaties(state, bonus, power)
    if not used:
        return
    if bonus.when == "once":
        state.treaty_bonuses_earned.append(earned)
    record = state.powers[seat].record
    record["25"] = record.get("25", 0) + bonus.vp
    _announce(ctx, bonus, power, used)


def _announce(
    ctx: StepContext[PaxState], bonus: TreatyBonus, power: str, used: list[Treaty]
) -> None:
    """Everyone hears of a bonus earned through public treaties, the parties alone of one
    that needs a secret treaty."""
    state = ctx.state
    partners = [p for p in majors(state) if p != power and any(p in t.parties for t in used)]
    kinds = {t.kind for t in used}
    kind = f"pax_treaty_{kinds.pop()}" if len(kinds) == 1 else "pax_treaty_several"
    params: dict[str, Any] = {"power": power, "vp": bonus.vp, "kind": kind, "partners": partners}
    if any(t.secret for t in used):
        ctx.emit("pax.event.treaty_bonus_secret", readers(state, [power, *partners]), **params)
    else:
        ctx.emit("pax.event.treaty_bonus", **params)


def qualifying_treaties(state: PaxState, bonus: TreatyBonus, power: str) -> list[Treaty]:
    """The treaties that earn `power` the bonus now (none: not earned): for each partner
    the bonus names, one treaty of its kinds binding the two, a public one where there is
    one, so that the bonus is announced whenever it can be."""
    counted = sorted(
        (
            t
            for t in state.treaties
            if t.kind in bonus.kinds
            and power in t.parties
            and (bonus.secret_counts or not t.secret)
        ),
        key=lambda t: (t.secret, t.id),
    )
    if not bonus.partners:
        return counted[:1]
    own_seat = seat_of(state, power)
    used: list[Treaty] = []
    for partner in bonus.partners:
        if partner == power or seat_of(state, partner) == own_seat:
            continue  # a power of the same player stands with it without a treaty
        treaty = next((t for t in counted if partner in t.parties), None)
        if treaty is None:
            return []
        if treaty not in used:
            used.append(treaty)
    return used
