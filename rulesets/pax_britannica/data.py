"""The game's tables as typed data: every table of the spec's Appendix A, validated.

The rulebook prints none of its numeric tables, so the game reads them all from a data file.
`data/pax_britannica.json` is Courier's provisional reconstruction (every value names its
source: `rules`, `example` or `reconstructed`); a group that owns the game types in the
printed tables and loads them for its campaign. `parse_data` refuses a damaged or
inconsistent file with the table, the entry and the reason.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.core import IllegalAction, Sourced, parse_data_file, refuse_data

DATA_FILE = Path(__file__).parent / "data" / "pax_britannica.json"

AreaType = Literal["unorganized", "independent", "chinese_vassal", "chinese_empire", "ottoman"]
Level = Literal["interest", "influence", "protectorate", "possession", "dominion"]
LEVELS: tuple[Level, ...] = ("interest", "influence", "protectorate", "possession", "dominion")
CONTROL_LEVELS: tuple[Level, ...] = ("protectorate", "possession", "dominion")
Result = Literal["AE", "AR", "EX", "HEX", "DR", "DE"]
Dice = Literal["d6", "2d6", "d66"]
UnitKind = Literal["army", "navy"]
STRENGTHS = ("1", "3", "10")
D66_CODES = tuple(f"{a}{b}" for a in range(1, 7) for b in range(1, 7))


def dice_codes(dice: Dice) -> tuple[str, ...]:
    """Every result a table rolled with `dice` must list."""
    if dice == "d6":
        return tuple(str(n) for n in range(1, 7))
    if dice == "2d6":
        return tuple(str(n) for n in range(2, 13))
    return D66_CODES


class _Plain(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PowerRecord(Sourced):
    id: str
    kind: Literal["major", "minor"]
    major_from: int | None
    european: bool
    navy_raises_tension: bool
    home_seas: list[str]
    home_land: list[str]
    vp_divisor: float | None = Field(gt=0)
    colonial_office: list[int] | None = Field(min_length=6, max_length=6)
    run_by: str | None


class AreaRecord(Sourced):
    id: str
    region: str
    type: AreaType
    ev: int = Field(ge=0)
    cc: int = Field(ge=0)
    seas: list[str]
    land: list[str]
    homes: list[str]


class SeaRecord(Sourced):
    id: str
    number: int
    adjacent: list[str]


class PassageRecord(Sourced):
    id: str
    kind: Literal["strait", "canal_site", "cape"]
    area: str | None
    seas: list[str] = Field(min_length=2, max_length=2)


class Costs(Sourced):
    markers: dict[Level, int]
    armies: dict[str, int]
    navies: dict[str, int]
    canal: int = Field(ge=0)
    codominion_upgrade: int = Field(ge=0)


class Multipliers(Sourced):
    income: dict[Level, int]
    maintenance: dict[Literal["dominion", "possession", "protectorate", "influence"], int]
    unit_point_cost: int = Field(ge=0)


class CounterMix(Sourced):
    power: str
    round: int = Field(ge=0)
    hexagonal: int = Field(ge=0)
    special: int = Field(ge=0)
    armies: dict[str, int]
    navies: dict[str, int]


class TurnRecord(Sourced):
    year: int
    merchant_fleets: list[str]
    great_war_penalty: int = Field(ge=0)


class UnrestEffect(_Plain):
    kind: Literal["unrest"]
    table: str


class UnrestInEffect(_Plain):
    kind: Literal["unrest_in"]
    area: str


class TensionEffect(_Plain):
    kind: Literal["tension"]
    amount: int = Field(ge=0)


class ResentmentEffect(_Plain):
    kind: Literal["resentment"]
    amount: int = Field(ge=0)


class OfficeFactorEffect(_Plain):
    kind: Literal["colonial_office_factor"]
    power: str
    factor: int = Field(ge=0)


class OfficeShiftEffect(_Plain):
    kind: Literal["colonial_office_shift"]
    power: str
    shift: int


class ForcedExpenditureEffect(_Plain):
    kind: Literal["forced_expenditure"]
    power: str
    minimum: int = Field(ge=1)
    unit: Literal["army", "navy", "any"]


class MayPlaceEffect(_Plain):
    kind: Literal["may_place"]
    power: str
    areas: list[str] = Field(min_length=1)


class PurchaseBanEffect(_Plain):
    kind: Literal["purchase_ban"]
    power: str
    unit: UnitKind


class BalkanWarEffect(_Plain):
    kind: Literal["balkan_war"]


class LeopoldEffect(_Plain):
    kind: Literal["leopold"]


Effect = Annotated[
    UnrestEffect
    | UnrestInEffect
    | TensionEffect
    | ResentmentEffect
    | OfficeFactorEffect
    | OfficeShiftEffect
    | ForcedExpenditureEffect
    | MayPlaceEffect
    | PurchaseBanEffect
    | BalkanWarEffect
    | LeopoldEffect,
    Field(discriminator="kind"),
]


class EventRecord(Sourced):
    code: str
    name: str
    kind: Literal["state", "unrest"]
    effects: list[Effect]


class UnrestTable(Sourced):
    id: str
    dice: Dice
    entries: dict[str, str]


class MinorActivity(Sourced):
    power: str
    active_on: list[int]
    areas: dict[str, str]


class CombatTable(Sourced):
    id: str
    columns: list[tuple[int, int]] = Field(min_length=1)
    results: list[list[Result]] = Field(min_length=6, max_length=6)
    small_force_below: int = Field(ge=1)


class DeployedUnit(_Plain):
    kind: UnitKind
    strength: Literal[1, 3, 10]
    location: str
    role: Literal["indian_army", "western_garrison"] | None = None


class DeployedMarker(_Plain):
    area: str
    level: Level


class Deployment(Sourced):
    power: str
    markers: list[DeployedMarker]
    units: list[DeployedUnit]
    merchant_fleets: list[str]


class Groups(Sourced):
    africa_north_west: list[str]
    africa_north_east: list[str]
    africa_mediterranean: list[str]
    africa_southern_tip: list[str]
    india: list[str]
    russian_west: list[str]
    us_states: list[str]
    gb_dominions: list[str]
    south_america: list[str]


class Victory(Sourced):
    east_west_passage: int
    north_south_passage: int
    first_canal: int
    india_penalty: int
    congress_defiance: int


class Resentment(Sourced):
    per_control_marker_at_check: int = Field(ge=0)
    per_marker_placed_when_several: int = Field(ge=0)
    per_minor_marker: int = Field(ge=0)
    rebellion_dice: Literal[2, 3]


class Tension(Sourced):
    navy_small: int = Field(ge=0)
    navy_large: int = Field(ge=0)
    congress: int = Field(ge=0)
    congress_failed: int = Field(ge=0)
    congress_defiance: int = Field(ge=0)
    declaration: int = Field(ge=0)
    war_cycle: int = Field(ge=0)
    treaty_broken: int = Field(ge=0)
    separate_peace: int = Field(ge=0)
    status_level: int = Field(ge=0)
    great_war_at: int = Field(ge=1)


class ChineseArmyPlacement(Sourced):
    """Schema only: the Chinese rebellion is played in issue 20."""

    entries: dict[str, str]
    for_issue: int


CasusBelliHolder = Literal["existing", "placer", "both"]


class PlacementEffect(Sourced):
    """One line of the summary of effects of placing status markers (§4.4.2): `placed`
    put in an area where another power holds `existing` gives a casus belli to the holder
    of the existing marker against the placer (`existing`), to the placer (`placer`), or
    to each against the other (`both`)."""

    placed: Level
    existing: Level
    casus_belli: CasusBelliHolder


class CasusBelliList(Sourced):
    """The back of the player sheets: the casus belli list (`causes`, by name) and the
    summary of effects of placing status markers. A pair of levels the summary does not
    list gives no casus belli."""

    placement_summary: list[PlacementEffect]
    causes: list[str]


BonusTreatyKind = Literal["defensive", "offensive", "non_aggression"]


class TreatyBonus(Sourced):
    """A VP bonus earned during play through treaties (§4.8; line 25, §4.15.1), one line
    of the VP bonus list, which the text does not print. At the close of each Negotiation
    phase, each power of `powers` earns `vp` on its line 25 while a treaty of one of
    `kinds` binds it to every other power of `partners` (one treaty or several; a power of
    its own player counts as bound; no partners: a treaty with anyone). A secret treaty
    counts only with `secret_counts`. `when`: `each_turn` the condition holds, or `once`
    in the game (the first time it holds). Austria-Hungary's bonus goes on Germany's sheet."""

    id: str
    powers: list[str] = Field(min_length=1)
    kinds: list[BonusTreatyKind] = Field(min_length=1)
    partners: list[str]
    secret_counts: bool
    vp: int = Field(ge=1)
    when: Literal["each_turn", "once"]


class PaxData(_Plain):
    format: Literal[1]
    title: str
    powers: list[PowerRecord]
    areas: list[AreaRecord]
    seas: list[SeaRecord]
    passages: list[PassageRecord]
    costs: Costs
    multipliers: Multipliers
    counter_mix: list[CounterMix]
    turns: list[TurnRecord] = Field(min_length=1)
    events: list[EventRecord]
    unrest_tables: list[UnrestTable]
    minor_activity: list[MinorActivity]
    combat_tables: list[CombatTable] = Field(min_length=2, max_length=2)
    deployments: list[Deployment]
    groups: Groups
    victory: Victory
    resentment: Resentment
    tension: Tension
    chinese_army_placement: ChineseArmyPlacement
    casus_belli: CasusBelliList
    # A file without the list gives no treaty bonus (the shipped file has its own list).
    treaty_bonuses: list[TreatyBonus] = Field(default_factory=list)

    # -- lookups the rules use ---------------------------------------------------------

    def power(self, power_id: str) -> PowerRecord:
        return _index(self).powers[power_id]

    def area(self, area_id: str) -> AreaRecord:
        return _index(self).areas[area_id]

    def sea(self, sea_id: str) -> SeaRecord:
        return _index(self).seas[sea_id]

    def is_area(self, place: str) -> bool:
        return place in _index(self).areas

    def is_sea(self, place: str) -> bool:
        return place in _index(self).seas

    def is_home(self, place: str) -> bool:
        return place in _index(self).powers

    def event(self, code: str) -> EventRecord:
        return _index(self).events[code]

    def unrest_table(self, table: str) -> UnrestTable:
        return _index(self).unrest[table]

    def minor_table(self, power: str) -> MinorActivity | None:
        return _index(self).minors.get(power)

    def mix(self, power: str) -> CounterMix:
        return _index(self).mix[power]

    def deployment(self, power: str) -> Deployment | None:
        return _index(self).deployments.get(power)

    def coast(self, sea: str) -> list[str]:
        """The areas printed as adjacent to `sea`."""
        return _index(self).coast.get(sea, [])

    def ports(self, sea: str) -> list[str]:
        """The home nations adjacent to `sea`."""
        return _index(self).ports.get(sea, [])

    def divisor(self, power: str) -> Fraction:
        value = self.power(power).vp_divisor
        return Fraction(str(value)) if value else Fraction(1)


class _Index:
    def __init__(self, data: PaxData) -> None:
        self.powers = {p.id: p for p in data.powers}
        self.areas = {a.id: a for a in data.areas}
        self.seas = {s.id: s for s in data.seas}
        self.events = {e.code: e for e in data.events}
        self.unrest = {t.id: t for t in data.unrest_tables}
        self.minors = {m.power: m for m in data.minor_activity}
        self.mix = {m.power: m for m in data.counter_mix}
        self.deployments = {d.power: d for d in data.deployments}
        self.coast: dict[str, list[str]] = {s.id: [] for s in data.seas}
        for area in data.areas:
            for sea in area.seas:
                self.coast.setdefault(sea, []).append(area.id)
        self.status: dict[str, str] | None = None
        self.ports: dict[str, list[str]] = {s.id: [] for s in data.seas}
        for power in data.powers:
            for sea in power.home_seas:
                self.ports.setdefault(sea, []).append(power.id)


# id(data) -> (data, its index): the data object is kept so that its id is never reused.
_INDEXES: dict[int, tuple[PaxData, _Index]] = {}


def _index(data: PaxData) -> _Index:
    entry = _INDEXES.get(id(data))
    if entry is not None and entry[0] is data:
        return entry[1]
    if len(_INDEXES) > 32:
        _INDEXES.clear()
    index = _Index(data)
    _INDEXES[id(data)] = (data, index)
    return index


# -- the cross-checks ------------------------------------------------------------------


def _unique(table: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for index, item in enumerate(ids):
        if item in seen:
            raise refuse_data(f"{table}.{index}", f"{item} appears twice")
        seen.add(item)


def _known(field: str, name: str, known: set[str], what: str) -> None:
    if name not in known:
        raise refuse_data(field, f"{name} is not a known {what}")


def _check_map(data: PaxData) -> None:
    areas = {a.id for a in data.areas}
    seas = {s.id for s in data.seas}
    homes = {p.id for p in data.powers}
    _unique("areas", [a.id for a in data.areas])
    _unique("seas", [s.id for s in data.seas])
    _unique("powers", [p.id for p in data.powers])
    if len(areas) != 104:
        raise refuse_data("areas", f"the map has 104 areas, this file has {len(areas)}")
    if len(seas) != 12:
        raise refuse_data("seas", f"the map has 12 sea zones, this file has {len(seas)}")
    by_id = {a.id: a for a in data.areas}
    for i, area in enumerate(data.areas):
        for sea in area.seas:
            _known(f"areas.{i}.seas", sea, seas, "sea zone")
        for other in area.land:
            _known(f"areas.{i}.land", other, areas, "area")
            if area.id not in by_id[other].land:
                raise refuse_data(f"areas.{i}.land", f"{other} does not list {area.id} back")
        for home in area.homes:
            _known(f"areas.{i}.homes", home, homes, "home nation")
    sea_by_id = {s.id: s for s in data.seas}
    for i, zone in enumerate(data.seas):
        for other in zone.adjacent:
            _known(f"seas.{i}.adjacent", other, seas, "sea zone")
            if zone.id not in sea_by_id[other].adjacent:
                raise refuse_data(f"seas.{i}.adjacent", f"{other} does not list {zone.id} back")
    for i, power in enumerate(data.powers):
        for home_sea in power.home_seas:
            _known(f"powers.{i}.home_seas", home_sea, seas, "sea zone")
        for neighbour in power.home_land:
            _known(f"powers.{i}.home_land", neighbour, areas, "area")
            if power.id not in by_id[neighbour].homes:
                raise refuse_data(f"powers.{i}.home_land", f"{neighbour} does not list it back")
        if power.run_by is not None:
            _known(f"powers.{i}.run_by", power.run_by, homes, "power")
        if power.kind == "major" and power.colonial_office is None:
            raise refuse_data(f"powers.{i}.colonial_office", "a major power needs its line")
    for i, passage in enumerate(data.passages):
        for sea in passage.seas:
            _known(f"passages.{i}.seas", sea, seas, "sea zone")
        if passage.area is not None:
            _known(f"passages.{i}.area", passage.area, areas, "area")


def _check_tables(data: PaxData) -> None:
    areas = {a.id for a in data.areas}
    powers = {p.id for p in data.powers}
    tables = {t.id for t in data.unrest_tables}
    for field, costs in (("costs.armies", data.costs.armies), ("costs.navies", data.costs.navies)):
        for strength in STRENGTHS:
            if strength not in costs:
                raise refuse_data(field, f"no cost for strength {strength}")
    for level in LEVELS:
        if level not in data.costs.markers:
            raise refuse_data("costs.markers", f"no cost for {level}")
        if level not in data.multipliers.income:
            raise refuse_data("multipliers.income", f"no multiplier for {level}")
    codes = [e.code for e in data.events]
    _unique("events", codes)
    for code in D66_CODES:
        if code not in codes:
            raise refuse_data("events", f"the D66 code {code} is missing")
    for i, event in enumerate(data.events):
        if event.code not in D66_CODES:
            raise refuse_data(f"events.{i}.code", f"{event.code} is not a D66 code")
        for j, effect in enumerate(event.effects):
            where = f"events.{i}.effects.{j}"
            if isinstance(effect, UnrestEffect):
                _known(f"{where}.table", effect.table, tables, "unrest table")
            if isinstance(effect, UnrestInEffect):
                _known(f"{where}.area", effect.area, areas, "area")
            if isinstance(effect, MayPlaceEffect):
                for area in effect.areas:
                    _known(f"{where}.areas", area, areas, "area")
            power = getattr(effect, "power", None)
            if power is not None:
                _known(f"{where}.power", power, powers, "power")
    for i, table in enumerate(data.unrest_tables):
        for code in dice_codes(table.dice):
            if code not in table.entries:
                raise refuse_data(f"unrest_tables.{i}.entries", f"the result {code} is missing")
        for code, area in table.entries.items():
            if code not in dice_codes(table.dice):
                raise refuse_data(f"unrest_tables.{i}.entries", f"{code} cannot be rolled")
            _known(f"unrest_tables.{i}.entries.{code}", area, areas, "area")
    for i, minor in enumerate(data.minor_activity):
        _known(f"minor_activity.{i}.power", minor.power, powers, "power")
        if any(not 1 <= n <= 6 for n in minor.active_on):
            raise refuse_data(f"minor_activity.{i}.active_on", "a d6 result is 1 to 6")
        for code in dice_codes("2d6"):
            if code not in minor.areas:
                raise refuse_data(f"minor_activity.{i}.areas", f"the result {code} is missing")
        for code, area in minor.areas.items():
            _known(f"minor_activity.{i}.areas.{code}", area, areas, "area")
    for i, crt in enumerate(data.combat_tables):
        odds = [Fraction(a, d) for a, d in crt.columns if d > 0]
        if len(odds) != len(crt.columns) or any(a <= 0 for a, _ in crt.columns):
            raise refuse_data(f"combat_tables.{i}.columns", "odds are two positive numbers")
        for k in range(1, len(odds)):
            if odds[k] <= odds[k - 1]:
                raise refuse_data(f"combat_tables.{i}.columns.{k}", "an odds column out of order")
        for row, results in enumerate(crt.results):
            if len(results) != len(crt.columns):
                raise refuse_data(f"combat_tables.{i}.results.{row}", "one result per column")
    pairs = [f"{e.placed} over {e.existing}" for e in data.casus_belli.placement_summary]
    _unique("casus_belli.placement_summary", pairs)
    if data.turns[0].year >= data.turns[-1].year and len(data.turns) > 1:
        raise refuse_data("turns", "the years must rise")
    for i in range(1, len(data.turns)):
        if data.turns[i].year <= data.turns[i - 1].year:
            raise refuse_data(f"turns.{i}.year", "the years must rise")
    for i, turn in enumerate(data.turns):
        for power in turn.merchant_fleets:
            _known(f"turns.{i}.merchant_fleets", power, powers, "power")


def _check_forces(data: PaxData) -> None:
    areas = {a.id for a in data.areas}
    powers = {p.id for p in data.powers}
    seas = {s.id for s in data.seas}
    _unique("counter_mix", [m.power for m in data.counter_mix])
    for power in powers:
        if power not in {m.power for m in data.counter_mix}:
            raise refuse_data("counter_mix", f"no counters for {power}")
    mixes = {m.power: m for m in data.counter_mix}
    for i, deployment in enumerate(data.deployments):
        where = f"deployments.{i}"
        _known(f"{where}.power", deployment.power, powers, "power")
        for j, marker in enumerate(deployment.markers):
            _known(f"{where}.markers.{j}.area", marker.area, areas, "area")
        for j, unit in enumerate(deployment.units):
            if unit.location not in areas and unit.location != deployment.power:
                raise refuse_data(f"{where}.units.{j}.location", "neither an area nor its home")
        for j, sea in enumerate(deployment.merchant_fleets):
            _known(f"{where}.merchant_fleets.{j}", sea, seas, "sea zone")
        _unique(f"{where}.merchant_fleets", deployment.merchant_fleets)
        mix = mixes[deployment.power]
        for kind, pool in (("army", mix.armies), ("navy", mix.navies)):
            for strength in STRENGTHS:
                used = sum(
                    1 for u in deployment.units if u.kind == kind and str(u.strength) == strength
                )
                if used > pool.get(strength, 0):
                    raise refuse_data(f"{where}.units", f"more {kind} {strength} than counters")
    groups = data.groups.model_dump(exclude={"provenance"})
    for name, members in groups.items():
        for area in members:
            _known(f"groups.{name}", area, areas, "area")
    for code, area in data.chinese_army_placement.entries.items():
        _known(f"chinese_army_placement.entries.{code}", area, areas, "area")


def check(data: PaxData) -> PaxData:
    _check_map(data)
    _check_tables(data)
    _check_forces(data)
    return data


def check_treaty_bonuses(data: PaxData) -> PaxData:
    """The treaty bonuses name powers that can sign treaties, each with someone else."""
    known = {p.id for p in data.powers}
    seated = {p.id for p in data.powers if p.major_from is not None}
    _unique("treaty_bonuses", [b.id for b in data.treaty_bonuses])
    for i, bonus in enumerate(data.treaty_bonuses):
        for field in ("powers", "partners"):
            for name in getattr(bonus, field):
                where = f"treaty_bonuses.{i}.{field}"
                _known(where, name, known, "power")
                if name not in seated:
                    raise refuse_data(where, f"{name} never sits at the table: it signs no treaty")
        for power in bonus.powers:
            if bonus.partners and not set(bonus.partners) - {power}:
                reason = f"{power} cannot earn it: a treaty needs a partner besides itself"
                raise refuse_data(f"treaty_bonuses.{i}.partners", reason)
    return data


def parse_data(raw: Any) -> PaxData:
    """The data file as the game's tables, or a refusal naming the table, entry and reason."""
    return check(parse_data_file(PaxData, raw))


