"""The administrative record sheet as code: Sections I–IV (income and upkeep), Section V
(VP bought with the treasury) and Section VI (the final record and the ranking)."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from rulesets.core import StepContext
from rulesets.pax_britannica.board import land_linked, loc_areas
from rulesets.pax_britannica.state import (
    PaxState,
    game_data,
    is_major,
    majors,
)

# Lines of Section I: (count line, EV line) by marker level.
SECTION_ONE = {
    "dominion": ("01", "03"),
    "possession": ("02", "03"),
    "protectorate": ("04", "05"),
    "influence": ("06", "07"),
    "interest": ("08", "09"),
}
INCOME_LINES = {"03": "11", "05": "12", "07": "13", "09": "14"}
UPKEEP_LINES = {"01": "17", "02": "18", "04": "19", "06": "20"}
UPKEEP_LEVEL = {"01": "dominion", "02": "possession", "04": "protectorate", "06": "influence"}


def effective_ev(state: PaxState, power: str, area: str, control: bool) -> int:
    """An area's EV for `power`: for control-marker income, minus one per other major power
    holding a control marker there (the 1993 codominion rule, never below 0)."""
    ev = game_data(state).area(area).ev
    if not control:
        return ev
    others = {
        m.power
        for m in state.markers
        if m.area == area and m.is_control and m.power != power and is_major(state, m.power)
    }
    return max(0, ev - len(others))


def status_record(state: PaxState, power: str) -> dict[str, int]:
    """Section I: established markers to which a LOC can be traced, counted and summed."""
    lines = {f"{n:02d}": 0 for n in range(1, 10)}
    reach = loc_areas(state, power)
    for marker in state.markers:
        if marker.power != power or not marker.established or marker.area not in reach:
            continue
        count, ev = SECTION_ONE[marker.level]
        lines[count] += 1
        lines[ev] += effective_ev(state, power, marker.area, marker.is_control)
    return lines


def has_control(state: PaxState, power: str) -> bool:
    lines = status_record(state, power)
    return lines["01"] + lines["02"] + lines["04"] > 0


def office_line(state: PaxState, power: str) -> list[int]:
    data = game_data(state)
    if power == "belgium":
        italy = data.power("italy").colonial_office or [0] * 6
        return [-(-value // 2) for value in italy]
    return data.power(power).colonial_office or [0] * 6


def colonial_office(ctx: StepContext[PaxState], power: str) -> tuple[int | None, int]:
    """Line 10: (the die rolled or None, the income). A power with no control marker takes
    column 6 without rolling, except Austria-Hungary; Belgium counts as rolling 6 until its
    first control marker."""
    state = ctx.state
    standing = state.powers[power]
    line = office_line(state, power)
    rolled: int | None = None
    if (power == "belgium" and not standing.ever_controlled) or (
        power != "austria_hungary" and not has_control(state, power)
    ):
        column = 6
    else:
        rolled = ctx.roll(6)
        column = min(6, max(1, rolled + standing.office_shift))
    if power == "belgium" and standing.leopold:
        return rolled, italy_full(state, column) * standing.office_factor
    return rolled, line[column - 1] * standing.office_factor


def italy_full(state: PaxState, column: int) -> int:
    line = game_data(state).power("italy").colonial_office or [0] * 6
    return line[column - 1]


def income_lines(state: PaxState, power: str, lines: dict[str, int]) -> dict[str, int]:
    """Section II from Section I and line 10: lines 11–15."""
    data = game_data(state)
    income = data.multipliers.income
    reach = loc_areas(state, power)
    out = dict(lines)
    sums = {"11": 0, "12": 0, "13": 0, "14": 0}
    for marker in state.markers:
        if marker.power != power or not marker.established or marker.area not in reach:
            continue
        _, ev_line = SECTION_ONE[marker.level]
        value = effective_ev(state, power, marker.area, marker.is_control)
        sums[INCOME_LINES[ev_line]] += value * income[marker.level]
    out.update(sums)
    out["15"] = out["10"] + sum(sums.values())
    return out


def upkeep_lines(state: PaxState, power: str, lines: dict[str, int]) -> dict[str, int]:
    """Section III: units outside the home nation, and markers by their multipliers."""
    data = game_data(state)
    free = _free_areas(state, power)
    points = sum(
        u.strength
        for u in state.units
        if u.power == power and u.location != power and u.location not in free
    )
    out = dict(lines)
    out["16"] = points * data.multipliers.unit_point_cost
    for count, line in UPKEEP_LINES.items():
        level = UPKEEP_LEVEL[count]
        out[line] = lines[count] * data.multipliers.maintenance.get(level, 0)  # type: ignore[call-overload]
    out["21"] = sum(out[line] for line in ("16", "17", "18", "19", "20"))
    out["22"] = out["15"] - out["21"]
    return out


def _free_areas(state: PaxState, power: str) -> set[str]:
    """GB units in dominions and US units in states pay no upkeep."""
    return {m.area for m in state.markers if m.power == power and m.level == "dominion"}


def compute_record(ctx: StepContext[PaxState], power: str) -> dict[str, int]:
    state = ctx.state
    lines = status_record(state, power)
    rolled, office = colonial_office(ctx, power)
    lines["10"] = office
    lines["10r"] = rolled or 0
    return upkeep_lines(state, power, income_lines(state, power, lines))


# -- Section V: VP recording ------------------------------------------------------------


def treasury_for_vp(state: PaxState, power: str) -> int:
    total = state.powers[power].treasury
    if power == "germany" and "austria_hungary" in state.powers:
        total += state.powers["austria_hungary"].treasury
    return total


def vp_from(state: PaxState, power: str, amount: int) -> int:
    return floor(Fraction(amount) / game_data(state).divisor(power))


def record_vp(ctx: StepContext[PaxState]) -> None:
    """Lines 23–26 for every seat; the money left over is lost (1993)."""
    state = ctx.state
    for seat in state.seats:
        standing = state.powers[seat]
        line23 = treasury_for_vp(state, seat)
        line24 = vp_from(state, seat, line23)
        line25 = standing.record.get("25", 0)
        standing.vp += line24 + line25
        standing.vp_record.append(
            {
                "year": game_data(state).turns[state.turn].year,
                "23": line23,
                "24": line24,
                "25": line25,
                "26": line24 + line25,
            }
        )
        ctx.emit(
            "pax.event.vp_recorded",
            power=seat,
            treasury=line23,
            vp=line24,
            bonus=line25,
            total=standing.vp,
        )
    for power in majors(state):
        state.powers[power].treasury = 0


# -- Section VI: the final record ---------------------------------------------------------


def passage_bonus(state: PaxState, power: str) -> int:
    data = game_data(state)
    groups = data.groups
    bonus = 0
    if land_linked(state, power, groups.africa_north_west, groups.africa_north_east):
        bonus += data.victory.east_west_passage
    if land_linked(state, power, groups.africa_mediterranean, groups.africa_southern_tip):
        bonus += data.victory.north_south_passage
    return bonus


def india_penalty(state: PaxState, power: str) -> int:
    """GB loses VP if it no longer controls every area of India (reconstructed)."""
    if power != "britain":
        return 0
    data = game_data(state)
    held = {m.area for m in state.markers if m.power == power and m.is_control}
    return 0 if set(data.groups.india) <= held else -data.victory.india_penalty


def holdings_income(ctx: StepContext[PaxState], power: str) -> int:
    """Section II recomputed with current holdings, keeping this turn's line 10 (A-45)."""
    state = ctx.state
    lines = status_record(state, power)
    with_office = state.options.get("final_income_office", True)
    lines["10"] = state.powers[power].record.get("10", 0) if with_office else 0
    return income_lines(state, power, lines)["15"]


