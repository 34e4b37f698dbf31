"""Writes pax_map.json, the map of 1880: Natural Earth coastlines and our own area layout.

Run once by hand with the path of Natural Earth's public-domain 1:110m countries shapefile
(`ne_110m_admin_0_countries.shp`, shipped inside several PyPI packages):

    python rulesets/pax_britannica/map/make_map.py path/to/ne_110m_admin_0_countries.shp

The coastlines are drawn as plain land (no modern borders); each of the 104 areas, the
12 sea zones, the 2 cape zones and the home nations is a small badge at its place in the
world, with a card beside it for its markers and units. Nothing is downloaded at run time.
"""

from __future__ import annotations

import itertools
import json
import math
import struct
import sys
from pathlib import Path
from typing import Any

OUT = Path(__file__).with_name("pax_map.json")
MAP_WIDTH, HEIGHT, SIDEBAR = 2000.0, 1000.0, 420.0
WEST, EAST, NORTH, SOUTH = -170.0, 190.0, 80.0, -56.0
LAND, COAST, SEA, BADGE = "#E9DFC0", "#A89868", "#BBD3E6", "#F7F1DC"
SEA_BADGE = "#9CBFDB"
CARD_W, CARD_H = 74.0, 20.0

# Where each place lies (longitude, latitude): our own layout of the game's boxes.
PLACES: dict[str, tuple[float, float]] = {
    "alaska": (-152, 63),
    "canada": (-100, 56),
    "mexico": (-102, 23),
    "central_america": (-88, 15),
    "panama": (-80, 8.5),
    "cuba": (-79, 22),
    "puerto_rico": (-66, 18),
    "west_indies": (-62, 14),
    "hawaii": (-157, 20),
    "colombia": (-74, 4),
    "venezuela": (-66, 7),
    "guiana": (-58, 5),
    "ecuador": (-79, -1.5),
    "peru": (-75, -10),
    "bolivia": (-64, -17),
    "chile": (-71, -30),
    "brazil": (-50, -10),
    "argentina": (-64, -34),
    "patagonia": (-69, -46),
    "morocco": (-7, 32),
    "algeria": (3, 33),
    "tunisia": (9.5, 35),
    "tripoli": (17, 30),
    "egypt": (30, 27),
    "rio_de_oro": (-14, 24),
    "mauritania": (-11, 19),
    "senegal": (-15, 14),
    "guinea": (-11, 10.5),
    "sierra_leone": (-12.5, 8),
    "liberia": (-9.5, 6),
    "ivory_coast": (-5.5, 7),
    "ashantee": (-1.5, 7.5),
    "dahomey": (2.3, 9),
    "nigeria": (8, 9.5),
    "tuareg": (5, 21),
    "chad": (18, 15),
    "cameroon": (12, 5),
    "gabon": (11, -0.5),
    "ubangi": (20, 5),
    "congo": (23, -2),
    "angola": (17, -12),
    "katanga": (27, -10),
    "south_west_africa": (17, -22),
    "cape_colony": (21, -31),
    "transvaal": (29, -25),
    "bechuanaland": (23, -23),
    "rhodesia": (30, -18),
    "mozambique": (36, -17),
    "nyasaland": (34, -12),
    "tanganyika": (35, -6),
    "kenya": (38, 0),
    "uganda": (32, 2),
    "sudan": (31, 15),
    "abyssinia": (39, 9),
    "eritrea": (39, 16),
    "berbera": (45, 10),
    "somalia": (46, 4),
    "madagascar": (47, -19),
    "serbia": (20.5, 44),
    "romania": (25, 46),
    "bulgaria": (25.5, 42.5),
    "greece": (22, 39),
    "anatolia": (33, 39),
    "syria": (37, 34),
    "mesopotamia": (44, 33),
    "kuwait": (47.5, 29),
    "arabia": (44, 23),
    "oman": (57, 21),
    "aden": (45, 13),
    "persia": (54, 32),
    "afghanistan": (66, 34),
    "turkestan": (64, 41),
    "punjab": (74, 31),
    "baluchistan": (64, 27),
    "bombay": (74, 19),
    "bengal": (86, 24),
    "madras": (79, 12),
    "ceylon": (81, 7.5),
    "burma": (96, 21),
    "siam": (101, 15),
    "malaya": (102, 4),
    "indochina": (106, 11),
    "tonkin": (105, 20),
    "dutch_east_indies": (112, -4),
    "borneo": (115, 3),
    "philippines": (122, 12),
    "yunnan": (101, 25),
    "kwangtung": (113, 23),
    "hong_kong": (115, 21),
    "yangtze": (116, 30),
    "szechwan": (104, 30),
    "chihli": (116, 39),
    "manchuria": (126, 45),
    "korea": (127.5, 37.5),
    "formosa": (121, 23.5),
    "mongolia": (103, 46),
    "tibet": (88, 32),
    "sinkiang": (84, 41),
    "australia": (134, -25),
    "new_zealand": (173, -41),
    "new_guinea": (143, -6),
    "fiji": (178, -17.5),
    "samoa": (188, -14),
    "polynesia": (185, -25),
}
HOMES: dict[str, tuple[float, float]] = {
    "britain": (-2, 53.5),
    "france": (2.5, 47),
    "germany": (10.5, 51.5),
    "austria_hungary": (17, 47.5),
    "usa": (-95, 39),
    "japan": (138, 36.5),
    "russia": (45, 57),
    "italy": (12.5, 42.5),
    "netherlands": (5.5, 55),
    "belgium": (4.5, 50.3),
    "spain": (-4, 40),
    "portugal": (-10, 38.5),
}
SEAS: dict[str, tuple[float, float]] = {
    "north_sea": (3, 58),
    "baltic": (19, 58),
    "north_atlantic": (-40, 40),
    "caribbean": (-76, 14),
    "south_atlantic": (-20, -20),
    "mediterranean": (18, 35.5),
    "black_sea": (34.5, 43.5),
    "indian_ocean": (75, -12),
    "south_china_sea": (113, 13),
    "north_china_sea": (127, 31),
    "north_pacific": (-160, 35),
    "south_pacific": (-120, -30),
}
# The cape zones (the data's `cape` passages), sea zones only in war: south of their capes.
CAPES: dict[str, tuple[float, float]] = {
    "cape_of_good_hope": (18.5, -36),
    "cape_horn": (-64, -51),
}
POWER_COLOURS = {
    "britain": "#D55E00",
    "france": "#0072B2",
    "germany": "#444444",
    "austria_hungary": "#CC79A7",
    "usa": "#56B4E9",
    "japan": "#E69F00",
    "russia": "#009E73",
    "italy": "#7A9A01",
    "netherlands": "#F0E442",
    "belgium": "#8C564B",
    "spain": "#B22222",
    "portugal": "#6A3D9A",
}


