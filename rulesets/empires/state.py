"""The state of a game of Empires: pieces on the map, cards, markers, and what is pending."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulesets.core import BaseState
from rulesets.empires.board import Board, board_from

Phase = Literal[
    "draft",
    "choose_empire",
    "compensate",
    "choose_action",
    "build",
    "deploy_mode",
    "deploy_pick",
    "attack_deploy",
    "move_ships",
    "ship_destination",
    "move_land",
    "land_destination",
    "permission",
    "retaliate",
    "palace",
    "reduce",
    "influence_pick",
    "worker_pick",
    "levy",
    "empire",
    "over",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Unit(_Model):
    id: int
    empire: str
    kind: str
    region: str
    moved: bool = False
    # A two-master that has carried a land unit this turn ("laid down").
    carried: bool = False

    @property
    def is_ship(self) -> bool:
        return self.kind in ("two_master", "three_master")


class Reduction(_Model):
    """A region over its end-of-turn limit, and who chooses the units that go back."""

    region: str
    empire: str
    seat: str
    limit: int


class LandMove(_Model):
    """A land move waiting for the permission of the monarch whose units it passes."""

    unit: int
    to: str
    via: str
    target: str | None
    two_masters: list[int] = Field(default_factory=list)
    empire: str
    seat: str


class Retaliation(_Model):
    region: str
    attacker: int
    defender: str
    seat: str


class EmpiresState(BaseState):
    phase: Phase = "choose_empire"
    decades: int = 8
    decade: int = 1
    order: list[str] = Field(default_factory=list)
    start_player: str = ""
    turn_index: int = 0
    distribution_card: str | None = None
    timetrack: list[str] = Field(default_factory=list)
    revealed: list[str] = Field(default_factory=list)
    removed_tile: str | None = None
    hands: dict[str, list[str]] = Field(default_factory=dict)
    stacks: dict[str, list[str]] = Field(default_factory=dict)
    workers: list[str] = Field(default_factory=list)
    monarchs: dict[str, str | None] = Field(default_factory=dict)
    power: dict[str, int] = Field(default_factory=dict)
    markers: dict[str, dict[str, str | None]] = Field(default_factory=dict)
    acted: list[str] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    next_unit_id: int = 1
    cities: dict[str, bool] = Field(default_factory=dict)
    palaces: dict[str, int] = Field(default_factory=dict)
    flags: dict[str, str] = Field(default_factory=dict)
    # The turn in progress.
    active_empire: str | None = None
    decider: str | None = None
    option: str | None = None
    action: str | None = None
    compensation_region: str | None = None
    deploy_left: list[str] = Field(default_factory=list)
    # Whether the player chose to deploy the weaker unit where a city's own runs out.
    deploy_substitute: bool = False
    attack_units: list[int] = Field(default_factory=list)
    selected: int | None = None
    denied: list[tuple[int, str]] = Field(default_factory=list)
    # Regions a unit of the active empire moved into this turn: the newly occupied ones.
    entered: list[str] = Field(default_factory=list)
    pending_move: LandMove | None = None
    retaliation: Retaliation | None = None
    reductions: list[Reduction] = Field(default_factory=list)
    place_flags: bool = False
    # Between decades and in the draft.
    tile: str | None = None
    pickers: list[str] = Field(default_factory=list)
    levies: list[str] = Field(default_factory=list)
    draft_rounds: list[str] = Field(default_factory=list)
    # Final results.
    ranking: list[str] = Field(default_factory=list)
    final_scores: dict[str, int] = Field(default_factory=dict)
    winners: list[str] = Field(default_factory=list)
    # A campaign's replacement data file, if any (None: the shipped file).
    custom_data: dict[str, Any] | None = None
    custom_digest: str | None = None

    def board(self) -> Board:
        return board_from(self.custom_data, self.custom_digest)

    # --- queries on pieces -------------------------------------------------------------

    def units_in(self, region: str) -> list[Unit]:
        return [unit for unit in self.units if unit.region == region]

    def unit(self, unit_id: int) -> Unit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def on_board(self, empire: str, kind: str) -> int:
        return sum(1 for unit in self.units if unit.empire == empire and unit.kind == kind)

    def stock(self, empire: str, kind: str) -> int:
        return self.board().empires[empire].stock_of(kind) - self.on_board(empire, kind)

    def flags_left(self, empire: str) -> int:
        placed = sum(1 for owner in self.flags.values() if owner == empire)
        return self.board().empires[empire].flags - placed

    def city_tiles_left(self, empire: str) -> int:
        placed = sum(1 for region in self.cities if self.board().owner[region] == empire)
        return self.board().empires[empire].city_tiles - placed

    def palace_tiles_left(self, empire: str) -> int:
        placed = sum(1 for region in self.palaces if self.board().owner[region] == empire)
        return self.board().empires[empire].palace_tiles - placed

    def add_unit(self, empire: str, kind: str, region: str) -> Unit:
        unit = Unit(id=self.next_unit_id, empire=empire, kind=kind, region=region)
        self.next_unit_id += 1
        self.units.append(unit)
        return unit

    def remove_unit(self, unit_id: int) -> None:
        self.units = [unit for unit in self.units if unit.id != unit_id]

    def occupier(self, region: str) -> str | None:
        """The foreign empire holding a city region with a land unit, if any."""
        owner = self.board().owner[region]
        for unit in self.units_in(region):
            if unit.empire != owner and not unit.is_ship:
                return unit.empire
        return None

    def is_occupied(self, region: str) -> bool:
        return self.occupier(region) is not None

    def has_foreign_unit(self, region: str, empire: str) -> bool:
        return any(unit.empire != empire for unit in self.units_in(region))

    def influence(self, seat: str, empire: str) -> int:
        values = self.board().card_value
        return sum(
            values[card] for card in self.hands.get(seat, []) if card.partition("-")[0] == empire
        )

    def turn_owner(self) -> str:
        start = self.order.index(self.start_player)
        return self.order[(start + self.turn_index) % len(self.order)]

    def position_of(self, seat: str) -> int:
        return self.order.index(seat) + 1

    def clockwise_from(self, seat: str) -> list[str]:
        start = self.order.index(seat)
        return self.order[start:] + self.order[:start]

    def is_neutral(self, empire: str) -> bool:
        return self.monarchs.get(empire) is None
