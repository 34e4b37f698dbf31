"""Colonial combat against an area's combat capacity (§4.5.3–4.5.4): the table, the odds
column rounded for the defender, the d6, and the losses an exchange costs."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

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
    `needed` (A-5); fewest units among equals, the weaker units first. Counted by strength,
    so a stack of any size is weighed whole."""
    target = loss_total(units, needed)
    if target is None:
        return list(units)
    by_strength = _by_strength(units)
    best = min(
        counts_reaching(
            sorted(by_strength), [len(by_strength[s]) for s in sorted(by_strength)], target
        ),
        key=lambda counts: (sum(counts), _weakest_first(sorted(by_strength), counts)),
    )
    return [u for s, k in zip(sorted(by_strength), best, strict=True) for u in by_strength[s][:k]]


def loss_total(units: list[Unit], needed: int) -> int | None:
    """The total an exchange costs `units` (A-5): `needed` when some units make it exactly,
    else the smallest total above it; None when even all of them fall short."""
    reachable = {0}
    for unit in units:
        reachable |= {total + unit.strength for total in reachable}
    above = [total for total in reachable if total >= needed]
    return min(above) if above else None


def counts_reaching(strengths: list[int], available: list[int], target: int) -> Iterator[list[int]]:
    """Every way to take, of each strength, at most the units available so that their
    strengths add up to `target` (a strength may be listed twice, for two powers)."""
    if not strengths:
        if target == 0:
            yield []
        return
    for taken in range(min(available[0], target // strengths[0]) + 1):
        rest = counts_reaching(strengths[1:], available[1:], target - taken * strengths[0])
        yield from ([taken, *tail] for tail in rest)


def _by_strength(units: list[Unit]) -> dict[int, list[Unit]]:
    found: dict[int, list[Unit]] = {}
    for unit in sorted(units, key=lambda u: (u.strength, u.id)):
        found.setdefault(unit.strength, []).append(unit)
    return found


def _weakest_first(strengths: list[int], counts: list[int]) -> list[int]:
    return [s for s, k in zip(strengths, counts, strict=True) for _ in range(k)]


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