def project(lon: float, lat: float) -> tuple[float, float]:
    if lon < WEST:
        lon += 360
    x = (lon - WEST) / (EAST - WEST) * MAP_WIDTH
    y = (NORTH - lat) / (NORTH - SOUTH) * HEIGHT
    return round(x, 1), round(y, 1)


def read_rings(path: Path) -> list[list[tuple[float, float]]]:
    """Every polygon ring of a shapefile of polygons (shape type 5), in lon/lat."""
    data = path.read_bytes()
    rings: list[list[tuple[float, float]]] = []
    offset = 100
    while offset < len(data):
        _, length = struct.unpack(">ii", data[offset : offset + 8])
        body = data[offset + 8 : offset + 8 + 2 * length]
        offset += 8 + 2 * length
        if struct.unpack("<i", body[:4])[0] != 5:
            continue
        parts, points = struct.unpack("<ii", body[36:44])
        starts = [*list(struct.unpack(f"<{parts}i", body[44 : 44 + 4 * parts])), points]
        base = 44 + 4 * parts
        coords = [
            struct.unpack("<dd", body[base + 16 * i : base + 16 * i + 16]) for i in range(points)
        ]
        for a, b in itertools.pairwise(starts):
            rings.append(coords[a:b])
    return rings


def clip(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Project a ring, dropping points closer than 2.5 units; rings wholly off the map go."""
    shifted = ring
    if all(lon < -100 for lon, _ in ring) and any(lon < WEST for lon, _ in ring):
        shifted = [(lon + 360, lat) for lon, lat in ring]
    out: list[tuple[float, float]] = []
    for lon, lat in shifted:
        lat = max(SOUTH - 4, min(NORTH + 4, lat))
        x = (lon - WEST) / (EAST - WEST) * MAP_WIDTH
        y = (NORTH - lat) / (NORTH - SOUTH) * HEIGHT
        if not out or math.dist(out[-1], (x, y)) >= 2.5:
            out.append((round(x, 1), round(y, 1)))
    return out


def area_of(points: list[tuple[float, float]]) -> float:
    return (
        abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1])))
        / 2
    )


def badge(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    return [
        (
            round(x + radius * math.cos(math.pi / 3 * k + math.pi / 6), 1),
            round(y + radius * math.sin(math.pi / 3 * k + math.pi / 6), 1),
        )
        for k in range(6)
    ]


def region(
    kind: str, x: float, y: float, radius: float, fill: str, band: str | None = None
) -> dict[str, Any]:
    card_x = min(max(4.0, x - CARD_W / 2), MAP_WIDTH - CARD_W - 4)
    card_y = min(y + radius + 2, HEIGHT - CARD_H - 4)
    record: dict[str, Any] = {
        "kind": kind,
        "outline": badge(x, y, radius),
        "fill": fill,
        "smooth": 0,
        "anchor": (x, y),
        "card": {"x": round(card_x, 1), "y": round(card_y, 1), "width": CARD_W, "height": CARD_H},
    }
    if band:
        record["band"] = band
    return record


def geometry(shapefile: Path) -> dict[str, Any]:
    art = []
    for ring in read_rings(shapefile):
        points = clip(ring)
        if len(points) >= 3 and area_of(points) >= 12:
            art.append({"points": points, "fill": LAND, "outline": COAST, "smooth": 0, "layer": 0})
    regions: dict[str, Any] = {}
    for area, (lon, lat) in PLACES.items():
        regions[area] = region("area", *project(lon, lat), 7, BADGE)
    for power, (lon, lat) in HOMES.items():
        regions[power] = region(
            "home", *project(lon, lat), 10, POWER_COLOURS[power], POWER_COLOURS[power]
        )
    for sea, (lon, lat) in SEAS.items():
        regions[sea] = region("sea", *project(lon, lat), 9, SEA_BADGE)
    for cape, (lon, lat) in CAPES.items():
        regions[cape] = region("sea", *project(lon, lat), 9, SEA_BADGE)
    return {
        "id": "pax-britannica-1880",
        "width": MAP_WIDTH + SIDEBAR,
        "height": HEIGHT,
        "background": SEA,
        "art": art,
        "regions": regions,
        "sidebar": {"x": MAP_WIDTH + 10, "y": 10, "width": SIDEBAR - 20, "height": HEIGHT - 20},
        "captions": [],
    }


if __name__ == "__main__":
    OUT.write_text(
        json.dumps(geometry(Path(sys.argv[1])), separators=(",", ":")) + "\n", encoding="utf-8"
    )
    print(f"wrote {OUT}")
