"""Build rulesets/colonial/map/colonial_map.json: our own schematic drawing of the colonial
world. The three continents are drawn as land masses; each Territory is a rounded box at
its place in the world, named on the map, with a card for its Resources and counters;
Europe is only a label. Run: python assets/maps/build_colonial_map.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[2] / "rulesets" / "colonial" / "map" / "colonial_map.json"
WIDTH, HEIGHT, SIDEBAR = 1800.0, 1000.0, 420.0
BOX_W, BOX_H = 124.0, 100.0
CONTINENT_FILL = {"america": "#D9C9A3", "africa": "#E3C48F", "asia": "#CFD6A4"}
# Centre of each Territory's box, in design units.
PLACES: dict[str, tuple[str, float, float]] = {
    "canada": ("america", 260, 95),
    "wild_west": ("america", 120, 210),
    "new_france": ("america", 330, 205),
    "new_england": ("america", 380, 318),
    "california": ("america", 75, 335),
    "new_spain": ("america", 205, 395),
    "west_indies": ("america", 380, 440),
    "guianas": ("america", 395, 570),
    "peru": ("america", 215, 640),
    "brazil": ("america", 370, 695),
    "la_plata": ("america", 260, 850),
    "egypt": ("africa", 715, 330),
    "west_africa": ("africa", 565, 455),
    "congo": ("africa", 655, 600),
    "east_africa": ("africa", 790, 560),
    "angola": ("africa", 600, 745),
    "cape": ("africa", 690, 880),
    "madagascar": ("africa", 835, 760),
    "levant": ("asia", 850, 230),
    "arabia": ("asia", 880, 385),
    "persia": ("asia", 985, 255),
    "india": ("asia", 1055, 400),
    "ceylon": ("asia", 1070, 545),
    "indochina": ("asia", 1190, 400),
    "china": ("asia", 1230, 250),
    "japan": ("asia", 1315, 140),
    "philippines": ("asia", 1318, 410),
    "east_indies": ("asia", 1230, 575),
    "australia": ("asia", 1270, 820),
}
LANDS = {
    "america": [(20, 30), (470, 30), (470, 500), (470, 930), (170, 930), (20, 420)],
    "africa": [(500, 270), (900, 270), (900, 940), (540, 940), (500, 560)],
    "asia": [(780, 80), (1378, 80), (1378, 660), (1150, 660), (780, 470)],
    "oceania": [(1170, 740), (1370, 740), (1370, 900), (1170, 900)],
    "europe": [(540, 60), (760, 60), (760, 210), (540, 210)],
}


def box(x: float, y: float) -> list[list[float]]:
    """An octagon: a box with cut corners, read as a land patch rather than a button."""
    w, h, c = BOX_W / 2, BOX_H / 2, 14.0
    return [
        [x - w + c, y - h],
        [x + w - c, y - h],
        [x + w, y - h + c],
        [x + w, y + h - c],
        [x + w - c, y + h],
        [x - w + c, y + h],
        [x - w, y + h - c],
        [x - w, y - h + c],
    ]


def region(continent: str, x: float, y: float) -> dict[str, Any]:
    return {
        "kind": continent,
        "outline": box(x, y),
        "fill": CONTINENT_FILL[continent],
        "smooth": 0,
        "anchor": [x, y],
        "card": {
            "x": x - BOX_W / 2 + 4,
            "y": y - BOX_H / 2 + 20,
            "width": BOX_W - 8,
            "height": 19.0,
        },
    }


def build() -> dict[str, Any]:
    art = [
        {
            "points": [list(point) for point in points],
            "fill": "#B9A98A" if name != "europe" else "#C9C2B4",
            "outline": "#8E7F66",
            "smooth": 3,
            "layer": 0,
        }
        for name, points in LANDS.items()
    ]
    # Every Territory always shows its card, titled with its name; Europe is a label only.
    captions = [["europe", [650.0, 135.0]]]
    return {
        "id": "colonial",
        "width": WIDTH,
        "height": HEIGHT,
        "background": "#9DBFD3",
        "art": art,
        "regions": {tid: region(c, x, y) for tid, (c, x, y) in PLACES.items()},
        "sidebar": {
            "x": WIDTH - SIDEBAR + 8,
            "y": 8.0,
            "width": SIDEBAR - 16,
            "height": HEIGHT - 16,
        },
        "captions": captions,
    }


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), indent=1) + "\n", encoding="utf-8")
