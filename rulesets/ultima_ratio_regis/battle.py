"""The combat arithmetic of the aid's RÉSUMÉ DU COMBAT and TABLE DE BATAILLE, exactly.

Pure functions, no state: battlefield bands and sizes, quality after handicaps, the
quality model (the one value the aid never gives, isolated in `die_result`), the battle
table, the leader's +1 auto-choice, the outcome and each side's losses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

CombatKind = Literal["land", "naval", "piracy", "siege", "submission"]
NavalScale = Literal["support", "operations", "piracy"]
Situation = Literal[
    "open", "landing_open", "landing_rough", "sortie", "relief", "forest", "rough_link"
]

LAND_BOUNDS = (2, 5)  # "Bataille terrestre (2D-5D)"
SIEGE_BOUNDS = (2, 4)  # 3D ± 1D
Q_BOUNDS = (1, 4)  # the Creative raises "a die below category 4"

# Land bands: (lowest, highest) number of dice by situation (RÉSUMÉ DU COMBAT).
LAND_BANDS: dict[Situation, tuple[int, int]] = {
    "open": (4, 4),
    "landing_open": (3, 4),
    "landing_rough": (2, 4),
    "sortie": (3, 4),
    "relief": (3, 4),
    "forest": (3, 4),
    "rough_link": (2, 4),
}
NAVAL_SIZES: dict[NavalScale, int] = {"support": 3, "operations": 2, "piracy": 1}

# TABLE DE BATAILLE: result -> (battle points, damage)
BATTLE_TABLE: dict[int, tuple[int, int]] = {
    1: (0, 0),
    2: (0, 0),
    3: (1, 0),
    4: (1, 1),
    5: (2, 0),
    6: (2, 1),
}


def land_band(situations: list[Situation]) -> tuple[int, int]:
    """A-06: the band of every situation that applies is [lowest minimum, 4]; none: open 4D."""
    if not situations:
        return LAND_BANDS["open"]
    return min(LAND_BANDS[s][0] for s in situations), 4


def adjust_size(size: int, change: int, kind: CombatKind) -> int:
    """An Organizer's (land) or the naval-superiority holder's (siege) ±1, clamped."""
    low, high = LAND_BOUNDS if kind == "land" else SIEGE_BOUNDS
    return max(low, min(high, size + change))


def clamp_q(q: int) -> int:
    return max(Q_BOUNDS[0], min(Q_BOUNDS[1], q))


def handicapped_q(base: int, handicaps: int) -> int:
    """A-04: −1 Q per handicap, cumulative, then clamped to 1..4."""
    return clamp_q(base - handicaps)


def die_result(roll: int, q: int, model: str = "p0") -> int:
    """The quality model, which the aid never states (A-01). P0: d6 + (Q − 2), 1..6."""
    if model == "p0":
        return max(1, min(6, roll + q - 2))
    if model == "plain":
        return roll
    raise ValueError(f"unknown quality model {model!r}")


def table(result: int) -> tuple[int, int]:
    """Battle points and damage of one final die result."""
    return BATTLE_TABLE[result]


def totals(results: list[int]) -> tuple[int, int]:
    points = [table(r) for r in results]
    return sum(p[0] for p in points), sum(p[1] for p in points)


def leader_die(results: list[int]) -> int | None:
    """§3.5 auto-choice for a leader's +1: the largest BP gain, then damage gain, then the
    lowest index; None when every die already shows 6."""
    best: tuple[int, int, int] | None = None
    for index, result in enumerate(results):
        if result >= 6:
            continue
        bp, b = table(result)
        bp2, b2 = table(result + 1)
        key = (bp2 - bp, b2 - b, -index)
        if best is None or key > best:
            best = key
    return None if best is None else -best[2]


def creative_die(qualities: list[int]) -> int | None:
    """§3.5 auto-choice for the Creative: the eligible die of lowest Q, lowest index."""
    eligible = [(q, i) for i, q in enumerate(qualities) if q < Q_BOUNDS[1]]
    return min(eligible)[1] if eligible else None


def dispersal_ratio(kind: CombatKind, has_leader: bool) -> int:
    """Troops per dispersal result (A-15): land 1; siege and naval 2; submission by leader."""
    if kind == "land":
        return 1
    if kind == "submission":
        return 2 if has_leader else 1
    return 2


@dataclass(frozen=True)
class Losses:
    damage_in: int
    results: int
    eliminated: int
    dispersed: int


def side_losses(
    kind: CombatKind,
    own_bp: int,
    enemy_bp: int,
    damage_in: int,
    engaged: int,
    has_leader: bool,
) -> Losses:
    """§3.8 L1–L7: 2 damage eliminate one troop, a surplus is a dispersal result; the loser
    adds the BP difference; divide by the ratio (floor); siege loser at least 1; the winner
    keeps one unit; never more than the engaged units."""
    eliminated = damage_in // 2
    lost = enemy_bp > own_bp
    results = damage_in % 2 + (enemy_bp - own_bp if lost else 0)
    dispersed = results // dispersal_ratio(kind, has_leader)
    if kind == "siege" and lost:
        dispersed = max(1, dispersed)
    cap = engaged - 1 if own_bp > enemy_bp else engaged
    cap = max(0, cap)
    eliminated = min(eliminated, cap)
    dispersed = min(dispersed, cap - eliminated)
    return Losses(damage_in, results, eliminated, dispersed)


def morale_ceded(loser_dice: int) -> bool:
    """1 morale point goes to the winner only if the loser rolled two dice or more."""
    return loser_dice >= 2


def piracy_instability(margin: int, rule: str = "margin") -> int:
    """'1 (ou 2)': A-23 reads it as the winning margin; the option 'one' makes it always 1."""
    return 1 if rule == "one" else max(1, min(2, margin))


def capitulates(siege_damage: int, defenders: int) -> bool:
    """The fortress falls when its siege damage exceeds the defending troops."""
    return siege_damage > defenders
