"""The order of an attack as a state machine of decisions.

Surprise Attack -> allies asked (attacker's side first) -> Alliance tiles -> naval stage
(attacker then defender may decline) -> dice, Reserve re-rolls, Fighting Withdrawal, losses
-> Blockade boost -> land stage the same way -> effects. `pending` names who must decide
now; `advance` runs every automatic step until someone must decide or the combat ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulesets.core import StepContext
from rulesets.struggle.combat import (
    casualty_options,
    decide,
    has_ships_at_sea,
    losses,
    naval_support_for,
    other,
    power_of,
    totals,
)
from rulesets.struggle.combat_results import (
    apply_losses,
    check_blockade,
    land_effects,
    naval_effects,
    return_one_shot,
)
from rulesets.struggle.state import (
    CombatState,
    Side,
    StruggleState,
    Unit,
    game_data,
    group_of,
    option,
    owned,
    units_in,
)

Ctx = StepContext[StruggleState]
SIDES: tuple[Side, Side] = ("attacker", "defender")


@dataclass(frozen=True)
class Pending:
    """A decision due: its kind, who makes it, and what it is about (a tile, a loss index)."""

    kind: str
    seat: str
    detail: str | None = None


def stages(combat: CombatState) -> list[str]:
    if combat.target == "pirates":
        return ["naval"]
    if combat.target == "player" and combat.naval_region is not None:
        return ["naval", "land"]
    return ["land"]


def naval_contest(combat: CombatState) -> bool:
    return combat.target == "player" and combat.naval_region is not None


def capacity(state: StruggleState, combat: CombatState, ally: str) -> tuple[int, int]:
    """Ships and armies an ally could commit: ships at sea, armies on land; never forts."""
    naval = units_in(state, combat.naval_region, "fleet", ally) if combat.naval_region else 0
    land = units_in(state, combat.region, "army", ally) if "land" in stages(combat) else 0
    return naval, land


def support_candidates(state: StruggleState, combat: CombatState) -> list[tuple[str, Side]]:
    found: list[tuple[str, Side]] = []
    order = state.turn_order or state.seats
    if combat.attacker is not None:
        mates = group_of(state, combat.attacker)
        found += [(p, "attacker") for p in order if p in mates and p != combat.attacker]
    if combat.target == "player" and not combat.surprise and combat.defender is not None:
        mates = group_of(state, combat.defender)
        found += [(p, "defender") for p in order if p in mates and p != combat.defender]
    return [(p, side) for p, side in found if any(capacity(state, combat, p))]


def alliance_stages(state: StruggleState, combat: CombatState, power: str, tile: str) -> list[str]:
    data = game_data(state).tile(tile)
    usable: list[str] = []
    for stage in data.stages:
        if stage not in stages(combat):
            continue
        place = combat.naval_region if stage == "naval" else combat.region
        valid = combat.region in data.regions or (stage == "naval" and place in data.regions)
        if not valid or place is None:
            continue
        if option(state, "alliance_needs_unit"):
            unit: Unit = "fleet" if stage == "naval" else "army"
            if units_in(state, place, unit, power) == 0:
                continue
        usable.append(stage)
    return usable


def next_alliance(state: StruggleState, combat: CombatState) -> Pending | None:
    for side in SIDES:
        power = power_of(combat, side)
        if power is None:
            continue
        for tile in owned(state, power, "alliance"):
            asked = f"alliance:{tile}" in combat.asked
            if not asked and alliance_stages(state, combat, power, tile):
                return Pending("alliance_tile", power, tile)
    return None


def side_may_have_ships(state: StruggleState, combat: CombatState, side: Side) -> bool:
    sea = combat.naval_region
    power = power_of(combat, side)
    if sea is None or power is None:
        return False
    helpers = [p for p, helped in combat.allies.items() if helped == side] + [power]
    return any(units_in(state, sea, "fleet", p) for p in helpers)


def next_reserve(state: StruggleState, combat: CombatState) -> Pending | None:
    for side in SIDES:
        power = power_of(combat, side)
        if (
            power
            and side not in combat.reserve_declined
            and owned(state, power, "reserve", unused=True)
        ):
            return Pending("use_reserve", power)
    return None


def withdrawal_options(state: StruggleState, combat: CombatState) -> list[str]:
    """Whose loss Fighting Withdrawal could cancel: the defender's own, or an ally's."""
    defender = combat.defender
    if combat.result != "attacker" or defender is None:
        return []
    if not owned(state, defender, "fighting_withdrawal"):
        return []
    spare_fort = bool(option(state, "withdrawal_spares_fort"))
    found: list[str] = []
    for power, unit, _cause in combat.losses:
        if power in found or (unit == "fort" and not spare_fort):
            continue
        if power == defender or combat.allies.get(power) == "defender":
            found.append(power)
    return found


def blockade_user(state: StruggleState, combat: CombatState) -> str | None:
    side = combat.naval_support
    if side is None or "land" not in stages(combat):
        return None
    power = power_of(combat, side)
    if power and owned(state, power, "blockade"):
        return power
    return None


def _surprise_decision(state: StruggleState, combat: CombatState) -> Pending | None:
    attacker = combat.attacker
    if combat.target != "player" or attacker is None or "surprise" in combat.asked:
        return None
    if owned(state, attacker, "surprise_attack") and _defender_has_helpers(state, combat):
        return Pending("surprise_attack", attacker)
    return None


def _support_decision(state: StruggleState, combat: CombatState) -> Pending | None:
    for ally, _side in support_candidates(state, combat):
        if f"support:{ally}" not in combat.asked:
            return Pending("support_attack", ally)
    return None


def _naval_attacker_decision(state: StruggleState, combat: CombatState) -> Pending | None:
    if not naval_contest(combat) or combat.attacker is None:
        return None
    if any(side_may_have_ships(state, combat, side) for side in SIDES):
        return Pending("naval_fight", combat.attacker)
    return None


def _naval_defender_decision(state: StruggleState, combat: CombatState) -> Pending | None:
    return Pending("naval_fight", combat.defender) if combat.defender else None


def _withdrawal_decision(state: StruggleState, combat: CombatState) -> Pending | None:
    if not combat.defender or "withdrawal" in combat.asked:
        return None
    if withdrawal_options(state, combat):
        return Pending("fighting_withdrawal", combat.defender)
    return None


def next_casualty(state: StruggleState, combat: CombatState) -> Pending | None:
    for index in range(len(combat.losses)):
        if f"casualty:{index}" in combat.asked:
            continue
        found = casualty_options(state, combat, index)
        if found:
            return Pending("choose_casualty", found[0], str(index))
    return None


def _blockade_decision(state: StruggleState, combat: CombatState) -> Pending | None:
    user = blockade_user(state, combat) if "blockade" not in combat.asked else None
    return Pending("blockade_support", user) if user else None


DECISIONS: dict[str, Callable[[StruggleState, CombatState], Pending | None]] = {
    "surprise": _surprise_decision,
    "support": _support_decision,
    "alliance": next_alliance,
    "naval_attacker": _naval_attacker_decision,
    "naval_defender": _naval_defender_decision,
    "reserve": next_reserve,
    "casualty": next_casualty,
    "withdrawal": _withdrawal_decision,
    "blockade": _blockade_decision,
}


def pending(state: StruggleState) -> Pending | None:
    """Who must decide what in the combat now, or None if the next step is automatic."""
    combat = state.combat
    if combat is None or combat.step not in DECISIONS:
        return None
    return DECISIONS[combat.step](state, combat)


def _defender_has_helpers(state: StruggleState, combat: CombatState) -> bool:
    defender = combat.defender
    assert defender is not None
    mates = [p for p in group_of(state, defender) if p != defender]
    return any(any(capacity(state, combat, p)) for p in mates)


def advance(ctx: Ctx) -> None:
    """Run automatic steps until a decision is pending or the combat is over."""
    while ctx.state.combat is not None and pending(ctx.state) is None:
        combat = ctx.state.combat
        AUTOMATIC[combat.step](ctx, combat)


def _after_surprise(ctx: Ctx, combat: CombatState) -> None:
    combat.step = "support"


def _after_support(ctx: Ctx, combat: CombatState) -> None:
    combat.step = "alliance"


def _after_alliance(ctx: Ctx, combat: CombatState) -> None:
    combat.step = "naval_attacker"
    if combat.target == "pirates":
        combat.step = "naval_roll"
        return
    if naval_contest(combat):
        return  # no ships anywhere: nobody can earn naval support
    if combat.naval_region is None:
        combat.step = "blockade"
        return
    # Against a neutral, a revolt or a raider there is no naval fight: whoever has ships
    # at sea on the player's side gets naval support.
    side: Side = "attacker" if combat.attacker is not None else "defender"
    combat.naval_support = side if has_ships_at_sea(ctx.state, combat, side) else None
    combat.step = "blockade"


def _no_naval_fight(ctx: Ctx, combat: CombatState) -> None:
    combat.naval_support = None
    combat.step = "blockade"


def _naval_roll(ctx: Ctx, combat: CombatState) -> None:
    combat.stage = "naval"
    roll_dice(ctx, combat)


def _land_roll(ctx: Ctx, combat: CombatState) -> None:
    combat.stage = "land"
    roll_dice(ctx, combat)


def roll_dice(ctx: Ctx, combat: CombatState) -> None:
    combat.dice = {side: [ctx.roll(6), ctx.roll(6)] for side in SIDES}
    combat.reserve_declined = []
    combat.asked = [
        asked for asked in combat.asked if asked != "withdrawal" and "casualty" not in asked
    ]
    combat.step = "reserve"
    ctx.emit("soe.combat_dice", stage=combat.stage, region=combat.region, dice=dict(combat.dice))


def _resolve(ctx: Ctx, combat: CombatState) -> None:
    scores = totals(ctx.state, combat)
    combat.result = decide(scores)
    combat.losses = losses(ctx.state, combat, combat.result)
    ctx.emit(
        "soe.combat_result",
        stage=combat.stage,
        region=combat.region,
        totals={side: scores[side] for side in SIDES},
        result=combat.result,
        attacker=combat.attacker,
        defender=combat.defender,
    )
    combat.step = "casualty"


def _after_casualties(ctx: Ctx, combat: CombatState) -> None:
    combat.step = "withdrawal"


def _settle(ctx: Ctx, combat: CombatState) -> None:
    apply_losses(ctx, combat)
    if combat.stage == "naval":
        naval_effects(ctx, combat)
        combat.step = "blockade" if "land" in stages(combat) else "end"
    else:
        land_effects(ctx, combat)
        combat.step = "end"
    check_blockade(ctx)


def _after_blockade(ctx: Ctx, combat: CombatState) -> None:
    combat.step = "land_roll"


def _end(ctx: Ctx, combat: CombatState) -> None:
    ctx.state.combat = None
    ctx.emit("soe.combat_over", region=combat.region)
    from rulesets.struggle.orders import finish_step

    finish_step(ctx, spends_action=combat.spends_action)


AUTOMATIC = {
    "surprise": _after_surprise,
    "support": _after_support,
    "alliance": _after_alliance,
    "naval_attacker": _no_naval_fight,
    "naval_roll": _naval_roll,
    "reserve": _resolve,
    "casualty": _after_casualties,
    "withdrawal": _settle,
    "blockade": _after_blockade,
    "land_roll": _land_roll,
    "end": _end,
}


def answer_surprise(ctx: Ctx, combat: CombatState, yes: bool) -> None:
    combat.asked.append("surprise")
    if yes and combat.attacker is not None:
        combat.surprise = True
        return_one_shot(
            ctx, combat.attacker, owned(ctx.state, combat.attacker, "surprise_attack")[0]
        )
        ctx.emit("soe.surprise_attack", power=combat.attacker, defender=combat.defender)


def answer_support(ctx: Ctx, combat: CombatState, ally: str, naval: int, land: int) -> None:
    from rulesets.struggle.state import Commitment

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
    roll_dice(ctx, combat)


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
