"""Turn the PUBLIC view of a Pax Britannica game into a map scene.

Each area shows its owners' status markers as numbered tokens (1 interest, 2 influence,
3 protectorate, 4 possession, 5 dominion or state), armies and navies by total strength,
and tags for unrest, an unestablished marker and a canal; sea zones show merchant fleets;
a cape zone (a sea zone only in war) shows its card while units stand there;
the sidebar holds the turn, phase, European Tension, Chinese Resentment and each power's
treasury, VP and fleets. Texts come from the game's catalogue in the campaign's language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from rulesets.core.scene import (
    Header,
    LegendEntry,
    MapGeometry,
    Panel,
    PanelRow,
    PieceStack,
    PowerStyle,
    RegionMarker,
    RegionScene,
    Scene,
)
from rulesets.pax_britannica.data import default_data
from rulesets.pax_britannica.map.regions import CLOSE_UP_KEYS, region_groups

MAP_DIR = Path(__file__).resolve().parent
LOCALE_DIR = MAP_DIR.parent / "locale"
LEVELS = ("interest", "influence", "protectorate", "possession", "dominion")
STYLES = {
    "britain": ("#D55E00", "GB"), "france": ("#0072B2", "FR"), "germany": ("#444444", "DE"),
    "austria_hungary": ("#CC79A7", "AH"), "usa": ("#56B4E9", "US"), "japan": ("#E69F00", "JP"),
    "russia": ("#009E73", "RU"), "italy": ("#7A9A01", "IT"), "netherlands": ("#F0E442", "NL"),
    "belgium": ("#8C564B", "BE"), "spain": ("#B22222", "ES"), "portugal": ("#6A3D9A", "PT"),
    # The natives' armies of a war: the Chinese rebels and the Ottoman Empire's.
    "china": ("#7F0000", "CN"), "ottoman": ("#2E7D32", "OT"),
}  # fmt: skip
LEGEND = (
    ("control", "pax.map.legend.status"),
    ("army", "pax.map.legend.army"),
    ("fleet", "pax.map.legend.navy"),
    ("merchant", "pax.map.legend.merchant"),
    ("marker:unrest", "pax.map.legend.unrest"),
    ("marker:status_change", "pax.map.legend.status_change"),
    ("marker:canal", "pax.map.legend.canal"),
    ("marker:ottoman", "pax.map.legend.ottoman"),
    ("badge:3·2", "pax.map.legend.values"),
)


@cache
def load_geometry() -> MapGeometry:
    """The drawn map, with the regional close-ups as the geometry's named `areas` where the
    renderer's geometry has them (the `/map region:` crop)."""
    raw = json.loads((MAP_DIR / "pax_map.json").read_text(encoding="utf-8"))
    if "areas" in MapGeometry.model_fields:
        raw["areas"] = region_groups()
    return MapGeometry.model_validate(raw)


@cache
def cape_zones() -> frozenset[str]:
    """The cape zones (Good Hope, Horn): zones only in war, drawn while units stand there."""
    return frozenset(p.id for p in default_data().passages if p.kind == "cape")


@cache
def _catalogue(language: str) -> dict[str, str]:
    path = LOCALE_DIR / f"{language}.json"
    english: dict[str, str] = json.loads((LOCALE_DIR / "en.json").read_text(encoding="utf-8"))
    if language == "en" or not path.exists():
        return english
    return {**english, **json.loads(path.read_text(encoding="utf-8"))}


def _stacks(units: list[Mapping[str, Any]], place: str) -> list[PieceStack]:
    totals: dict[tuple[str, str], int] = {}
    for unit in units:
        if unit.get("location") == place:
            kind = "army" if unit.get("kind") == "army" else "fleet"
            key = (kind, str(unit.get("power")))
            totals[key] = totals.get(key, 0) + int(unit.get("strength", 0))
    return [PieceStack(kind=k, power=p, count=n) for (k, p), n in sorted(totals.items()) if n > 0]


def scene_from_view(view: Mapping[str, Any], language: str = "en") -> Scene:
    text = _catalogue(language)

    def name(key: str) -> str:
        return text.get(f"name.{key}", key)

    geometry = load_geometry()
    markers: list[Mapping[str, Any]] = list(view.get("markers", []))
    units: list[Mapping[str, Any]] = list(view.get("units", []))
    unrest = set(view.get("unrest", []))
    canals = set(view.get("canals", {}))
    ottoman = set(view.get("ottoman_possessions", []))
    values: Mapping[str, Any] = view.get("area_values", {})
    powers: Mapping[str, Any] = view.get("powers", {})
    regions = []
    for place, geo in geometry.regions.items():
        pieces = _stacks(units, place)
        if place in cape_zones() and not pieces:
            continue
        control = {
            str(m["power"]): LEVELS.index(str(m["level"])) + 1
            for m in markers
            if m.get("area") == place and str(m.get("level")) in LEVELS
        }
        tags = [RegionMarker(kind="unrest")] if place in unrest else []
        tags += [
            RegionMarker(kind="status_change", holds=str(m["power"]))
            for m in markers
            if m.get("area") == place and not m.get("established", True)
        ]
        if place in canals:
            tags.append(RegionMarker(kind="canal"))
        if place in ottoman:
            tags.append(RegionMarker(kind="ottoman", value=5))
        if geo.kind == "sea":
            pieces += [
                PieceStack(kind="merchant", power=power, count=1)
                for power, standing in sorted(powers.items())
                if place in standing.get("merchant_fleets", [])
            ]
        ev_cc = values.get(place)
        regions.append(
            RegionScene(
                id=place,
                label=text.get(f"pax.map.place.{place}", name(place)),
                control=control,
                pieces=pieces,
                markers=tags,
                vp_text="·".join(str(v) for v in ev_cc) if ev_cc else "",
            )
        )
    phase = str(view.get("phase", ""))
    header = Header(
        title=text.get("pax.map.title", "Pax Britannica").format(year=view.get("year", "")),
        lines=[
            text.get("pax.map.phase", "{phase}").format(
                phase=text.get(f"phase.pax-britannica.{phase}", phase)
            ),
            text.get("pax.map.tension", "{tension}").format(tension=view.get("tension", 0)),
            text.get("pax.map.resentment", "{resentment}").format(
                resentment=view.get("resentment", 0)
            ),
        ],
    )
    majors = [str(p) for p in view.get("majors", [])]
    table = Panel(
        title=text.get("pax.map.powers", "Powers"),
        columns=[text.get(f"pax.map.col.{c}", c) for c in ("power", "treasury", "vp", "fleets")],
        rows=[
            PanelRow(
                power=power,
                values=[
                    str(powers.get(power, {}).get("treasury", 0)),
                    str(powers.get(power, {}).get("vp", 0)),
                    str(len(powers.get(power, {}).get("merchant_fleets", []))),
                ],
            )
            for power in majors
        ],
    )
    captions = {
        "marker.unrest": text.get("pax.map.tag.unrest", "U"),
        "marker.status_change": text.get("pax.map.tag.status_change", "SC"),
        "marker.canal": text.get("pax.map.tag.canal", "C"),
        **{key: text.get(key, key) for key in CLOSE_UP_KEYS},
    }
    return Scene(
        map_id=geometry.id,
        header=header,
        powers=[
            PowerStyle(power=p, name=name(p), colour=colour, letter=letter)
            for p, (colour, letter) in STYLES.items()
        ],
        regions=regions,
        panels=[table],
        legend=[LegendEntry(symbol=s, label=text.get(k, k)) for s, k in LEGEND],
        legend_title=text.get("pax.map.legend", "Legend"),
        captions=captions,
        language=language,
    )
