"""What a finished combat changes: units lost (with unrest), tokens swapped, markers taken,
raider tiles capturing or releasing tokens, and one-shot tiles going back to stock."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.struggle.combat import naval_support_for, side_name
from rulesets.struggle.money import add_unrest, gain_gold
from rulesets.struggle.state import (
    CombatState,
    RaiderOnMap,
    StruggleState,
    add_units,
    game_data,
    remove_token,
)
from rulesets.struggle.tokens import plant_token

Ctx = StepContext[StruggleState]


def return_one_shot(ctx: Ctx, power: str, tile: str) -> None:
    """A single-use tile goes back to stock; its user may not buy it back this round."""
    holder = ctx.state.powers[power]
    held = next(owned for owned in holder.tiles if owned.tile == tile)
    holder.tiles.remove(held)
    ctx.state.stock[tile] += 1
    ctx.state.used_one_shot_this_round.setdefault(power, []).append(tile)
    ctx.emit("soe.tile_used", power=power, tile=tile)


def apply_losses(ctx: Ctx, combat: CombatState) -> None:
    place = combat.naval_region if combat.stage == "naval" else combat.region
    assert place is not None
    for power, unit, _cause in combat.losses:
        add_units(ctx.state, place, unit, power, -1)  # type: ignore[arg-type]
        ctx.emit("soe.unit_lost", power=power, unit=unit, region=place)
        add_unrest(ctx, power, 1, "soe.reason.combat_loss")
    combat.losses = []


def naval_effects(ctx: Ctx, combat: CombatState) -> None:
    if combat.target == "pirates":
        raider_effects(ctx, combat)
        return
    result = combat.result
    combat.naval_support = (
        naval_support_for(ctx.state, combat, result) if result in ("attacker", "defender") else None
    )
    report_naval_support(ctx, combat)


def report_naval_support(ctx: Ctx, combat: CombatState) -> None:
    side = combat.naval_support
    if side is None:
        ctx.emit("soe.naval_support_none", region=combat.region)
        return
    ctx.emit("soe.naval_support", side=side, who=side_name(combat, side), region=combat.region)


def land_effects(ctx: Ctx, combat: CombatState) -> None:
    if combat.target in ("pirates", "revolt"):
        raider_effects(ctx, combat)
        return
    if combat.result != "attacker":
        return
    state = ctx.state
    attacker = combat.attacker
    assert attacker is not None
    if combat.target == "neutral" and combat.marker is not None:
        marker = game_data(state).marker(combat.marker)
        state.regions[combat.region].markers.remove(marker.id)
        plant_token(ctx, combat.region, attacker)
        ctx.emit("soe.neutral_beaten", power=attacker, marker=marker.id, region=combat.region)
        gain_gold(ctx, attacker, marker.gold_reward, "soe.reason.marker_reward")
        if marker.vp_reward:
            state.powers[attacker].vp += marker.vp_reward
            ctx.emit("soe.vp_gained", power=attacker, vp=marker.vp_reward)
        return
    defender = combat.defender
    assert defender is not None
    if remove_token(state, combat.region, defender):
        plant_token(ctx, combat.region, attacker)
        ctx.emit("soe.control_taken", power=attacker, loser=defender, region=combat.region)


def raider_effects(ctx: Ctx, combat: CombatState) -> None:
    """A raider's first strike captures a token on a win and goes home otherwise; a player
    who beats a raider on the map frees the token and plants its own."""
    state = ctx.state
    tile = combat.raider_tile
    assert tile is not None
    if combat.attacker is None:
        victim = combat.defender
        assert victim is not None
        if combat.result == "attacker" and remove_token(state, combat.region, victim):
            state.raiders.append(RaiderOnMap(tile=tile, region=combat.region, held=victim))
            ctx.emit("soe.token_captured", tile=tile, region=combat.region, power=victim)
        else:
            state.stock[tile] += 1
            ctx.emit("soe.raider_repulsed", tile=tile, region=combat.region)
        return
    if combat.result != "attacker":
        return
    raider = next(r for r in state.raiders if r.tile == tile and r.region == combat.region)
    state.raiders.remove(raider)
    state.stock[tile] += 1
    plant_token(ctx, combat.region, combat.attacker)
    ctx.emit(
        "soe.raider_beaten",
        power=combat.attacker,
        tile=tile,
        region=combat.region,
        freed=raider.held,
    )


def check_blockade(ctx: Ctx) -> None:
    """A Blockade lifts as soon as its owner has no ship left in that colony."""
    blockade = ctx.state.blockade
    if blockade is None:
        return
    if ctx.state.regions[blockade.region].fleets.get(blockade.owner, 0) > 0:
        return
    tile = game_data(ctx.state).tile_by_effect("blockade")
    assert tile is not None
    ctx.state.stock[tile.id] += 1
    ctx.state.blockade = None
    ctx.emit("soe.blockade_lifted", region=blockade.region, power=blockade.owner)
