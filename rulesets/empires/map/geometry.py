"""Load the Empires map data: geometry, empire styles and the map's texts."""

from __future__ import annotations

from pathlib import Path

from rulesets.core.map_files import MapFiles, power_styles
from rulesets.core.scene import MapGeometry, PowerStyle

MAP_FILES = MapFiles(Path(__file__).resolve().parent, "empires_map.json")
GEOMETRY_FILE = MAP_FILES.geometry_file
DEFAULT_LANGUAGE = "en"

# Okabe-Ito colours (safe for colour-blind players), each with the empire's letter.
EMPIRE_STYLES = {
    "PR": ("#000000", "P"),
    "HB": ("#F0E442", "H"),
    "RU": ("#009E73", "R"),
    "ES": ("#CC79A7", "E"),
    "OT": ("#E69F00", "O"),
    "FR": ("#0072B2", "F"),
    "GB": ("#D55E00", "G"),
}


def load_geometry() -> MapGeometry:
    return MAP_FILES.geometry


def map_text(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """The map's texts and the rules' names in `language`, English where one is missing."""
    return MAP_FILES.text(language)


def empire_styles(text: dict[str, str]) -> list[PowerStyle]:
    return power_styles(EMPIRE_STYLES, text)
