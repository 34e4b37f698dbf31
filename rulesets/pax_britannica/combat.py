"""Colonial combat against an area's combat capacity (§4.5.3–4.5.4): the table, the odds
column rounded for the defender, the d6, and the losses an exchange costs."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from rulesets.core import StepContext
from rulesets.pax_britannica.data import CombatTable, PaxData
from rulesets.pax_britannica.state import PaxState, Unit


@dataclass(frozen=True)
class Odds:
    table: str
    column: int
    attacker: int
    defender: int

    def text(self, data: PaxData) -> str:
        a, d = self.crt(data).columns[self.column]
        return f"{a}:{d}"

    def crt(self, data: PaxData) -> CombatTable:
        return next(t for t in data.combat_tables if t.id == self.table)


def odds_for(data: PaxData, attacker: int, defender: int) -> Odds:
    """Table 1 when the smaller force is below the threshold (5), else Table 2; the odds
    rounded down to a printed column, clamped to the table's ends (A-3, A-4)."""
    first, second = data.combat_tables
    threshold = first.small_force_below
    table = first if min(attacker, defender) < threshold else second
    column = 0
    for index, (a, d) in enumerate(table.columns):
        if attacker * d >= a * defender:
            column = index
    return Odds(table=table.id, column=column, attacker=attacker, defender=defender)


def result_for(data: PaxData, odds: Odds, die: int) -> str:
    return odds.crt(data).results[die - 1][odds.column]


def losses(units: list[Unit], needed: int) -> list[Unit]:
    """The armies to give up: an exact total if one exists, else the smallest total above
    `needed` (A-5); fewest units among equals."""
    best: list[Unit] | None = None
    best_key: tuple[int, int] | None = None
    pool = sorted(units, key=lambda u: (u.strength, u.id))[:12]
    for size in range(1, len(pool) + 1):
        for group in combinations(pool, size):
            total = sum(u.strength for u in group)
            if total < needed:
                continue
            key = (total, size)
            if best_key is None or key < best_key:
                best, best_key = list(group), key
    return best if best is not None else list(units)


@dataclass(frozen=True)
class Outcome:
    result: str
    defeated: bool
    lost: list[int]
    retreat: bool


def fight(
    ctx: StepContext[PaxState], data: PaxData, armies: list[Unit], cc: int
) -> tuple[Odds | None, int | None, Outcome]:
    """Roll one colonial combat; CC 0 falls without a roll."""
    attack = sum(u.strength for u in armies)
    if cc == 0:
        return None, None, Outcome("DE", True, [], False)
    odds = odds_for(data, attack, cc)
    die = ctx.roll(6)
    result = result_for(data, odds, die)
    return odds, die, outcome_of(result, armies, cc)


def outcome_of(result: str, armies: list[Unit], cc: int) -> Outcome:
    attack = sum(u.strength for u in armies)
    everyone = [u.id for u in armies]
    if result == "AE":
        return Outcome(result, False, everyone, False)
    if result == "AR":
        return Outcome(result, False, [], True)
    if result in ("DR", "DE"):
        return Outcome(result, True, [], False)
    need = cc if result == "EX" else -(-cc // 2)
    beaten = cc >= attack if result == "EX" else cc > attack
    if beaten:
        return Outcome(result, False, everyone, False)
    lost = [u.id for u in losses(armies, need)]
    return Outcome(result, len(lost) < len(armies), lost, False)
