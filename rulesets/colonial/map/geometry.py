"""Load the Colonial map data: geometry, the players' styles and the map's texts."""

from __future__ import annotations

from pathlib import Path

from rulesets.core.map_files import MapFiles, power_styles
from rulesets.core.scene import MapGeometry, PowerStyle

MAP_FILES = MapFiles(Path(__file__).resolve().parent, "colonial_map.json")
GEOMETRY_FILE = MAP_FILES.geometry_file
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


def load_geometry() -> MapGeometry:
    return MAP_FILES.geometry


def map_text(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The map's texts and the rules' names in `language`, English where one is missing."""
    return MAP_FILES.text(language)


def seat_styles(text: dict[str, str]) -> list[PowerStyle]:
    return power_styles(SEAT_STYLES, text)
