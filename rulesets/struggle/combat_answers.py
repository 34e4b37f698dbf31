"""The answers to combat prompts: each records a decision and moves the combat on."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.struggle.combat import (
    naval_support_for,
    other,
)
from rulesets.struggle.combat_decisions import next_casualty, support_candidates
from rulesets.struggle.combat_flow import roll_dice
from rulesets.struggle.combat_results import (
    return_one_shot,
)
from rulesets.struggle.state import (
    CombatState,
    Commitment,
    Side,
    StruggleState,
    option,
    owned,
)

Ctx = StepContext[StruggleState]


def answer_surprise(ctx: Ctx, combat: CombatState, yes: bool) -> None:
    combat.asked.append("surprise")
    if yes and combat.attacker is not None:
        combat.surprise = True
        return_one_shot(
            ctx, combat.attacker, owned(ctx.state, combat.attacker, "surprise_attack")[0]
        )
        ctx.emit("soe.surprise_attack", power=combat.attacker, defender=combat.defender)


def answer_support(ctx: Ctx, combat: CombatState, ally: str, naval: int, land: int) -> None:
    combat.asked.append(f"support:{ally}")
    side = dict(support_candidates(ctx.state, combat))[ally]
    if naval or land:
        combat.allies[ally] = side
        combat.support[ally] = Commitment(naval=naval, land=land)
    ctx.emit("soe.support", power=ally, side=side, naval=naval, land=land)


def answer_alliance(ctx: Ctx, combat: CombatState, power: str, tile: str, stage: str) -> None:
    combat.asked.append(f"alliance:{tile}")
    if stage in ("land", "naval"):
        combat.alliance_stage[tile] = stage  # type: ignore[assignment]
        ctx.emit("soe.alliance_tile_used", power=power, tile=tile, stage=stage)


def answer_naval(ctx: Ctx, combat: CombatState, seat: str, fight: bool) -> None:
    side: Side = "attacker" if combat.step == "naval_attacker" else "defender"
    ctx.emit("soe.naval_fought" if fight else "soe.naval_declined", power=seat)
    if not fight:
        combat.naval_support = naval_support_for(ctx.state, combat, other(side))
        ctx.emit("soe.naval_support", side=combat.naval_support, region=combat.region)
        combat.step = "blockade"
        return
    combat.step = "naval_defender" if side == "attacker" else "naval_roll"


def answer_reserve(ctx: Ctx, combat: CombatState, seat: str, yes: bool) -> None:
    side: Side = "attacker" if seat == combat.attacker else "defender"
    if not yes:
        combat.reserve_declined.append(side)
        return
    holder = ctx.state.powers[seat]
    tile = owned(ctx.state, seat, "reserve", unused=True)[0]
    next(held for held in holder.tiles if held.tile == tile and not held.used).used = True
    ctx.emit("soe.reserve_used", power=seat)
    only = side if option(ctx.state, "reserve_rerolls") == "own" else None
    roll_dice(ctx, combat, only=only)


def answer_withdrawal(ctx: Ctx, combat: CombatState, seat: str, spare: str) -> None:
    combat.asked.append("withdrawal")
    if spare == "none":
        return
    spare_fort = bool(option(ctx.state, "withdrawal_spares_fort"))
    loss = next(
        entry for entry in combat.losses if entry[0] == spare and (spare_fort or entry[1] != "fort")
    )
    combat.losses.remove(loss)
    tile = owned(ctx.state, seat, "fighting_withdrawal")[0]
    return_one_shot(ctx, seat, tile)
    ctx.emit("soe.withdrawal", power=seat, spared=spare, unit=loss[1])


def answer_casualty(ctx: Ctx, combat: CombatState, power: str, unit: str) -> None:
    waiting = next_casualty(ctx.state, combat)
    assert waiting is not None and waiting.detail is not None
    index = int(waiting.detail)
    combat.asked.append(f"casualty:{index}")
    combat.losses[index] = (power, unit, combat.losses[index][2])


def answer_blockade(ctx: Ctx, combat: CombatState, seat: str, yes: bool) -> None:
    combat.asked.append("blockade")
    if yes:
        combat.blockade_boost = True
        return_one_shot(ctx, seat, owned(ctx.state, seat, "blockade")[0])
