"""Load the Struggle of Empires map data: geometry, power styles and the map's texts."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from rulesets.core.scene import MapGeometry, PowerStyle

MAP_DIR = Path(__file__).resolve().parent
GEOMETRY_FILE = MAP_DIR / "struggle_map.json"
STYLES_FILE = MAP_DIR / "styles.json"
TEXT_FILE = MAP_DIR / "text.json"
# The rules' own catalogues name every tile (`name.<tile id>`); the map reuses those names.
RULES_LOCALE_DIR = MAP_DIR.parent / "locale"
DEFAULT_LANGUAGE = "en"


class _StyleEntry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    colour: str
    letter: str


class MapStyles(BaseModel):
    """Each power's colour (Okabe-Ito, safe for colour-blind players) and letter."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    powers: dict[str, _StyleEntry]

    def power_styles(self, names: dict[str, str]) -> list[PowerStyle]:
        return [
            PowerStyle(
                power=power,
                name=names.get(f"name.{power}", power),
                colour=entry.colour,
                letter=entry.letter,
            )
            for power, entry in self.powers.items()
        ]


@cache
def load_geometry() -> MapGeometry:
    return MapGeometry.model_validate(json.loads(GEOMETRY_FILE.read_text(encoding="utf-8")))


@cache
def load_styles() -> MapStyles:
    return MapStyles.model_validate(json.loads(STYLES_FILE.read_text(encoding="utf-8")))


@cache
def _catalogues() -> dict[str, dict[str, str]]:
    raw: dict[str, dict[str, str]] = json.loads(TEXT_FILE.read_text(encoding="utf-8"))
    return raw


def languages() -> list[str]:
    return sorted(_catalogues())


def map_text(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The map's texts in `language`, English where a text is missing or the language unknown."""
    catalogues = _catalogues()
    return {**catalogues[DEFAULT_LANGUAGE], **catalogues.get(language, {})}


@cache
def _rules_catalogue(language: str) -> dict[str, str]:
    path = RULES_LOCALE_DIR / f"{language}.json"
    if not path.exists():
        return {}
    raw: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return raw


def tile_name(tile: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A tile's name as the rules' catalogue gives it, in English if not in `language`."""
    key = f"name.{tile}"
    return (
        _rules_catalogue(language).get(key)
        or _rules_catalogue(DEFAULT_LANGUAGE).get(key)
        or tile.replace("_", " ").capitalize()
    )