def final_record(ctx: StepContext[PaxState]) -> None:
    """Lines 27–31 for every seat, the ranking, and the end of the game."""
    state = ctx.state
    data = game_data(state)
    penalty = data.turns[state.turn].great_war_penalty if state.great_war else 0
    for seat in state.seats:
        income = holdings_income(ctx, seat)
        if seat == "germany" and "austria_hungary" in state.powers:
            income += holdings_income(ctx, "austria_hungary")
        line27 = state.powers[seat].vp
        line28 = passage_bonus(state, seat) + india_penalty(state, seat)
        line29 = vp_from(state, seat, 2 * income)
        line30 = -penalty * (3 if seat in state.great_war_blame else 1)
        record = {"27": line27, "28": line28, "29": line29, "30": line30}
        record["31"] = sum(record.values())
        state.final_record[seat] = record
        ctx.emit(
            "pax.event.final_record",
            power=seat,
            accumulated=line27,
            bonuses=line28,
            holdings=line29,
            penalty=line30,
            total=record["31"],
        )
    totals = sorted({r["31"] for r in state.final_record.values()}, reverse=True)
    state.ranking = [
        sorted(seat for seat, r in state.final_record.items() if r["31"] == total)
        for total in totals
    ]
    for place, seats in enumerate(state.ranking, start=1):
        for seat in seats:
            ctx.emit(
                "pax.event.ranked", power=seat, place=place, total=state.final_record[seat]["31"]
            )
    state.finished = True
    state.phase = "game_over"
