"""The campaign data: zones, links, powers, leader pools, the deck and the set-up.

The aid gives no map, cards, power cards, leader rosters or set-up, so the shipped file is
an invented example (not the real map) that exercises every feature; every value names its
provenance. A group that owns the game replaces it with its own transcription per campaign.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.core import Sourced, parse_data_file, refuse_data
from rulesets.core.data import read_json

DATA_FILE = Path(__file__).with_name("data") / "ultima_ratio_regis.json"

Terrain = Literal["open", "forest", "mountains", "marsh"]
AreaKind = Literal["land", "sea"]
LinkKind = Literal["land", "rough", "strait", "coast", "sea"]
LeaderType = Literal["tactician", "admiral", "decisive", "creative", "organizer"]
UnitKind = Literal["troop", "squadron"]


class PowerData(Sourced):
    id: str
    card_income: int
    start_instability: int
    enters_turn: int
    leader_pool: list[LeaderType]
    colour: str


class MinorData(Sourced):
    """A minor power: its zones (neutral on the board until taken), whether it is
    independent (R5: breaking its alliance costs 1 more) and its ally at set-up."""

    id: str
    zones: list[str]
    independent: bool
    ally: str | None


class MinorUnitSetup(Sourced):
    """Troops of a minor power standing in one of its zones at set-up (who commands them is
    the campaign option `minor_command`)."""

    minor: str
    zone: str
    q: int
    count: int


class ZoneData(Sourced):
    id: str
    kind: AreaKind
    key: bool
    national_of: str | None
    owner: str | None
    terrain: Terrain
    theatre: str
    income: int
    port: bool
    trade_centre: bool
    main_map: bool
    colony: bool
    # "Opposition : Q2 (ou Q3 si A3 ou R3)": True, the zone's opposition rolls Q3; False, Q2;
    # None, the data does not say and the referee rules at each submission.
    strong_opposition: bool | None
    x: int
    y: int


class LinkData(Sourced):
    a: str
    b: str
    kind: LinkKind


class CardData(Sourced):
    id: str
    actions: int | None  # None: the referee enters the card's action value when it is played


class UnitSetup(Sourced):
    power: str
    zone: str
    kind: UnitKind
    q: int
    count: int


class FortressSetup(Sourced):
    power: str
    zone: str


class MerchantSetup(Sourced):
    power: str
    zone: str


class CampaignData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    notice: str
    powers: list[PowerData]
    zones: list[ZoneData]
    links: list[LinkData]
    deck: list[CardData]
    units: list[UnitSetup]
    fortresses: list[FortressSetup]
    merchants: list[MerchantSetup]
    minors: list[MinorData] = Field(default_factory=list)
    minor_units: list[MinorUnitSetup] = Field(default_factory=list)

    def power_ids(self) -> list[str]:
        return [power.id for power in self.powers]

    def power(self, power_id: str) -> PowerData:
        return next(power for power in self.powers if power.id == power_id)

    def zone(self, zone_id: str) -> ZoneData:
        return _index(self).zones[zone_id]

    def card(self, card_id: str) -> CardData:
        return _index(self).cards[card_id]

    def neighbours(self, area: str) -> list[tuple[str, LinkKind]]:
        return _index(self).adjacency.get(area, [])

    def minor(self, minor_id: str) -> MinorData:
        return next(minor for minor in self.minors if minor.id == minor_id)

    def minor_of(self, zone_id: str) -> MinorData | None:
        """The minor power whose zone this is, if any."""
        return next((minor for minor in self.minors if zone_id in minor.zones), None)


@dataclass(frozen=True)
class _Index:
    """Lookups every prompt makes, built once per data file (kept outside the model so that
    copies of a state compare and serialise by their fields alone)."""

    zones: dict[str, ZoneData]
    cards: dict[str, CardData]
    adjacency: dict[str, list[tuple[str, LinkKind]]]


_INDEXES: dict[int, tuple[CampaignData, _Index]] = {}
_INDEXES_KEPT = 16


def _index(data: CampaignData) -> _Index:
    found = _INDEXES.get(id(data))
    if found is not None and found[0] is data:
        return found[1]
    adjacency: dict[str, list[tuple[str, LinkKind]]] = {}
    for link in data.links:
        adjacency.setdefault(link.a, []).append((link.b, link.kind))
        adjacency.setdefault(link.b, []).append((link.a, link.kind))
    index = _Index(
        zones={zone.id: zone for zone in data.zones},
        cards={card.id: card for card in data.deck},
        adjacency={area: sorted(found) for area, found in adjacency.items()},
    )
    if len(_INDEXES) >= _INDEXES_KEPT:
        _INDEXES.pop(next(iter(_INDEXES)))
    _INDEXES[id(data)] = (data, index)
    return index


def _check(data: CampaignData) -> None:
    """Cross-checks the schema cannot express: every reference names a known record."""
    powers = set(data.power_ids())
    zones = {zone.id: zone for zone in data.zones}
    if len(powers) != len(data.powers) or len(zones) != len(data.zones):
        raise refuse_data("powers", "two records share an id")
    if len({card.id for card in data.deck}) != len(data.deck):
        raise refuse_data("deck", "two cards share an id")
    if len(data.deck) < 48:
        raise refuse_data("deck", "a deck needs 48 cards for eight players")
    if not 3 <= len(powers) <= 16:
        raise refuse_data("powers", "a campaign needs 3 to 16 powers")
    for index, power in enumerate(data.powers):
        if not 0 <= power.start_instability <= 50 or not 0 <= power.card_income <= 100:
            raise refuse_data(f"powers.{index}", "a value is out of range")
        if not 1 <= power.enters_turn <= 20:
            raise refuse_data(f"powers.{index}.enters_turn", "a turn from 1 to 20")
    if not any(power.enters_turn == 1 for power in data.powers):
        raise refuse_data("powers", "no power is in play on the first turn")
    for index, zone in enumerate(data.zones):
        for field, value in (("national_of", zone.national_of), ("owner", zone.owner)):
            if value is not None and value not in powers:
                raise refuse_data(f"zones.{index}.{field}", f"unknown power {value[:40]}")
        if zone.kind == "sea" and (zone.owner or zone.national_of or zone.port):
            raise refuse_data(f"zones.{index}", "a sea has no owner and no port")
        if not 0 <= zone.income <= 100 or not (0 <= zone.x <= 4000 and 0 <= zone.y <= 4000):
            raise refuse_data(f"zones.{index}", "a value is out of range")
    for index, link in enumerate(data.links):
        if link.a not in zones or link.b not in zones or link.a == link.b:
            raise refuse_data(f"links.{index}", "a link joins two different known areas")
        kinds = {zones[link.a].kind, zones[link.b].kind}
        expected = {"coast": {"land", "sea"}, "sea": {"sea"}}.get(link.kind, {"land"})
        if kinds != expected:
            raise refuse_data(f"links.{index}.kind", f"{link.kind} does not join these areas")
    for index, card in enumerate(data.deck):
        if card.actions is not None and not 0 <= card.actions <= 6:
            raise refuse_data(f"deck.{index}.actions", "from 0 to 6 actions")
    placed: list[tuple[str, str, str]] = [(u.power, u.zone, "units") for u in data.units]
    placed += [(f.power, f.zone, "fortresses") for f in data.fortresses]
    placed += [(m.power, m.zone, "merchants") for m in data.merchants]
    for owner, where, field in placed:
        if owner not in powers or where not in zones:
            raise refuse_data(field, f"unknown power or zone {owner[:40]} {where[:40]}")
    for index, unit in enumerate(data.units):
        wanted = "land" if unit.kind == "troop" else "sea"
        area = zones[unit.zone]
        if not (area.kind == wanted or (unit.kind == "squadron" and area.port)):
            raise refuse_data(f"units.{index}.zone", "this unit cannot stand there")
        if not 1 <= unit.q <= 4 or not 1 <= unit.count <= 20:
            raise refuse_data(f"units.{index}", "a value is out of range")
    for index, merchant in enumerate(data.merchants):
        if not zones[merchant.zone].trade_centre:
            raise refuse_data(f"merchants.{index}.zone", "merchants stand in trade centres")
    for index, fortress in enumerate(data.fortresses):
        if zones[fortress.zone].kind != "land":
            raise refuse_data(f"fortresses.{index}.zone", "a fortress stands on land")
    _check_minors(data, powers, zones)


def _check_minors(data: CampaignData, powers: set[str], zones: dict[str, ZoneData]) -> None:
    """A minor power has its own id, neutral land zones no other minor holds, and a known
    major power (or none) as its ally."""
    held: set[str] = set()
    ids = {minor.id for minor in data.minors}
    if len(ids) != len(data.minors) or ids & (powers | set(zones)):
        raise refuse_data("minors", "two records share an id")
    for index, minor in enumerate(data.minors):
        if minor.ally is not None and minor.ally not in powers:
            raise refuse_data(f"minors.{index}.ally", f"unknown power {minor.ally[:40]}")
        if not minor.zones:
            raise refuse_data(f"minors.{index}.zones", "a minor power holds at least one zone")
        for zone_id in minor.zones:
            zone = zones.get(zone_id)
            if zone is None or zone.kind != "land" or zone.owner is not None or zone_id in held:
                raise refuse_data(
                    f"minors.{index}.zones", f"{zone_id[:40]} is not a free land zone"
                )
            held.add(zone_id)
    owners = {zone_id: minor.id for minor in data.minors for zone_id in minor.zones}
    for index, unit in enumerate(data.minor_units):
        if owners.get(unit.zone) != unit.minor:
            raise refuse_data(f"minor_units.{index}.zone", "not a zone of this minor power")
        if not 1 <= unit.q <= 4 or not 1 <= unit.count <= 20:
            raise refuse_data(f"minor_units.{index}", "a value is out of range")


def parse_data(raw: Any) -> CampaignData:
    data = parse_data_file(CampaignData, raw)
    _check(data)
    return data


@cache
def default_data() -> CampaignData:
    return parse_data(read_json(DATA_FILE))
