"""Load the Empires map data: geometry, empire styles and the map's texts."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rulesets.core.scene import MapGeometry, PowerStyle

MAP_DIR = Path(__file__).resolve().parent
GEOMETRY_FILE = MAP_DIR / "empires_map.json"
TEXT_FILE = MAP_DIR / "text.json"
# The rules' catalogues name every empire and region (`name.<id>`); the map reuses them.
RULES_LOCALE_DIR = MAP_DIR.parent / "locale"
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


def empire_styles(text: dict[str, str]) -> list[PowerStyle]:
    return [
        PowerStyle(
            power=empire, name=text.get(f"name.{empire}", empire), colour=colour, letter=letter
        )
        for empire, (colour, letter) in EMPIRE_STYLES.items()
    ]
