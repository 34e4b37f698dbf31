"""Build the Empires map geometry (rulesets/empires/map/empires_map.json).

Our own drawing, from the rules data and Natural Earth's public-domain coasts: each region
starts as the Voronoi cell of its drawing anchor (the points nearer to it than to any other
anchor), cut to a disc around the anchor so that edge regions stay compact; then, from
empires_coasts.json (converted once by convert_natural_earth.py, the world's land bent onto
the board's anchors), a land region is the land in its cell and a sea region the sea in it.
Sea cells take the sea's blue, land the parchment, and a city its empire's pale tint. No
scan or trace of the printed board.

Run `python assets/maps/build_empires_map.py` after changing the data or the look; a test
checks that the committed JSON is what this script builds.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
COASTS_FILE = Path(__file__).resolve().parent / "empires_coasts.json"
COAST = "#6F6047"
DATA = ROOT / "rulesets" / "empires" / "data" / "empires.json"
OUTPUT = ROOT / "rulesets" / "empires" / "map" / "empires_map.json"

# The data's anchors live in a 1000 x 700 frame; the map stretches them to 1600 x 1050.
SCALE_X, SCALE_Y = 1.6, 1.5
MAP_WIDTH, MAP_HEIGHT = 1000 * SCALE_X, 700 * SCALE_Y + 20
SIDEBAR_WIDTH = 420
MARGIN = 8.0
# No cell reaches further than this from its anchor, in map units: a sea at the edge of the
# frame would otherwise cover the whole border.
CELL_RADIUS = 120.0
CIRCLE_STEPS = 28
CARD_WIDTH = 96.0
CARD_HEIGHT = 19.0

SEA = "#A9C7D9"
OPEN_SEA = "#B7D2E1"
LAND = "#ECE2C6"
# Okabe-Ito colours; each empire also carries a letter, so colour is never the only cue.
EMPIRE_COLOURS = {
    "PR": "#000000",
    "HB": "#F0E442",
    "RU": "#009E73",
    "ES": "#CC79A7",
    "OT": "#E69F00",
    "FR": "#0072B2",
    "GB": "#D55E00",
}


def tint(hex_colour: str, amount: float) -> str:
    """`amount` of the way from the land colour to `hex_colour`."""
    ink = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    land = [int(LAND[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(b + (c - b) * amount):02X}" for c, b in zip(ink, land))


Point = tuple[float, float]


def clip(polygon: list[Point], inside: Point, outside: Point) -> list[Point]:
    """The part of a convex polygon nearer to `inside` than to `outside` (a half-plane cut)."""
    mid = ((inside[0] + outside[0]) / 2, (inside[1] + outside[1]) / 2)
    normal = (outside[0] - inside[0], outside[1] - inside[1])

    def side(p: Point) -> float:
        return (p[0] - mid[0]) * normal[0] + (p[1] - mid[1]) * normal[1]

    result: list[Point] = []
    for index, current in enumerate(polygon):
        previous = polygon[index - 1]
        s_cur, s_prev = side(current), side(previous)
        if (s_cur <= 0) != (s_prev <= 0):
            t = s_prev / (s_prev - s_cur)
            result.append(
                (
                    previous[0] + t * (current[0] - previous[0]),
                    previous[1] + t * (current[1] - previous[1]),
                )
            )
        if s_cur <= 0:
            result.append(current)
    return result


def disc(centre: Point) -> list[Point]:
    return [
        (
            min(
                max(centre[0] + CELL_RADIUS * math.cos(2 * math.pi * k / CIRCLE_STEPS), MARGIN),
                MAP_WIDTH,
            ),
            min(
                max(centre[1] + CELL_RADIUS * math.sin(2 * math.pi * k / CIRCLE_STEPS), MARGIN),
                MAP_HEIGHT - MARGIN,
            ),
        )
        for k in range(CIRCLE_STEPS)
    ]


def cell(anchor: Point, others: list[Point]) -> list[Point]:
    polygon = disc(anchor)
    for other in others:
        polygon = clip(polygon, anchor, other)
    return [(round(x, 1), round(y, 1)) for x, y in polygon]


def region_fill(region: dict[str, Any]) -> str:
    if region["kind"] == "sea":
        return OPEN_SEA
    if region["owner"]:
        return tint(EMPIRE_COLOURS[region["owner"]], 0.3)
    return LAND


def region_entry(region: dict[str, Any], anchor: Point, others: list[Point]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "kind": region["kind"],
        "outline": cell(anchor, others),
        "fill": region_fill(region),
        "smooth": 0,
        "anchor": list(anchor),
        # The card's title band sits on the anchor and shows the region's name.
        "card": {
            "x": round(anchor[0] - CARD_WIDTH / 2, 1),
            "y": round(anchor[1] - CARD_HEIGHT / 2, 1),
            "width": CARD_WIDTH,
            "height": CARD_HEIGHT,
        },
    }
    if region["owner"]:
        entry["band"] = EMPIRE_COLOURS[region["owner"]]
    return entry


def anchors_of(data: dict[str, Any]) -> dict[str, Point]:
    """Each region's drawing anchor on the map, from the rules data's 1000 x 700 frame."""
    return {
        region["id"]: (region["x"] * SCALE_X, region["y"] * SCALE_Y + 10)
        for region in data["regions"]
    }


def build() -> dict[str, Any]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    anchors = anchors_of(data)
    regions = {
        region["id"]: region_entry(
            region,
            anchors[region["id"]],
            [point for other, point in anchors.items() if other != region["id"]],
        )
        for region in data["regions"]
    }
    art: list[dict[str, Any]] = []
    if COASTS_FILE.exists():
        coasts = json.loads(COASTS_FILE.read_text(encoding="utf-8"))
        art = [
            {"points": points, "fill": LAND, "outline": COAST, "smooth": 0}
            for points in coasts["land"]
        ]
        for region_id, outline in coasts["regions"].items():
            regions[region_id]["outline"] = outline
    return {
        "id": "empires",
        "width": MAP_WIDTH + SIDEBAR_WIDTH,
        "height": MAP_HEIGHT,
        "background": SEA,
        "art": art,
        "regions": regions,
        "sidebar": {
            "x": MAP_WIDTH + 8,
            "y": 8,
            "width": SIDEBAR_WIDTH - 16,
            "height": MAP_HEIGHT - 16,
        },
        # Every region's name at its anchor, worded by the scene in the campaign's language;
        # a region that holds something shows its card (with the name) over it.
        "captions": [[f"name.{region_id}", list(anchor)] for region_id, anchor in anchors.items()],
    }


def main() -> None:
    OUTPUT.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
