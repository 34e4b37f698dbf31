"""Combat arithmetic: strengths, totals, who won, and which units each side must lose.

Total = strength + |d1 - d2|. The loser loses one unit that fought, a tie costs both sides
one (never a fort), and a natural 7 costs its roller one more (an ally's, if the roller
lost and an ally fought beside it). Neutrals and raider tiles have no units to lose.
"""

from __future__ import annotations

from typing import Literal

from rulesets.struggle.state import (
    CombatState,
    Side,
    StruggleState,
    Unit,
    count_owned,
    option,
    units_in,
)

Stage = Literal["naval", "land"]
Result = Side | Literal["tie"]


def other(side: Side) -> Side:
    return "defender" if side == "attacker" else "attacker"


def power_of(combat: CombatState, side: Side) -> str | None:
    return combat.attacker if side == "attacker" else combat.defender


def stage_region(combat: CombatState, stage: Stage) -> str:
    if stage == "naval":
        assert combat.naval_region is not None
        return combat.naval_region
    return combat.region


def own_units(state: StruggleState, combat: CombatState, side: Side, stage: Stage) -> int:
    """A main combatant's own units fighting: ships at sea; armies (and forts, in defence)."""
    power = power_of(combat, side)
    if power is None:
        return 0
    place = stage_region(combat, stage)
    if stage == "naval":
        return units_in(state, place, "fleet", power)
    forts = units_in(state, place, "fort", power) if side == "defender" else 0
    return units_in(state, place, "army", power) + 2 * forts


def engaged(state: StruggleState, combat: CombatState, side: Side, stage: Stage) -> bool:
    power = power_of(combat, side)
    if power is None:
        return False
    place = stage_region(combat, stage)
    if stage == "naval":
        return units_in(state, place, "fleet", power) > 0
    forts = units_in(state, place, "fort", power) if side == "defender" else 0
    return units_in(state, place, "army", power) + forts > 0


def allied_units(combat: CombatState, side: Side, stage: Stage) -> int:
    return sum(
        getattr(combat.support[ally], stage)
        for ally, helped in combat.allies.items()
        if helped == side and ally in combat.support
    )


def training_bonus(state: StruggleState, combat: CombatState, side: Side, stage: Stage) -> int:
    """+1 for owning more Training tiles of the stage's kind than the opposing combatant."""
    effect = "naval_training" if stage == "naval" else "army_training"
    mine, theirs = power_of(combat, side), power_of(combat, other(side))
    ours = count_owned(state, mine, effect) if mine else 0
    their = count_owned(state, theirs, effect) if theirs else 0
    return 1 if ours > their and engaged(state, combat, side, stage) else 0


def alliance_bonus(state: StruggleState, combat: CombatState, side: Side, stage: Stage) -> int:
    power = power_of(combat, side)
    if power is None:
        return 0
    held = {owned.tile for owned in state.powers[power].tiles}
    return sum(1 for tile, used in combat.alliance_stage.items() if used == stage and tile in held)


def fixed_strength(combat: CombatState, side: Side) -> int:
    return combat.attacker_fixed if side == "attacker" else combat.defender_fixed


def side_name(combat: CombatState, side: Side) -> str | None:
    """Who fights on a side, by id: a power, a neutral marker, or a raider tile."""
    power = power_of(combat, side)
    if power is not None:
        return power
    return combat.marker if side == "defender" and combat.marker else combat.raider_tile


def strength_parts(
    state: StruggleState, combat: CombatState, side: Side, stage: Stage
) -> dict[str, int]:
    """What a side's strength is made of, so a report can show the arithmetic: a neutral or
    a raider has a printed strength; a power adds its units, its allies' committed units,
    Training, Alliance tiles and naval support (2 with a Blockade)."""
    if power_of(combat, side) is None:
        return {"strength": fixed_strength(combat, side)}
    support = 0
    if stage == "land" and combat.naval_support == side:
        support = 2 if combat.blockade_boost else 1
    return {
        "units": own_units(state, combat, side, stage),
        "allies": allied_units(combat, side, stage),
        "training": training_bonus(state, combat, side, stage),
        "alliance": alliance_bonus(state, combat, side, stage),
        "support": support,
    }


def strength(state: StruggleState, combat: CombatState, side: Side, stage: Stage) -> int:
    return sum(strength_parts(state, combat, side, stage).values())


def dice_difference(combat: CombatState, side: Side) -> int:
    return abs(combat.dice[side][0] - combat.dice[side][1])


def totals(state: StruggleState, combat: CombatState) -> dict[Side, int]:
    stage: Stage = combat.stage
    sides: tuple[Side, Side] = ("attacker", "defender")
    return {
        side: strength(state, combat, side, stage) + dice_difference(combat, side) for side in sides
    }


def decide(scores: dict[Side, int]) -> Result:
    if scores["attacker"] == scores["defender"]:
        return "tie"
    return "attacker" if scores["attacker"] > scores["defender"] else "defender"


def natural_seven(dice: list[int]) -> bool:
    return sum(dice) == 7


