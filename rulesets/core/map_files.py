"""A game's map files: its geometry JSON, its own texts, and the rules' names it reuses.

Each game keeps `map/<game>_map.json` (geometry), `map/text.json` (the map's own texts by
language) and reuses its catalogues' `name.<id>` entries; `MapFiles` reads them once.
"""

from __future__ import annotations

import json
from functools import cached_property
from pathlib import Path

from rulesets.core.scene import MapGeometry, PowerStyle

DEFAULT_LANGUAGE = "en"


class MapFiles:
    def __init__(self, map_dir: Path, geometry_name: str) -> None:
        self.geometry_file = map_dir / geometry_name
        self.text_file = map_dir / "text.json"
        self.rules_locale_dir = map_dir.parent / "locale"
        self._names: dict[str, dict[str, str]] = {}

    @cached_property
    def geometry(self) -> MapGeometry:
        raw = json.loads(self.geometry_file.read_text(encoding="utf-8"))
        return MapGeometry.model_validate(raw)

    @cached_property
    def _catalogues(self) -> dict[str, dict[str, str]]:
        raw: dict[str, dict[str, str]] = json.loads(self.text_file.read_text(encoding="utf-8"))
        return raw

    def _rules_names(self, language: str) -> dict[str, str]:
        if language not in self._names:
            path = self.rules_locale_dir / f"{language}.json"
            raw: dict[str, str] = (
                json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
            )
            self._names[language] = {k: v for k, v in raw.items() if k.startswith("name.")}
        return self._names[language]

    def text(self, language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
        """The map's texts and the rules' names in `language`, English where one is missing."""
        return {
            **self._rules_names(DEFAULT_LANGUAGE),
            **self._rules_names(language),
            **self._catalogues[DEFAULT_LANGUAGE],
            **self._catalogues.get(language, {}),
        }


def power_styles(styles: dict[str, tuple[str, str]], text: dict[str, str]) -> list[PowerStyle]:
    """Each power or seat's colour and letter, named by the map's texts."""
    return [
        PowerStyle(power=power, name=text.get(f"name.{power}", power), colour=colour, letter=letter)
        for power, (colour, letter) in styles.items()
    ]
