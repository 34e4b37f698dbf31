"""Combat: ships 1:1 at sea; land units 1:1, except artillery that removes infantry 1:0.

After an artillery's 1:0 win the attacked empire's monarch picks the unit that fights
back, 1:1, since units of two colours can never share a region.
"""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.empires.state import EmpiresState, Retaliation, Unit


def _eliminate(ctx: StepContext[EmpiresState], unit: Unit) -> None:
    ctx.state.remove_unit(unit.id)


def sea_combat(ctx: StepContext[EmpiresState], ship: Unit) -> None:
    state = ctx.state
    enemy = next((u for u in state.units_in(ship.region) if u.empire != ship.empire), None)
    if enemy is None:
        return
    _eliminate(ctx, ship)
    _eliminate(ctx, enemy)
    ctx.emit(
        "emp.event.naval_battle",
        region=ship.region,
        attacker=ship.empire,
        attacker_unit=ship.kind,
        defender=enemy.empire,
        defender_unit=enemy.kind,
    )


def pick_defender(state: EmpiresState, region: str, empire: str, kind: str) -> Unit | None:
    return next((u for u in state.units_in(region) if u.empire != empire and u.kind == kind), None)


def land_combat(ctx: StepContext[EmpiresState], attacker: Unit, target: str | None) -> bool:
    """Resolve a land unit ending its move among foreign units.

    True when the attacked monarch must now choose the unit that strikes back
    (`state.retaliation` says who and where).
    """
    state = ctx.state
    region = attacker.region
    foreign = [u for u in state.units_in(region) if u.empire != attacker.empire]
    if not foreign:
        return False
    kind = target if target is not None else foreign[0].kind
    victim = pick_defender(state, region, attacker.empire, kind) or foreign[0]
    defender = victim.empire
    if attacker.kind == "artillery" and victim.kind == "infantry":
        _eliminate(ctx, victim)
        ctx.emit(
            "emp.event.artillery_strike",
            region=region,
            attacker=attacker.empire,
            defender=defender,
        )
        remaining = sorted({u.kind for u in state.units_in(region) if u.empire == defender})
        if not remaining:
            return False
        if len(remaining) == 1:
            retaliate(ctx, attacker.id, region, defender, remaining[0])
            return False
        # A neutral empire has no monarch: the attacker picks its defender (D-22).
        seat = state.monarchs.get(defender) or state.decider
        assert seat is not None
        state.retaliation = Retaliation(
            region=region, attacker=attacker.id, defender=defender, seat=seat
        )
        return True
    _eliminate(ctx, attacker)
    _eliminate(ctx, victim)
    ctx.emit(
        "emp.event.land_battle",
        region=region,
        attacker=attacker.empire,
        attacker_unit=attacker.kind,
        defender=defender,
        defender_unit=victim.kind,
    )
    return False


def retaliate(
    ctx: StepContext[EmpiresState], attacker_id: int, region: str, defender: str, kind: str
) -> None:
    state = ctx.state
    attacker = state.unit(attacker_id)
    unit = next(u for u in state.units_in(region) if u.empire == defender and u.kind == kind)
    _eliminate(ctx, attacker)
    _eliminate(ctx, unit)
    ctx.emit(
        "emp.event.retaliation",
        region=region,
        attacker=attacker.empire,
        defender=defender,
        defender_unit=kind,
    )