def loss_unit(
    state: StruggleState,
    combat: CombatState,
    side: Side,
    pending: list[tuple[str, str]],
    *,
    forts_allowed: bool,
) -> Unit | None:
    """Which own unit a main combatant gives up (armies before forts), given those already
    marked lost in this combat; None when it has no eligible unit."""
    power = power_of(combat, side)
    if power is None:
        return None
    place = stage_region(combat, combat.stage)
    kinds: list[Unit] = ["fleet"] if combat.stage == "naval" else ["army"]
    if combat.stage == "land" and side == "defender" and forts_allowed:
        kinds.append("fort")
    if combat.stage == "land" and not option(state, "land_losses_armies_only"):
        kinds.append("fleet")  # « l'une de ses unités »: a ship in the region, last
    for unit in kinds:
        if units_in(state, place, unit, power) > pending.count((power, unit)):
            return unit
    return None


def ally_for_seven(combat: CombatState, side: Side, pending: list[tuple[str, str]]) -> str | None:
    """The ally that fought beside a losing side and still has a committed unit to give."""
    stage: Stage = combat.stage
    unit = "fleet" if stage == "naval" else "army"
    candidates = [
        (getattr(combat.support[ally], stage) - pending.count((ally, unit)), ally)
        for ally, helped in combat.allies.items()
        if helped == side and ally in combat.support
    ]
    best = max((entry for entry in candidates if entry[0] > 0), default=None)
    return best[1] if best else None


def losses(state: StruggleState, combat: CombatState, result: Result) -> list[tuple[str, str, str]]:
    """Every (power, unit, cause) the combat costs, before any choice or Withdrawal. The
    cause is `defeat`, `tie`, `seven` (own natural 7) or `seven_ally` (an ally pays it)."""
    pending: list[tuple[str, str]] = []
    causes: list[str] = []

    def lose(power: str, unit: str, cause: str) -> None:
        pending.append((power, unit))
        causes.append(cause)

    tie = result == "tie"
    losers: list[Side] = ["attacker", "defender"] if tie else [other(result)]  # type: ignore[arg-type]
    if tie and combat.defender is None:
        losers = ["attacker"]
    if tie and combat.attacker is None:
        losers = ["defender"]
    ally_unit = "fleet" if combat.stage == "naval" else "army"
    for side in losers:
        unit = loss_unit(state, combat, side, pending, forts_allowed=not tie)
        power = power_of(combat, side)
        if unit and power:
            lose(power, unit, "tie" if tie else "defeat")
        elif power and option(state, "void_loss_to_ally"):
            ally = ally_for_seven(combat, side, pending)
            if ally:
                lose(ally, ally_unit, "seven_ally")
    fort_on_seven = not tie or bool(option(state, "fort_dies_to_seven_on_tie"))
    sides: tuple[Side, Side] = ("attacker", "defender")
    for side in sides:
        power = power_of(combat, side)
        if power is None or not natural_seven(combat.dice[side]):
            continue
        ally = ally_for_seven(combat, side, pending) if result == other(side) else None
        if ally is not None:
            lose(ally, ally_unit, "seven_ally")
            continue
        unit = loss_unit(state, combat, side, pending, forts_allowed=fort_on_seven)
        if unit:
            lose(power, unit, "seven")
    return [(power, unit, cause) for (power, unit), cause in zip(pending, causes)]


def casualty_options(
    state: StruggleState, combat: CombatState, index: int
) -> tuple[str, list[tuple[str, str]]] | None:
    """Who chooses loss `index` and among what, when there is a real choice: a defender
    choosing an army, a fort or a ship in the region, or a loser choosing which ally pays
    its natural 7."""
    power, unit, cause = combat.losses[index]
    others = [(p, u) for i, (p, u, _c) in enumerate(combat.losses) if i != index]
    if cause == "seven_ally":
        side = combat.allies[power]
        stage: Stage = combat.stage
        allies = [
            ally
            for ally, helped in combat.allies.items()
            if helped == side
            and ally in combat.support
            and getattr(combat.support[ally], stage) > others.count((ally, unit))
        ]
        decider = power_of(combat, side)
        if len(allies) < 2 or decider is None:
            return None
        return decider, [(ally, unit) for ally in allies]
    if combat.stage != "land" or power != combat.defender or cause == "tie":
        return None
    seven_on_tie = cause == "seven" and combat.result == "tie"
    if seven_on_tie and not option(state, "fort_dies_to_seven_on_tie"):
        return None
    kinds: list[Unit] = ["army", "fort"]
    if not option(state, "land_losses_armies_only"):
        kinds.append("fleet")  # « l'une de ses unités »: the loser chooses which
    found: list[tuple[str, str]] = [
        (power, kind)
        for kind in kinds
        if units_in(state, combat.region, kind, power) > others.count((power, kind))
    ]
    return (power, found) if len(found) > 1 else None


def has_ships_at_sea(state: StruggleState, combat: CombatState, side: Side) -> bool:
    if power_of(combat, side) is None or combat.naval_region is None:
        return False
    ships = own_units(state, combat, side, "naval") + allied_units(combat, side, "naval")
    return ships > 0


def naval_support_for(state: StruggleState, combat: CombatState, side: Side) -> Side | None:
    """Naval support goes to `side` only if it has a ship at sea, its own or an ally's (A22)."""
    if not option(state, "naval_support_needs_ship"):
        return side if power_of(combat, side) is not None else None
    return side if has_ships_at_sea(state, combat, side) else None