@cache
def default_data() -> PaxData:
    return parse_data(shipped_raw())


@cache
def _shipped_text() -> str:
    return DATA_FILE.read_text(encoding="utf-8")


def shipped_raw() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(_shipped_text())
    return raw


TABLES = (
    "powers", "areas", "seas", "passages", "costs", "multipliers", "counter_mix", "turns",
    "events", "unrest_tables", "minor_activity", "combat_tables", "deployments", "groups",
    "victory", "resentment", "tension", "chinese_army_placement", "casus_belli",
    "treaty_bonuses",
)  # fmt: skip


def placement_casus_belli(data: PaxData, placed: Level, existing: Level) -> str | None:
    """Who gains a casus belli when `placed` goes where another power holds `existing`:
    "existing", "placer", "both", or None (the summary lists no such pair)."""
    for effect in data.casus_belli.placement_summary:
        if effect.placed == placed and effect.existing == existing:
            return effect.casus_belli
    return None


def table_status(data: PaxData) -> dict[str, str]:
    """Each table's standing: `loaded` (it differs from the shipped set), `provisional`
    (the shipped set, with reconstructed values) or `printed` (no reconstructed value)."""
    index = _index(data)
    if index.status is None:
        index.status = _table_status(data)
    return dict(index.status)


def _table_status(data: PaxData) -> dict[str, str]:
    shipped = default_data()
    status: dict[str, str] = {}
    for table in TABLES:
        mine = getattr(data, table)
        if mine != getattr(shipped, table):
            status[table] = "loaded"
        elif "reconstructed" in json.dumps(_dump(mine)):
            status[table] = "provisional"
        else:
            status[table] = "printed"
    return status


def _dump(value: Any) -> Any:
    if isinstance(value, list):
        return [_dump(item) for item in value]
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    return value


def refuse(reason_key: str, **params: Any) -> IllegalAction:
    """A rule refusal in the game's own catalogue."""
    return IllegalAction(f"pax.error.{reason_key}", **params)
