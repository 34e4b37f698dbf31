"""The order of an attack as a state machine of decisions.

Surprise Attack -> allies asked (attacker's side first) -> Alliance tiles -> naval stage
(attacker then defender may decline) -> dice, Reserve re-rolls, Fighting Withdrawal, losses
-> Blockade boost -> land stage the same way -> effects. `pending` names who must decide
now; `advance` runs every automatic step until someone must decide or the combat ends.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import StepContext
from rulesets.struggle.choices import shown
from rulesets.struggle.combat import (
    decide,
    dice_difference,
    has_ships_at_sea,
    losses,
    side_name,
    strength_parts,
    totals,
)
from rulesets.struggle.combat_decisions import (
    SIDES,
    naval_contest,
    pending,
    stages,
    support_candidates,
)
from rulesets.struggle.combat_results import (
    apply_losses,
    check_blockade,
    land_effects,
    naval_effects,
)
from rulesets.struggle.state import CombatState, Side, StruggleState, option
from rulesets.struggle.turn_flow import finish_step

Ctx = StepContext[StruggleState]


def advance(ctx: Ctx) -> None:
    """Run automatic steps until a decision is pending or the combat is over."""
    while ctx.state.combat is not None and pending(ctx.state) is None:
        combat = ctx.state.combat
        AUTOMATIC[combat.step](ctx, combat)


def _after_surprise(ctx: Ctx, combat: CombatState) -> None:
    """Before allies answer, a window for gold offers (« seul l'Or peut être proposé pour
    persuader un joueur d'en aider un autre ») whenever someone may be asked to help."""
    asked = support_candidates(ctx.state, combat)
    window = option(ctx.state, "gold_offers_in_combat") and asked
    combat.step = "offers" if window else "support"
    if window:
        ctx.emit("soe.gold_window", region=combat.region, allies=[ally for ally, _ in asked])


def _after_offers(ctx: Ctx, combat: CombatState) -> None:
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


def roll_dice(ctx: Ctx, combat: CombatState, only: Side | None = None) -> None:
    """Two dice a side (or, for a Reserve under the `own` option, the user's side only)."""
    for side in SIDES if only is None else (only,):
        combat.dice[side] = [ctx.roll(6), ctx.roll(6)]
    combat.reserve_declined = []
    combat.asked = [
        asked for asked in combat.asked if asked != "withdrawal" and "casualty" not in asked
    ]
    combat.step = "reserve"
    ctx.emit(
        "soe.combat_dice",
        stage=combat.stage,
        region=combat.region,
        attacker=side_name(combat, "attacker"),
        defender=side_name(combat, "defender"),
        attacker_dice=list(combat.dice["attacker"]),
        defender_dice=list(combat.dice["defender"]),
    )


def _resolve(ctx: Ctx, combat: CombatState) -> None:
    scores = totals(ctx.state, combat)
    combat.result = decide(scores)
    combat.losses = losses(ctx.state, combat, combat.result)
    for side in SIDES:
        report_total(ctx, combat, side, scores[side])
    winner = side_name(combat, combat.result) if combat.result != "tie" else None
    ctx.emit(
        "soe.combat_tied" if winner is None else "soe.combat_result",
        **shown(
            {
                "stage": combat.stage,
                "region": combat.region,
                "result": combat.result,
                "winner": winner,
                "attacker": side_name(combat, "attacker"),
                "defender": side_name(combat, "defender"),
                "attacker_total": scores["attacker"],
                "defender_total": scores["defender"],
            }
        ),
    )
    combat.step = "casualty"


def report_total(ctx: Ctx, combat: CombatState, side: Side, total: int) -> None:
    """How a side's total was made, part by part, so anyone can check the sum."""
    parts: dict[str, Any] = strength_parts(ctx.state, combat, side, combat.stage)
    key = "soe.combat_total_fixed" if "strength" in parts else "soe.combat_total"
    ctx.emit(
        key,
        who=side_name(combat, side),
        dice=dice_difference(combat, side),
        total=total,
        **parts,
    )


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
    finish_step(ctx, spends_action=combat.spends_action)


AUTOMATIC = {
    "surprise": _after_surprise,
    "offers": _after_offers,
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
