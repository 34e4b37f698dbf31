"""Load the Struggle of Empires map geometry and power styles from their JSON files."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from rulesets.core.scene import MapGeometry, PowerStyle

MAP_DIR = Path(__file__).resolve().parent
GEOMETRY_FILE = MAP_DIR / "struggle_map.json"
STYLES_FILE = MAP_DIR / "styles.json"


class _StyleEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    colour: str
    letter: str


class MapStyles(BaseModel):
    """Each power's colour and letter, and each region's display name (English)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    powers: dict[str, _StyleEntry]
    region_names: dict[str, str]

    def power_styles(self) -> list[PowerStyle]:
        return [
            PowerStyle(power=power, name=entry.name, colour=entry.colour, letter=entry.letter)
            for power, entry in self.powers.items()
        ]


@cache
def load_geometry() -> MapGeometry:
    return MapGeometry.model_validate(json.loads(GEOMETRY_FILE.read_text(encoding="utf-8")))


@cache
def load_styles() -> MapStyles:
    return MapStyles.model_validate(json.loads(STYLES_FILE.read_text(encoding="utf-8")))
