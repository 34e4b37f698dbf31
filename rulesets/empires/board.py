"""The map as a graph: who owns which city, which regions touch by land, by sea or by coast.

Built once per data file and shared: the state refers to regions by id only.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any

from rulesets.empires.data import EmpireSpec, GameData, default_data, parse_data

# The estate printed on each lettered card: A Nobility, B Clergy, C Bourgeoisie.
CARD_ROLES = {"A": "nobility", "B": "clergy", "C": "bourgeoisie"}


class Board:
    def __init__(self, data: GameData) -> None:
        self.data = data
        self.empires: dict[str, EmpireSpec] = {e.id: e for e in data.empires}
        # Flag-space order, top first: the higher flag space wins ties on the power track.
        self.empire_order = [e.id for e in sorted(data.empires, key=lambda e: e.flag_rank)]
        self.regions = {r.id: r for r in data.regions}
        self.region_ids = [r.id for r in data.regions]
        self.kind = {r.id: r.kind for r in data.regions}
        self.owner = {r.id: r.owner for r in data.regions}
        self.anchor = {r.id: r.anchor for r in data.regions}
        self.seas = [r.id for r in data.regions if r.kind == "sea"]
        self.cities_of: dict[str, list[str]] = {e: [] for e in self.empires}
        for region in data.regions:
            if region.owner is not None:
                self.cities_of[region.owner].append(region.id)
        self.capitals = {e.capital for e in data.empires}
        self.land_neighbours: dict[str, list[str]] = {r: [] for r in self.region_ids}
        for pair in data.land_borders:
            self.land_neighbours[pair.a].append(pair.b)
            self.land_neighbours[pair.b].append(pair.a)
        self.sea_neighbours: dict[str, list[str]] = {r: [] for r in self.region_ids}
        for pair in data.sea_borders:
            self.sea_neighbours[pair.a].append(pair.b)
            self.sea_neighbours[pair.b].append(pair.a)
        self.coast_seas: dict[str, list[str]] = {r: [] for r in self.region_ids}
        self.coast_lands: dict[str, list[str]] = {r: [] for r in self.region_ids}
        for coast in data.coasts:
            self.coast_seas[coast.land].append(coast.sea)
            self.coast_lands[coast.sea].append(coast.land)
        values = data.influence_values
        self.card_value: dict[str, int] = {}
        self.card_role: dict[str, str] = {}
        for empire in self.empires:
            for index, role in enumerate(data.stack_order):
                card = self.card_id(empire, role, index)
                self.card_value[card] = values.of(role)
                self.card_role[card] = CARD_ROLES.get(role, role)
            self.card_value[f"{empire}-W"] = values.worker
            self.card_role[f"{empire}-W"] = "worker_card"

    @staticmethod
    def card_id(empire: str, role: str, index: int) -> str:
        if role in ("A", "B", "C"):
            return f"{empire}-{role}"
        return f"{empire}-{role[0].upper()}{index + 1}"

    def stack(self, empire: str) -> list[str]:
        """An empire's influence stack at set-up, top card first."""
        return [
            self.card_id(empire, role, index) for index, role in enumerate(self.data.stack_order)
        ]

    def is_port(self, region: str) -> bool:
        return self.anchor[region] is not None

    def is_land(self, region: str) -> bool:
        return self.kind[region] != "sea"

    def produces(self, region: str, upgraded: bool) -> str:
        if self.is_port(region):
            return "three_master" if upgraded else "two_master"
        return "artillery" if upgraded else "infantry"


@cache
def default_board() -> Board:
    return Board(default_data())


_custom: dict[str, Board] = {}


def digest_of(raw: dict[str, Any]) -> str:
    text = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def board_from(raw: dict[str, Any] | None, digest: str | None) -> Board:
    """The board of a campaign: the shipped one, or its replacement data (cached by digest)."""
    if raw is None:
        return default_board()
    key = digest or digest_of(raw)
    board = _custom.get(key)
    if board is None:
        board = Board(parse_data(raw))
        _custom[key] = board
    return board
