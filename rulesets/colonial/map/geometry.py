"""Load the Colonial map data: geometry, the players' styles and the map's texts."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rulesets.core.scene import MapGeometry, PowerStyle

MAP_DIR = Path(__file__).resolve().parent
GEOMETRY_FILE = MAP_DIR / "colonial_map.json"
TEXT_FILE = MAP_DIR / "text.json"
RULES_LOCALE_DIR = MAP_DIR.parent / "locale"
DEFAULT_LANGUAGE = "en"

# Each player's colour, with a letter so that colour is never the only clue.
SEAT_STYLES = {
    "col_red": ("#D55E00", "R"),
    "col_blue": ("#0072B2", "B"),
    "col_green": ("#009E73", "G"),
    "col_yellow": ("#F0E442", "Y"),
    "col_black": ("#000000", "K"),
    "col_white": ("#FFFFFF", "W"),
}


@cache
def load_geometry() -> MapGeometry:
    return MapGeometry.model_validate(json.loads(GEOMETRY_FILE.read_text(encoding="utf-8")))


@cache
def _map_catalogues() -> dict[str, dict[str, str]]:
    raw: dict[str, dict[str, str]] = json.loads(TEXT_FILE.read_text(encoding="utf-8"))
    return raw


@cache
def _rules_names(language: str) -> dict[str, str]:
    path = RULES_LOCALE_DIR / f"{language}.json"
    if not path.exists():
        return {}
    raw: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return {key: value for key, value in raw.items() if key.startswith("name.")}


def map_text(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The map's texts and the rules' names in `language`, English where one is missing."""
    catalogues = _map_catalogues()
    return {
        **_rules_names(DEFAULT_LANGUAGE),
        **_rules_names(language),
        **catalogues[DEFAULT_LANGUAGE],
        **catalogues.get(language, {}),
    }


def seat_styles(text: dict[str, str]) -> list[PowerStyle]:
    return [
        PowerStyle(power=seat, name=text.get(f"name.{seat}", seat), colour=colour, letter=letter)
        for seat, (colour, letter) in SEAT_STYLES.items()
    ]
