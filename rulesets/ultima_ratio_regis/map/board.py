"""The board the map draws: zones with their coordinates, links, minor powers and powers'
colours, from the shipped data file or, when a group replaced it, from the public view
(its `map_data`)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from rulesets.ultima_ratio_regis.data import CampaignData, default_data


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class MapZone(_Frozen):
    id: str
    kind: str
    terrain: str
    key: bool
    x: int
    y: int


class MapLink(_Frozen):
    a: str
    b: str
    kind: str


class MapMinor(_Frozen):
    id: str
    zones: tuple[str, ...]


class MapPower(_Frozen):
    id: str
    colour: str


class MapBoard(_Frozen):
    zones: tuple[MapZone, ...]
    links: tuple[MapLink, ...]
    minors: tuple[MapMinor, ...] = ()
    powers: tuple[MapPower, ...]

    def has_coordinates(self) -> bool:
        """Whether the file places the zones: no two of them share a position (a file
        that gives none writes 0, 0 for every zone)."""
        return len({(zone.x, zone.y) for zone in self.zones}) == len(self.zones)


def board_from(data: CampaignData) -> MapBoard:
    return MapBoard.model_validate(
        {
            "zones": [zone.model_dump() for zone in data.zones],
            "links": [link.model_dump() for link in data.links],
            "minors": [minor.model_dump() for minor in data.minors],
            "powers": [power.model_dump() for power in data.powers],
        }
    )


@cache
def shipped_board() -> MapBoard:
    return board_from(default_data())


def board_of(view: Mapping[str, Any]) -> MapBoard:
    """The campaign's board: the group's own when its view carries one."""
    raw = view.get("map_data")
    if not isinstance(raw, Mapping):
        return shipped_board()
    return MapBoard.model_validate(raw)
