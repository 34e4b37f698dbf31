"""The Empires data file: empires, cards, time track, distribution cards and the map.

`parse_data` reads the shipped JSON or a campaign's replacement and checks that every
reference holds together; a bad file is refused with the field and the reason. Every
record names the source of each value (`Sourced`); a border or a coastline, a single
fact, names the source of its existence.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.core import Source, Sourced, parse_data_file, refuse_data
from rulesets.core.data import read_json

RegionKind = Literal["land", "city", "sea"]
UNIT_KINDS = ("infantry", "artillery", "two_master", "three_master")
ACTIONS = ("build_deploy", "move_fight", "attack", "palace", "empire")
TILES = (
    "player_1",
    "player_2",
    "player_3",
    "player_4",
    "player_5",
    "player_6",
    "orange",
    "worker",
    "infantry",
    "two_master",
)
DATA_FILE = Path(__file__).parent / "data" / "empires.json"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EmpireSpec(Sourced):
    id: str
    infantry: int = Field(ge=0)
    artillery: int = Field(ge=0)
    two_master: int = Field(ge=0)
    three_master: int = Field(ge=0)
    city_tiles: int = Field(ge=0)
    palace_tiles: int = Field(ge=1)
    flags: int = Field(ge=0)
    capital: str
    flag_rank: int = Field(ge=1)

    def stock_of(self, kind: str) -> int:
        return int(getattr(self, kind))


class InfluenceValues(Sourced):
    A: int
    B: int
    C: int
    magistrate: int
    peasant: int
    worker: int

    def of(self, role: str) -> int:
        return int(getattr(self, role))


class ShipRange(Sourced):
    two_master: int = Field(ge=1)
    three_master: int = Field(ge=1)


class ActionMarkers(Sourced):
    actions: list[str]
    start_II: str
    start_III: str


class TimetrackCard(_Strict):
    base: list[str]
    long: list[str]


class Timetrack(Sourced):
    cards: dict[str, TimetrackCard]


class DistributionCard(Sourced):
    id: str
    players: int
    positions: list[list[str]]


class RegionSpec(Sourced):
    id: str
    kind: RegionKind
    owner: str | None
    anchor: str | None
    initial: bool
    x: int = Field(ge=0, le=1000)
    y: int = Field(ge=0, le=700)
    quick_start: dict[str, int]


class Pair(_Strict):
    a: str
    b: str
    provenance: Source


class Coast(_Strict):
    land: str
    sea: str
    provenance: Source


class GameData(_Strict):
    version: int
    note: str = ""
    empires: list[EmpireSpec]
    influence_values: InfluenceValues
    stack_order: list[str]
    letters_per_player: dict[str, str]
    starting_infantry_by_cards: list[int]
    ship_range: ShipRange
    action_markers: ActionMarkers
    timetrack: Timetrack
    distribution_cards: list[DistributionCard]
    unnamed_islands: list[str]
    regions: list[RegionSpec]
    land_borders: list[Pair]
    sea_borders: list[Pair]
    coasts: list[Coast]
    corners: list[Coast]
    no_land_borders: list[Pair]


def parse_data(raw: dict[str, Any]) -> GameData:
    """Parse and check a data file; raise IllegalAction naming the first bad field."""
    data = parse_data_file(GameData, raw)
    _check_empires(data)
    _check_regions(data)
    _check_borders(data)
    _check_cards(data)
    return data


def _check_empires(data: GameData) -> None:
    ids = [e.id for e in data.empires]
    if len(ids) != 7 or len(set(ids)) != 7:
        raise refuse_data("empires", "exactly seven distinct empires are needed")
    if sorted(e.flag_rank for e in data.empires) != list(range(1, 8)):
        raise refuse_data("empires.flag_rank", "the flag ranks must be 1 to 7, once each")
    if set(data.action_markers.actions) != set(ACTIONS):
        raise refuse_data("action_markers.actions", "the five actions must each appear once")
    blocked = {data.action_markers.start_II, data.action_markers.start_III}
    if len(blocked) != 2 or not blocked <= set(ACTIONS):
        raise refuse_data("action_markers", "positions II and III need two different actions")


def _check_regions(data: GameData) -> None:
    regions = {r.id: r for r in data.regions}
    if len(regions) != len(data.regions):
        raise refuse_data("regions", "a region id appears twice")
    empire_ids = {e.id for e in data.empires}
    seas = {r.id for r in data.regions if r.kind == "sea"}
    coasts = {(c.land, c.sea) for c in data.coasts}
    for region in data.regions:
        where = f"regions.{region.id}"
        if (region.kind == "city") != (region.owner is not None):
            raise refuse_data(where, "a city region needs an owner and only a city has one")
        if region.owner is not None and region.owner not in empire_ids:
            raise refuse_data(where, f"unknown empire {region.owner}")
        if region.anchor is not None:
            if region.kind != "city" or region.anchor not in seas:
                raise refuse_data(where, "an anchor belongs to a city and points to a sea")
            if (region.id, region.anchor) not in coasts:
                raise refuse_data(where, "the anchor sea must share a coastline with the port")
        if set(region.quick_start) - set(UNIT_KINDS):
            raise refuse_data(where, "quick_start names an unknown unit")
    for empire in data.empires:
        cities = [r for r in data.regions if r.owner == empire.id]
        capital = regions.get(empire.capital)
        if capital is None or capital.owner != empire.id or not capital.initial:
            raise refuse_data(f"empires.{empire.id}.capital", "must be an initial city of its own")
        if sum(1 for r in cities if r.initial) > empire.city_tiles:
            raise refuse_data(f"empires.{empire.id}", "more initial cities than city tiles")


def _check_borders(data: GameData) -> None:
    kinds = {r.id: r.kind for r in data.regions}
    for index, pair in enumerate(data.land_borders):
        if kinds.get(pair.a) not in ("land", "city") or kinds.get(pair.b) not in ("land", "city"):
            raise refuse_data(f"land_borders.{index}", f"{pair.a}-{pair.b} is not land to land")
    for index, pair in enumerate(data.sea_borders):
        if kinds.get(pair.a) != "sea" or kinds.get(pair.b) != "sea":
            raise refuse_data(f"sea_borders.{index}", f"{pair.a}-{pair.b} is not sea to sea")
    coast_pairs = set()
    for index, coast in enumerate(data.coasts):
        if kinds.get(coast.land) not in ("land", "city") or kinds.get(coast.sea) != "sea":
            raise refuse_data(f"coasts.{index}", f"{coast.land}-{coast.sea} is not land to sea")
        coast_pairs.add((coast.land, coast.sea))
    for index, corner in enumerate(data.corners):
        if (corner.land, corner.sea) in coast_pairs:
            raise refuse_data(f"corners.{index}", f"{corner.land}-{corner.sea} is also a coastline")
    land_pairs = {frozenset((p.a, p.b)) for p in data.land_borders}
    for index, pair in enumerate(data.no_land_borders):
        if frozenset((pair.a, pair.b)) in land_pairs:
            raise refuse_data(f"no_land_borders.{index}", f"{pair.a}-{pair.b} has a land border")


def _check_cards(data: GameData) -> None:
    empire_ids = {e.id for e in data.empires}
    roles = set(data.stack_order)
    if not roles <= {"A", "B", "C", "magistrate", "peasant"} or data.stack_order[:3] != list("ABC"):
        raise refuse_data("stack_order", "must start with A, B, C and use known roles")
    if len(data.starting_infantry_by_cards) != 4:
        raise refuse_data("starting_infantry_by_cards", "four entries: 0, 1, 2 and 3 cards")
    for players in range(2, 7):
        key = str(players)
        letters = data.letters_per_player.get(key)
        if not letters or set(letters) - set("ABC"):
            raise refuse_data(f"letters_per_player.{key}", "missing or not made of A, B, C")
        track = data.timetrack.cards.get(key)
        if track is None or len(track.base) != 7 or len(track.long) != 2:
            raise refuse_data(f"timetrack.cards.{key}", "needs 7 base tiles and 2 long tiles")
        if set(track.base + track.long) - set(TILES):
            raise refuse_data(f"timetrack.cards.{key}", "names an unknown tile")
        faces = [c for c in data.distribution_cards if c.players == players]
        if not faces:
            raise refuse_data("distribution_cards", f"no card for {players} players")
    for face in data.distribution_cards:
        where = f"distribution_cards.{face.id}"
        letters = data.letters_per_player.get(str(face.players), "")
        if len(face.positions) != face.players:
            raise refuse_data(where, "one list of cards per position is needed")
        seen: set[str] = set()
        for hand in face.positions:
            if sorted(card[-1:] for card in hand) != sorted(letters):  # '' has no [-1]
                raise refuse_data(where, f"each position must receive the letters {letters}")
            for card in hand:
                empire, _, letter = card.partition("-")
                if empire not in empire_ids or letter not in ("A", "B", "C") or card in seen:
                    raise refuse_data(where, f"bad or repeated card {card}")
                seen.add(card)


@cache
def default_raw() -> dict[str, Any]:
    return read_json(DATA_FILE)


@cache
def default_data() -> GameData:
    return parse_data(default_raw())
