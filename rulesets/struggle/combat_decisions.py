"""Who must decide what during a combat: allies to ask, tiles to declare, ships to commit,
re-rolls, casualties and withdrawals. `pending` answers from the combat's current step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rulesets.core import StepContext
from rulesets.struggle.combat import (
    casualty_options,
    power_of,
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


def reserves_left(state: StruggleState, combat: CombatState, power: str) -> int:
    """Reserve tiles `power` may still use: each once per attack (the text sets no limit
    per war), or, under the `reserve_once_per_war` option, each once per war."""
    if option(state, "reserve_once_per_war"):
        return len(owned(state, power, "reserve", unused=True))
    return len(owned(state, power, "reserve")) - combat.reserves_used.get(power, 0)


def next_reserve(state: StruggleState, combat: CombatState) -> Pending | None:
    for side in SIDES:
        power = power_of(combat, side)
        if (
            power
            and side not in combat.reserve_declined
            and reserves_left(state, combat, power) > 0
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


def offer_seats(state: StruggleState, combat: CombatState) -> list[str]:
    """Who may still offer gold while allies are asked: every player with gold who has not
    answered yet, in turn order."""
    order = state.turn_order or state.seats
    return [
        seat
        for seat in order
        if state.powers[seat].gold > 0 and f"offer:{seat}" not in combat.asked
    ]


def _offers_decision(state: StruggleState, combat: CombatState) -> Pending | None:
    seats = offer_seats(state, combat)
    return Pending("gold_offer", seats[0]) if seats else None


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
    "offers": _offers_decision,
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
