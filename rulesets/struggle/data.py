"""The game's components as data: powers, regions, region markers and tiles.

The shipped file `data/struggle.json` reconstructs what the rules text leaves to the
physical board; every value records where it comes from (`rules`, `example` or
`reconstructed`) so that a campaign can replace it with a transcription of the real pieces.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PrivateAttr, model_validator

from rulesets.core.data import Sourced, parse_data_file, read_json, refuse_data

RegionKind = Literal["europe", "colony"]
SeaGroup = Literal["europe", "american", "isolated"]
MarkerKind = Literal["neutral", "pop", "slaves"]
TileFamily = Literal["development", "alliance", "commerce"]
TileNature = Literal["permanent", "once_per_war", "discard", "immediate", "one_shot"]
Stage = Literal["land", "naval"]

DEVELOPMENT_EFFECTS = frozenset(
    {
        "army_training",
        "naval_training",
        "reserve",
        "war_office",
        "mercenaries",
        "pressgangs",
        "trained_natives",
        "militia",
        "logistics",
        "banking",
        "navigation",
        "diplomatic_service",
        "improved_agriculture",
        "government_reform",
        "industry",
        "pirates",
        "slave_revolt",
        "fighting_withdrawal",
        "surprise_attack",
        "blockade",
    }
)
DATA_FILE = Path(__file__).with_name("data") / "struggle.json"


class PowerData(Sourced):
    id: str
    home_adjacent: list[str]


class RegionData(Sourced):
    id: str
    kind: RegionKind
    sea_group: SeaGroup
    ships_allowed: bool
    naval_region: str | None
    vp: list[int]
    adjacent: list[str]


class MarkerData(Sourced):
    id: str
    region: str
    kind: MarkerKind
    defence: int | None
    gold_reward: int
    vp_reward: int


class TileData(Sourced):
    id: str
    family: TileFamily
    effect: str
    copies: int
    gold: int
    unrest: int
    population: int
    nature: TileNature
    regions: list[str]
    stages: list[Stage]


class Rules(Sourced):
    start_gold: int
    start_population: int
    max_population: int
    population_growth: int
    markers_at_setup: int
    markers_per_war: int
    markers_per_player: int
    starting_units: int
    actions_per_turn: int
    rounds_small_table: int
    rounds_large_table: int
    large_table_from: int
    wars: int
    control_tokens_per_power: int
    revolution_unrest: int
    unrest_penalties: list[int]


class GameData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    version: str
    rules: Rules
    powers: list[PowerData]
    regions: list[RegionData]
    markers: list[MarkerData]
    tiles: list[TileData]

    _regions: dict[str, RegionData] = PrivateAttr(default_factory=dict)
    _markers: dict[str, MarkerData] = PrivateAttr(default_factory=dict)
    _tiles: dict[str, TileData] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _references_resolve(self) -> GameData:
        check_references(self)
        self._regions = {region.id: region for region in self.regions}
        self._markers = {marker.id: marker for marker in self.markers}
        self._tiles = {tile.id: tile for tile in self.tiles}
        return self

    def _index(self, name: str) -> dict[str, Any]:
        # Straight to the private store: pydantic's attribute hook is slow on this hot path.
        private: dict[str, dict[str, Any]] = self.__pydantic_private__  # type: ignore[assignment]
        return private[name]

    def region(self, region_id: str) -> RegionData:
        return self._index("_regions")[region_id]  # type: ignore[no-any-return]

    def marker(self, marker_id: str) -> MarkerData:
        return self._index("_markers")[marker_id]  # type: ignore[no-any-return]

    def tile(self, tile_id: str) -> TileData:
        return self._index("_tiles")[tile_id]  # type: ignore[no-any-return]

    @property
    def region_ids(self) -> list[str]:
        return [region.id for region in self.regions]

    @property
    def power_ids(self) -> list[str]:
        return [power.id for power in self.powers]

    def power(self, power_id: str) -> PowerData:
        return next(power for power in self.powers if power.id == power_id)

    def tile_by_effect(self, effect: str) -> TileData | None:
        return next((tile for tile in self.tiles if tile.effect == effect), None)


def _unique(ids: list[str], what: str) -> None:
    if len(set(ids)) != len(ids):
        raise refuse_data(what, "duplicate id")


def check_references(data: GameData) -> None:
    """Every id a record mentions must exist, and the tiles must cover every effect."""
    regions = {region.id for region in data.regions}
    powers = {power.id for power in data.powers}
    for ids, what in (
        ([r.id for r in data.regions], "regions"),
        ([p.id for p in data.powers], "powers"),
        ([m.id for m in data.markers], "markers"),
        ([t.id for t in data.tiles], "tiles"),
    ):
        _unique(ids, what)
    if regions & powers:
        raise refuse_data("powers", "a power id is also a region id")
    for power in data.powers:
        if not set(power.home_adjacent) <= regions:
            raise refuse_data(f"powers.{power.id}.home_adjacent", "unknown region")
    for region in data.regions:
        if not set(region.adjacent) <= regions:
            raise refuse_data(f"regions.{region.id}.adjacent", "unknown region")
        if not region.vp:
            raise refuse_data(f"regions.{region.id}.vp", "no VP values")
        if region.naval_region is not None and region.naval_region not in regions:
            raise refuse_data(f"regions.{region.id}.naval_region", "unknown region")
    for marker in data.markers:
        if marker.region not in regions:
            raise refuse_data(f"markers.{marker.id}.region", "unknown region")
        if (marker.kind == "neutral") != (marker.defence is not None):
            raise refuse_data(f"markers.{marker.id}.defence", "only a neutral has a defence value")
        _check_marker_shape(marker)
    effects = {tile.effect for tile in data.tiles if tile.family == "development"}
    if effects != DEVELOPMENT_EFFECTS:
        missing = sorted(DEVELOPMENT_EFFECTS ^ effects)
        raise refuse_data("tiles", f"development effects missing or unknown: {', '.join(missing)}")
    for tile in data.tiles:
        _check_tile(tile, regions)


def _check_marker_shape(marker: MarkerData) -> None:
    """A marker prints one number, its defence: in a golden circle it is also the gold
    reward; a « 1 » in a square gives one VP."""
    if marker.gold_reward and marker.gold_reward != marker.defence:
        raise refuse_data(f"markers.{marker.id}.gold_reward", "a golden circle pays its defence")
    if marker.vp_reward and (marker.vp_reward, marker.defence, marker.gold_reward) != (1, 1, 0):
        raise refuse_data(f"markers.{marker.id}.vp_reward", "only a « 1 » in a square gives 1 VP")


def _check_tile(tile: TileData, regions: set[str]) -> None:
    if not set(tile.regions) <= regions:
        raise refuse_data(f"tiles.{tile.id}.regions", "unknown region")
    if tile.family != "development" and not tile.regions:
        raise refuse_data(f"tiles.{tile.id}.regions", "needs at least one region")
    if tile.family == "alliance" and not tile.stages:
        raise refuse_data(f"tiles.{tile.id}.stages", "an alliance tile needs a stage")
    if min(tile.copies, tile.gold, tile.unrest, tile.population) < 0:
        raise refuse_data(f"tiles.{tile.id}", "negative number")


def parse_data(raw: dict[str, Any]) -> GameData:
    """Load a data file, refusing a bad one with the field at fault and the reason."""
    return parse_data_file(GameData, raw)


@cache
def default_data() -> GameData:
    return parse_data(read_json(DATA_FILE))
