"""Colonial's components as data: Territories, adjacencies, tracks, the Character cards and
the Nation cards, each value with its provenance (`rules`, `example`, `reconstructed`).

The rules text prints almost nothing of the board, so `data/colonial.json` reconstructs a
map that honours every fact and worked example of the text; a campaign may replace it.
"""

from __future__ import annotations

from functools import cache, cached_property
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from rulesets.core import IllegalAction, Sourced, parse_data_file, refuse_data
from rulesets.core.data import read_json

DATA_FILE = Path(__file__).parent / "data" / "colonial.json"
Continent = Literal["america", "africa", "asia"]
CONTINENTS: tuple[Continent, ...] = ("america", "africa", "asia")
CHARACTERS = (
    "ambassador",
    "conqueror",
    "explorer",
    "financier",
    "governor",
    "merchant",
    "missionary",
    "rebel",
    "scientist",
    "sovereign",
    "trader",
    "viceroy",
)
TRACKS = ("seafaring", "economy", "logistics", "navy")
GOLD, SLAVES, BEIGE = "gold", "slaves", "beige"
EASTERN_GOODS = ("tea", "opium")


class Territory(Sourced):
    id: str
    continent: Continent
    difficulty: int
    native_power: int
    resources: list[str]
    prestige: int
    american: bool

    @model_validator(mode="after")
    def _in_range(self) -> Territory:
        if not 2 <= self.difficulty <= 7:
            raise ValueError("difficulty must be from 2 to 7")
        if self.native_power < 0 or self.prestige < 0:
            raise ValueError("native power and prestige cannot be negative")
        return self


class Adjacency(Sourced):
    a: str
    b: str


class Track(Sourced):
    id: str
    values: list[int]

    @model_validator(mode="after")
    def _four_spaces(self) -> Track:
        if len(self.values) != 4 or self.values != sorted(self.values):
            raise ValueError("a progress track has four rising spaces")
        return self


class Card(Sourced):
    id: str
    characters: list[str]

    @model_validator(mode="after")
    def _two_characters(self) -> Card:
        if len(self.characters) != 2 or any(c not in CHARACTERS for c in self.characters):
            raise ValueError("a card shows two of the twelve Characters")
        return self


class Nation(Sourced):
    id: str
    goals: list[str]
    logistics_max: int
    navy_bonus: bool
    logistics_bonus: bool
    monopoly_bonus: int


class Rules(Sourced):
    starting_treasury: int
    starting_fleets: int
    starting_squadrons: int
    diplomacy_spaces: int
    diplomacy_start: int
    victory_prestige: int
    circumnavigation_prestige: int
    circumnavigation_difficulty: int
    discovery_prestige: int
    american_penalty: int
    loan_size: int
    unrest_revolution: int
    tea_opium_economy: int
    abolition_economy: int
    colours: list[str]


class GameData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    version: int
    territories: list[Territory]
    adjacencies: list[Adjacency]
    tracks: list[Track]
    cards: list[Card]
    rules: Rules
    nations: list[Nation]

    # Indexes computed on first use (kept in the instance, outside the model's fields).
    @cached_property
    def _territories(self) -> dict[str, Territory]:
        return {t.id: t for t in self.territories}

    @cached_property
    def _near(self) -> dict[str, frozenset[str]]:
        near: dict[str, set[str]] = {}
        for edge in self.adjacencies:
            near.setdefault(edge.a, set()).add(edge.b)
            near.setdefault(edge.b, set()).add(edge.a)
        return {tid: frozenset(ids) for tid, ids in near.items()}

    @cached_property
    def _tracks(self) -> dict[str, list[int]]:
        return {track.id: track.values for track in self.tracks}

    def territory(self, tid: str) -> Territory:
        return self._territories[tid]

    def territory_ids(self) -> list[str]:
        return [t.id for t in self.territories]

    def neighbours(self, tid: str) -> frozenset[str]:
        return self._near.get(tid, frozenset())

    def track_values(self, track: str) -> list[int]:
        return self._tracks[track]

    def card(self, card_id: str) -> Card:
        return next(card for card in self.cards if card.id == card_id)

    def card_ids(self) -> list[str]:
        return [card.id for card in self.cards]

    def nation(self, nation_id: str) -> Nation:
        return next(n for n in self.nations if n.id == nation_id)


def check_references(data: GameData) -> None:
    """The cross-checks a schema cannot express: unique ids, known names, complete sets."""
    ids = data.territory_ids()
    if len(set(ids)) != len(ids):
        raise refuse_data("territories", "two territories share an id")
    known = set(ids)
    colours = set(data.rules.colours)
    for n, terr in enumerate(data.territories):
        unknown = [c for c in terr.resources if c not in colours]
        if unknown:
            raise refuse_data(f"territories.{n}.resources", f"unknown colour {unknown[0]}")
    for n, edge in enumerate(data.adjacencies):
        for end in (edge.a, edge.b):
            if end not in known:
                raise refuse_data(f"adjacencies.{n}", f"unknown territory {end[:40]}")
    if sorted(track.id for track in data.tracks) != sorted(TRACKS):
        raise refuse_data("tracks", "the four progress tracks are needed")
    shown = sorted(c for card in data.cards for c in card.characters)
    if len(data.cards) != 6 or shown != sorted(CHARACTERS):
        raise refuse_data("cards", "six cards must show each of the twelve Characters once")
    if not 1 <= data.rules.diplomacy_start <= data.rules.diplomacy_spaces:
        raise refuse_data("rules.diplomacy_start", "outside the Diplomacy track")
    for n, nation in enumerate(data.nations):
        if any(goal not in known for goal in nation.goals):
            raise refuse_data(f"nations.{n}.goals", "unknown territory")


def parse_data(raw: Any) -> GameData:
    parsed = parse_data_file(GameData, raw)
    check_references(parsed)
    return parsed


@cache
def default_data() -> GameData:
    return parse_data(read_json(DATA_FILE))


def refuse(key: str, **params: Any) -> IllegalAction:
    return IllegalAction(f"col.error.{key}", **params)
