"""Declaring an attack: which targets are legal in which region, and opening the combat."""

from __future__ import annotations

from typing import Literal

from rulesets.core import StepContext
from rulesets.struggle.money import pay
from rulesets.struggle.state import (
    PLURAL,
    CombatState,
    StruggleState,
    are_allied,
    game_data,
    option,
    units_in,
)

Ctx = StepContext[StruggleState]
ATTACK_FEE = 2  # gold paid to the bank for an attack that is not free
TargetKind = Literal["player", "neutral", "pirates", "revolt"]
Target = tuple[TargetKind, str]


def present(state: StruggleState, region: str, power: str) -> bool:
    """A power is a legitimate defender where it has a control token or any unit (A21)."""
    place = state.regions[region]
    if place.control.get(power, 0) > 0:
        return True
    return any(getattr(place, plural).get(power, 0) > 0 for plural in PLURAL.values())


def has_units_in(state: StruggleState, region: str, power: str) -> bool:
    return any(units_in(state, region, unit, power) > 0 for unit in ("army", "fleet"))


def targets(state: StruggleState, power: str, region: str) -> list[Target]:
    if option(state, "attacker_needs_unit") and not has_units_in(state, region, power):
        return []
    data = game_data(state)
    found: list[Target] = [
        ("player", enemy)
        for enemy in state.seats
        if enemy != power and not are_allied(state, power, enemy) and present(state, region, enemy)
    ]
    found += [
        ("neutral", marker)
        for marker in state.regions[region].markers
        if data.marker(marker).kind == "neutral"
    ]
    for raider in state.raiders:
        if raider.region == region:
            kind: TargetKind = "pirates" if data.tile(raider.tile).effect == "pirates" else "revolt"
            found.append((kind, raider.tile))
    return found


def can_attack(state: StruggleState, power: str) -> bool:
    return any(targets(state, power, region) for region in game_data(state).region_ids)


def attackable_regions(state: StruggleState, power: str) -> list[str]:
    return [region for region in game_data(state).region_ids if targets(state, power, region)]


def naval_region_for(state: StruggleState, region: str) -> str | None:
    return game_data(state).region(region).naval_region


def declare_attack(
    ctx: Ctx, power: str, region: str, kind: TargetKind, target: str, *, free: bool
) -> None:
    """Pay (or use War Office) and open the combat; the flow module takes it from there."""
    state = ctx.state
    data = game_data(state)
    if free:
        ctx.emit("soe.war_office_used", power=power)
    else:
        pay(ctx, power, ATTACK_FEE, "soe.reason.attack")
    combat = CombatState(
        spends_action=not free or bool(option(state, "war_office_spends_action")),
        region=region,
        naval_region=naval_region_for(state, region),
        target=kind,
        attacker=power,
        defender=target if kind == "player" else None,
    )
    if kind == "neutral":
        combat.marker = target
        combat.defender_fixed = data.marker(target).defence or 0
    elif kind in ("pirates", "revolt"):
        combat.raider_tile = target
        combat.defender_fixed = 1 if kind == "pirates" else 3
    combat.stage = "naval" if kind == "pirates" else "land"
    state.combat = combat
    ctx.emit("soe.attack_declared", power=power, region=region, kind=kind, target=target)


def raider_strikes(ctx: Ctx, tile: str, region: str, victim: str) -> None:
    """A freshly bought Pirates (naval, 1) or Slave Revolt (land, 3) attacks a token's owner."""
    pirates = game_data(ctx.state).tile(tile).effect == "pirates"
    ctx.state.combat = CombatState(
        region=region,
        naval_region=region,
        target="pirates" if pirates else "revolt",
        attacker=None,
        defender=victim,
        raider_tile=tile,
        attacker_fixed=1 if pirates else 3,
        stage="naval" if pirates else "land",
        surprise=True,
    )
    ctx.emit("soe.raider_strikes", tile=tile, region=region, power=victim)
