"""Build the Struggle of Empires map geometry (rulesets/struggle/map/struggle_map.json).

Our own drawing, from data: Europe, North Africa and the Near East are Natural Earth's
public-domain coasts (struggle_coasts.json, converted once by convert_natural_earth.py),
the regions typed by hand as rough longitude/latitude points, projected onto the map and
fitted to those coasts; the Americas and the Indies are stylised insets drawn in map units.
No scan or trace of the printed board.

Edit the points here, then run `python assets/maps/build_struggle_map.py` and look at the
result (tests/render/golden, rewritten with COURIER_UPDATE_GOLDEN=1). A test checks that
the committed JSON is what this script builds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

OUTPUT = Path(__file__).resolve().parents[2] / "rulesets" / "struggle" / "map" / "struggle_map.json"

SEA = "#A9C7D9"
INSET_SEA = "#B4D0DF"
LAND = "#ECE2C6"
COAST = "#6F6047"
EUROPE = "#DCC08E"
COLONY = "#B9D29A"
POWERS = {
    "GBR": ("Great Britain", "#D55E00", "G"),
    "FRA": ("France", "#0072B2", "F"),
    "PRU": ("Prussia", "#000000", "P"),
    "AUS": ("Austria", "#F0E442", "A"),
    "SPA": ("Spain", "#CC79A7", "S"),
    "RUS": ("Russia", "#009E73", "R"),
    "UPR": ("United Provinces", "#E69F00", "U"),
}


def tint(hex_colour: str, amount: float = 0.32) -> str:
    """`amount` of the way from the land colour to `hex_colour`: a home's pale fill."""
    colour = [int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)]
    land = [int(LAND[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(base + (ink - base) * amount) for ink, base in zip(colour, land)]
    return "#" + "".join(f"{channel:02X}" for channel in mixed)


# Longitude -10 falls at x 539.2 and latitude 71 at y 15; a degree is 12.4 units east-west
# and 16.25 north-south (stretched as on a map of Europe at about 40 degrees north).
X0, Y0, SX, SY = 539.2, 15, 12.4, 16.25


def at(lon: float, lat: float) -> list[float]:
    """The map point of a longitude and latitude (an equirectangular projection)."""
    return [round(X0 + (lon + 10) * SX, 1), round(Y0 + (71 - lat) * SY, 1)]


def proj(points: list[tuple[float, float]]) -> list[list[float]]:
    return [at(*p) for p in points]


# The coast from the Levant round Anatolia and Greece to the Adriatic: the mainland's
# outline and the Ottoman Empire's region share it.
LEVANT_TO_ADRIATIC = [
    (47.0, 36.8),
    (36.2, 36.6),
    (35.0, 36.8),
    (32.5, 36.1),
    (30.6, 36.8),
    (28.2, 36.7),
    (27.2, 37.9),
    (26.7, 38.5),
    (26.2, 39.5),
    (26.5, 40.3),
    (26.0, 40.8),
    (24.0, 40.8),
    (22.9, 40.6),
    (23.6, 39.2),
    (22.9, 38.0),
    (23.0, 36.5),
    (22.5, 36.6),
    (21.7, 36.9),
    (21.2, 37.8),
    (21.1, 38.5),
    (20.1, 39.6),
    (19.4, 40.5),
    (19.5, 41.8),
    (18.5, 42.5),
    (17.5, 43.0),
]

MAINLAND = [
    (-5.6, 36.0),
    (-7.5, 37.0),
    (-8.9, 37.0),
    (-9.5, 38.7),
    (-8.8, 42.0),
    (-9.3, 43.0),
    (-7.7, 43.7),
    (-3.8, 43.5),
    (-1.5, 43.4),
    (-1.2, 46.0),
    (-2.2, 47.2),
    (-4.7, 48.4),
    (-1.5, 48.7),
    (-1.6, 49.6),
    (0.2, 49.6),
    (1.8, 50.9),
    (3.2, 51.3),
    (4.3, 52.2),
    (4.8, 53.0),
    (6.9, 53.4),
    (8.6, 53.9),
    (8.6, 55.5),
    (8.1, 56.6),
    (9.6, 57.3),
    (10.6, 57.7),
    (10.3, 56.2),
    (10.9, 55.3),
    (10.9, 54.0),
    (13.4, 54.2),
    (14.5, 54.0),
    (18.6, 54.4),
    (21.0, 55.3),
    (21.0, 56.8),
    (24.0, 57.0),
    (23.5, 59.0),
    (24.7, 59.4),
    (30.3, 59.9),
    (25.0, 60.2),
    (22.3, 60.4),
    (21.4, 61.6),
    (21.6, 63.5),
    (25.4, 65.0),
    (24.2, 65.8),
    (22.0, 65.5),
    (20.3, 63.8),
    (17.3, 62.4),
    (18.1, 59.3),
    (16.5, 57.0),
    (16.1, 56.2),
    (14.2, 55.4),
    (12.9, 55.5),
    (12.6, 56.2),
    (11.9, 57.7),
    (11.2, 58.9),
    (10.6, 59.6),
    (9.8, 59.0),
    (7.9, 58.0),
    (5.6, 58.9),
    (5.0, 60.4),
    (5.0, 62.0),
    (8.3, 63.5),
    (10.8, 64.8),
    (13.0, 66.5),
    (15.5, 68.3),
    (18.9, 69.7),
    (25.8, 71.0),
    (30.0, 70.0),
    (33.0, 69.3),
    (41.0, 67.5),
    (44.0, 68.3),
    (47.0, 68.3),
    *LEVANT_TO_ADRIATIC,
    (16.4, 43.5),
    (15.2, 44.2),
    (13.7, 45.1),
    (13.6, 45.7),
    (12.3, 45.4),
    (12.4, 44.2),
    (13.6, 43.6),
    (14.2, 42.4),
    (16.0, 41.4),
    (17.9, 40.6),
    (18.5, 40.1),
    (18.4, 39.8),
    (17.1, 39.1),
    (16.6, 38.4),
    (15.6, 37.95),
    (15.8, 39.0),
    (15.6, 40.0),
    (14.5, 40.6),
    (14.2, 40.8),
    (13.0, 41.3),
    (12.2, 41.8),
    (10.5, 42.9),
    (10.2, 43.9),
    (8.9, 44.4),
    (7.5, 43.8),
    (6.5, 43.1),
    (4.8, 43.4),
    (3.2, 43.1),
    (3.2, 42.0),
    (2.2, 41.4),
    (0.9, 41.0),
    (-0.3, 39.5),
    (0.2, 38.7),
    (-0.7, 37.6),
    (-2.1, 36.7),
    (-4.4, 36.7),
]
BLACK_SEA = [
    (28.0, 41.6),
    (27.6, 42.5),
    (28.6, 44.0),
    (29.7, 45.2),
    (30.8, 46.5),
    (32.0, 46.3),
    (33.5, 46.0),
    (32.6, 45.4),
    (33.6, 44.5),
    (35.5, 45.0),
    (36.5, 45.3),
    (38.0, 47.0),
    (39.2, 47.2),
    (38.2, 46.0),
    (37.5, 44.7),
    (39.0, 44.0),
    (41.5, 42.0),
    (41.0, 41.2),
    (38.0, 40.9),
    (35.0, 42.0),
    (33.0, 41.9),
    (31.5, 41.2),
    (29.1, 41.2),
]
BRITAIN = [
    (-5.7, 50.1),
    (-3.5, 50.3),
    (1.4, 51.2),
    (1.7, 52.7),
    (0.3, 53.4),
    (-0.2, 54.1),
    (-1.6, 55.6),
    (-2.1, 57.0),
    (-1.8, 57.6),
    (-4.0, 57.7),
    (-3.0, 58.6),
    (-5.0, 58.6),
    (-6.2, 57.5),
    (-5.6, 56.3),
    (-4.9, 55.7),
    (-5.0, 54.8),
    (-3.0, 54.9),
    (-3.3, 53.8),
    (-3.1, 53.3),
    (-4.6, 53.3),
    (-4.4, 52.4),
    (-5.3, 51.8),
    (-3.3, 51.5),
    (-4.2, 51.2),
]
IRELAND = [
    (-6.0, 52.2),
    (-6.2, 53.5),
    (-5.8, 54.7),
    (-7.3, 55.3),
    (-8.5, 54.8),
    (-10.0, 54.2),
    (-9.6, 53.0),
    (-10.3, 51.9),
    (-8.5, 51.6),
]
SICILY = [(12.4, 38.1), (15.6, 38.3), (15.1, 36.7), (12.5, 37.6)]
SARDINIA = [(8.4, 41.0), (9.8, 41.0), (9.6, 39.1), (8.4, 39.0)]
CORSICA = [(8.6, 43.0), (9.5, 42.8), (9.2, 41.4), (8.6, 41.7)]
ZEALAND = [(11.0, 55.8), (12.6, 56.0), (12.3, 55.1), (11.2, 55.2)]
AFRICA = [
    (-5.9, 35.8),
    (-2.0, 35.1),
    (3.0, 36.8),
    (8.0, 36.9),
    (10.2, 37.2),
    (11.0, 35.5),
    (10.2, 34.0),
    (12.0, 33.0),
    (15.0, 32.3),
    (19.0, 30.5),
    (20.0, 32.1),
    (23.0, 32.6),
    (25.0, 31.6),
    (30.0, 31.3),
    (32.3, 31.2),
    (34.2, 31.3),
    (35.0, 32.8),
    (35.5, 34.5),
    (35.9, 35.5),
    (36.0, 36.8),
    (47.0, 36.8),
    (47.0, 8.0),
    (-14.0, 8.0),
    (-13.5, 9.8),
    (-15.0, 11.0),
    (-16.7, 12.5),
    (-17.5, 14.7),
    (-17.2, 16.0),
    (-16.2, 19.5),
    (-17.0, 21.0),
    (-15.0, 24.5),
    (-13.0, 27.5),
    (-9.8, 30.0),
    (-9.6, 32.0),
    (-6.8, 34.0),
]
RED_SEA = [
    (32.5, 30.0),
    (34.5, 28.0),
    (37.0, 24.0),
    (39.0, 21.0),
    (41.5, 16.0),
    (43.3, 12.7),
    (42.2, 12.5),
    (40.0, 15.5),
    (38.5, 18.0),
    (36.5, 22.0),
    (35.0, 25.0),
    (33.5, 27.5),
]

art_main = [
    {"points": proj(MAINLAND), "fill": LAND, "outline": COAST, "smooth": 1},
    {"points": proj(AFRICA), "fill": LAND, "outline": COAST, "smooth": 1},
    {"points": proj(BRITAIN), "fill": LAND, "outline": COAST, "smooth": 1},
    {"points": proj(IRELAND), "fill": tint(POWERS["GBR"][1], 0.18), "outline": COAST, "smooth": 1},
    {"points": proj(SICILY), "fill": LAND, "outline": COAST, "smooth": 1},
    {"points": proj(SARDINIA), "fill": LAND, "outline": COAST, "smooth": 1},
    {"points": proj(CORSICA), "fill": LAND, "outline": COAST, "smooth": 1},
    {"points": proj(ZEALAND), "fill": LAND, "outline": COAST, "smooth": 1},
    {"points": proj(BLACK_SEA), "fill": SEA, "outline": COAST, "smooth": 1},
    {"points": proj(RED_SEA), "fill": SEA, "outline": COAST, "smooth": 1},
]

# The Americas inset (left) and the Indies inset (bottom right), stylised.
AMERICAS = {"x": 8, "y": 8, "width": 410, "height": 984}
INDIES = {"x": 1010, "y": 640, "width": 198, "height": 352}
art_americas = [
    {
        "points": [
            [20, 70],
            [90, 40],
            [200, 30],
            [300, 45],
            [380, 80],
            [405, 130],
            [385, 170],
            [350, 175],
            [330, 215],
            [310, 260],
            [300, 300],
            [270, 330],
            [230, 345],
            [210, 340],
            [170, 320],
            [120, 290],
            [80, 240],
            [40, 180],
            [18, 120],
        ],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
    {
        "points": [
            [210, 340],
            [235, 350],
            [250, 375],
            [262, 400],
            [280, 420],
            [270, 430],
            [245, 410],
            [225, 385],
            [205, 360],
        ],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
    {
        "points": [[290, 385], [330, 378], [360, 388], [340, 396], [300, 395]],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
    {
        "points": [[365, 402], [385, 400], [388, 410], [368, 412]],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
    {
        "points": [[395, 420], [405, 418], [407, 428], [396, 430]],
        "fill": LAND,
        "outline": COAST,
        "smooth": 1,
        "layer": 1,
    },
    {
        "points": [
            [280, 440],
            [330, 440],
            [380, 470],
            [405, 520],
            [400, 590],
            [370, 660],
            [330, 740],
            [290, 830],
            [262, 950],
            [245, 930],
            [232, 840],
            [215, 740],
            [200, 640],
            [195, 560],
            [230, 500],
            [260, 455],
        ],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
]
art_indies = [
    {
        "points": [
            [1015, 712],
            [1100, 705],
            [1150, 740],
            [1190, 735],
            [1208, 745],
            [1208, 800],
            [1180, 830],
            [1150, 880],
            [1130, 900],
            [1110, 850],
            [1090, 790],
            [1050, 760],
            [1015, 750],
        ],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
    {
        "points": [[1130, 915], [1140, 912], [1145, 925], [1134, 930]],
        "fill": LAND,
        "outline": COAST,
        "smooth": 1,
        "layer": 1,
    },
    {
        "points": [[1040, 930], [1080, 935], [1120, 960], [1110, 968], [1060, 950]],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
    {
        "points": [[1125, 972], [1180, 970], [1200, 978], [1160, 984], [1128, 982]],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
    {
        "points": [[1170, 920], [1200, 915], [1205, 950], [1180, 955]],
        "fill": LAND,
        "outline": COAST,
        "smooth": 2,
        "layer": 1,
    },
]


def region(kind, outline, anchor, card, fill=None, smooth=1, project=True, band=None, up=False):
    extra = {}
    if band:
        extra["band"] = band
    if up:
        extra["card_grows_up"] = True
    return {
        **extra,
        "kind": kind,
        "outline": proj(outline) if project else outline,
        "fill": fill or (EUROPE if kind == "europe" else COLONY),
        "smooth": smooth,
        "anchor": at(*anchor) if project else anchor,
        "card": {"x": card[0], "y": card[1], "width": card[2], "height": card[3]},
    }


HOME_W, SCORE_W = 112, 172
regions = {
    "GBR": region(
        "home",
        BRITAIN,
        (-1.5, 52.5),
        [424, 150, HOME_W, 22],
        fill=tint(POWERS["GBR"][1]),
        band=POWERS["GBR"][1],
    ),
    "UPR": region(
        "home",
        [
            (3.2, 51.3),
            (4.3, 52.2),
            (4.8, 53.0),
            (6.9, 53.4),
            (7.1, 52.3),
            (6.1, 51.2),
            (5.8, 50.8),
            (4.2, 51.0),
        ],
        (5.5, 52.2),
        [655, 232, HOME_W, 22],
        fill=tint(POWERS["UPR"][1]),
        band=POWERS["UPR"][1],
    ),
    "FRA": region(
        "home",
        [
            (-1.8, 43.4),
            (-1.2, 46.0),
            (-2.2, 47.2),
            (-4.7, 48.4),
            (-1.5, 48.7),
            (-1.6, 49.6),
            (0.2, 49.6),
            (1.8, 50.9),
            (2.6, 51.1),
            (4.2, 49.9),
            (5.9, 49.5),
            (8.2, 48.9),
            (7.6, 47.6),
            (6.9, 46.4),
            (6.6, 45.1),
            (7.5, 43.8),
            (6.5, 43.1),
            (4.8, 43.4),
            (3.2, 43.1),
            (3.2, 42.4),
        ],
        (2.5, 46.5),
        [596, 405, HOME_W, 22],
        fill=tint(POWERS["FRA"][1]),
        band=POWERS["FRA"][1],
    ),
    "SPA": region(
        "home",
        [
            (-5.6, 36.0),
            (-7.5, 37.0),
            (-8.9, 37.0),
            (-9.5, 38.7),
            (-8.8, 42.0),
            (-9.3, 43.0),
            (-7.7, 43.7),
            (-3.8, 43.5),
            (-1.8, 43.4),
            (3.2, 42.4),
            (3.2, 42.0),
            (2.2, 41.4),
            (0.9, 41.0),
            (-0.3, 39.5),
            (0.2, 38.7),
            (-0.7, 37.6),
            (-2.1, 36.7),
            (-4.4, 36.7),
        ],
        (-4, 40),
        [560, 515, HOME_W, 22],
        fill=tint(POWERS["SPA"][1]),
        band=POWERS["SPA"][1],
    ),
    "GER": region(
        "europe",
        [
            (6.9, 53.4),
            (8.6, 53.9),
            (10.9, 54.0),
            (12.0, 54.2),
            (11.3, 53.0),
            (12.0, 52.3),
            (13.5, 52.0),
            (15.0, 51.0),
            (14.3, 50.4),
            (12.3, 50.2),
            (13.0, 49.2),
            (13.8, 48.6),
            (12.9, 47.6),
            (10.5, 47.5),
            (9.5, 47.6),
            (7.6, 47.6),
            (8.2, 48.9),
            (5.9, 49.5),
            (6.1, 51.2),
            (7.1, 52.3),
        ],
        (10, 50.5),
        [712, 318, SCORE_W, 40],
    ),
    "PRU": region(
        "home",
        [
            (11.3, 53.0),
            (12.0, 54.2),
            (14.5, 54.1),
            (16.5, 54.6),
            (19.0, 54.4),
            (21.2, 55.3),
            (22.8, 54.9),
            (22.4, 53.9),
            (19.5, 53.4),
            (16.5, 52.9),
            (15.5, 51.5),
            (13.5, 52.0),
            (12.0, 52.3),
        ],
        (17.5, 53.7),
        [842, 234, HOME_W, 22],
        fill=tint(POWERS["PRU"][1], 0.22),
        band=POWERS["PRU"][1],
    ),
    "AUS": region(
        "home",
        [
            (12.3, 50.2),
            (14.3, 50.4),
            (15.0, 51.0),
            (16.5, 50.4),
            (18.8, 49.6),
            (22.5, 49.0),
            (24.5, 48.0),
            (23.0, 46.0),
            (21.5, 44.8),
            (19.0, 44.8),
            (16.3, 45.5),
            (14.5, 45.3),
            (13.7, 45.7),
            (12.4, 46.6),
            (10.5, 47.5),
            (12.9, 47.6),
            (13.8, 48.6),
            (13.0, 49.2),
        ],
        (17, 47.5),
        [904, 446, HOME_W, 22],
        fill=tint(POWERS["AUS"][1], 0.42),
        band=POWERS["AUS"][1],
    ),
    "CEU": region(
        "europe",
        [
            (15.5, 51.5),
            (16.5, 52.9),
            (19.5, 53.4),
            (22.4, 53.9),
            (22.8, 54.9),
            (21.2, 55.3),
            (21.0, 56.8),
            (24.0, 57.0),
            (26.5, 55.8),
            (28.5, 56.0),
            (31.0, 54.5),
            (32.0, 52.0),
            (30.5, 50.5),
            (28.0, 48.5),
            (24.5, 48.0),
            (22.5, 49.0),
            (18.8, 49.6),
            (16.5, 50.4),
            (15.0, 51.0),
        ],
        (24, 52.5),
        [930, 300, SCORE_W, 40],
    ),
    "BAL": region(
        "europe",
        [
            (12.9, 55.4),
            (14.2, 55.4),
            (16.1, 56.2),
            (16.5, 57.0),
            (18.1, 59.3),
            (17.3, 62.4),
            (20.3, 63.8),
            (22.0, 65.5),
            (24.2, 65.8),
            (25.4, 65.0),
            (21.6, 63.5),
            (21.4, 61.6),
            (22.3, 60.4),
            (25.0, 60.2),
            (28.0, 60.5),
            (30.0, 61.0),
            (30.5, 64.0),
            (29.5, 67.0),
            (28.5, 69.5),
            (25.8, 71.0),
            (18.9, 69.7),
            (15.5, 68.3),
            (13.0, 66.5),
            (10.8, 64.8),
            (8.3, 63.5),
            (5.0, 62.0),
            (5.0, 60.4),
            (5.6, 58.9),
            (7.9, 58.0),
            (9.8, 59.0),
            (10.6, 59.6),
            (11.2, 58.9),
            (11.9, 57.7),
            (12.6, 56.2),
        ],
        (20.5, 58.6),
        [715, 56, SCORE_W, 40],
    ),
    "RUS": region(
        "home",
        [
            (24.0, 57.0),
            (23.5, 59.0),
            (24.7, 59.4),
            (30.3, 59.9),
            (30.0, 61.0),
            (30.5, 64.0),
            (29.5, 67.0),
            (28.5, 69.5),
            (33.0, 69.3),
            (41.0, 67.5),
            (44.0, 68.3),
            (47.0, 68.3),
            (47.0, 46.5),
            (40.0, 46.5),
            (38.0, 47.0),
            (35.0, 47.5),
            (33.0, 49.0),
            (32.0, 52.0),
            (31.0, 54.5),
            (28.5, 56.0),
            (26.5, 55.8),
        ],
        (38, 56),
        [1060, 150, HOME_W, 22],
        fill=tint(POWERS["RUS"][1]),
        band=POWERS["RUS"][1],
    ),
    "OTT": region(
        "europe",
        [
            (16.3, 44.0),
            (16.0, 45.0),
            (19.0, 44.8),
            (21.5, 44.8),
            (23.0, 46.0),
            (24.5, 48.0),
            (28.0, 48.5),
            (30.8, 46.5),
            (29.7, 45.2),
            (28.6, 44.0),
            (27.6, 42.5),
            (28.0, 41.6),
            (29.1, 41.2),
            (31.5, 41.2),
            (33.0, 41.9),
            (35.0, 42.0),
            (38.0, 40.9),
            (41.0, 41.2),
            (42.5, 41.5),
            (47.0, 41.0),
            *LEVANT_TO_ADRIATIC,
        ],
        (34, 39),
        [1034, 480, SCORE_W, 40],
    ),
    "MED": region(
        "europe",
        [
            (13.0, 41.3),
            (13.9, 42.3),
            (14.2, 42.4),
            (16.0, 41.4),
            (17.9, 40.6),
            (18.5, 40.1),
            (18.4, 39.8),
            (17.1, 39.1),
            (16.6, 38.4),
            (15.6, 37.95),
            (15.8, 39.0),
            (15.6, 40.0),
            (14.5, 40.6),
            (14.2, 40.8),
        ],
        (18.0, 35.8),
        [760, 566, 212, 40],
    ),
    "AFR": region(
        "colony",
        [
            (-17.2, 16.0),
            (-16.2, 19.5),
            (-17.0, 21.0),
            (-12.0, 21.5),
            (-6.0, 19.0),
            (-2.0, 14.0),
            (3.0, 11.5),
            (6.0, 8.0),
            (-14.0, 8.0),
            (-13.5, 9.8),
            (-15.0, 11.0),
            (-16.7, 12.5),
            (-17.5, 14.7),
        ],
        (-7, 13),
        [540, 720, SCORE_W + 10, 40],
    ),
    "NAM": region(
        "colony",
        [
            [60, 85],
            [130, 60],
            [220, 55],
            [300, 70],
            [360, 100],
            [375, 140],
            [345, 160],
            [320, 200],
            [300, 250],
            [285, 290],
            [250, 315],
            [200, 305],
            [150, 280],
            [105, 240],
            [65, 180],
            [45, 130],
        ],
        [250, 250],
        [75, 100, 215, 60],
        project=False,
        smooth=2,
    ),
    "CAR": region(
        "colony",
        [[290, 385], [330, 378], [360, 388], [340, 396], [300, 395]],
        [325, 387],
        [22, 380, 170, 60],
        project=False,
        smooth=2,
    ),
    "SAM": region(
        "colony",
        [
            [290, 460],
            [330, 462],
            [372, 485],
            [392, 525],
            [388, 590],
            [360, 655],
            [325, 730],
            [292, 810],
            [268, 900],
            [255, 860],
            [242, 780],
            [226, 690],
            [214, 610],
            [214, 560],
            [245, 505],
        ],
        [300, 700],
        [205, 520, 180, 60],
        project=False,
        smooth=2,
    ),
    "IND": region(
        "colony",
        [
            [1100, 740],
            [1150, 750],
            [1190, 742],
            [1200, 790],
            [1175, 825],
            [1150, 870],
            [1132, 885],
            [1115, 840],
            [1100, 790],
        ],
        [1150, 800],
        [1018, 648, 182, 60],
        project=False,
        smooth=2,
    ),
    "EIN": region(
        "colony",
        [[1040, 930], [1080, 935], [1120, 960], [1110, 968], [1060, 950]],
        [1080, 948],
        [835, 900, 175, 86],
        project=False,
        smooth=2,
        up=True,
    ),
}

HAND_REGIONS = {region_id: dict(entry) for region_id, entry in regions.items()}
# Natural Earth's coasts, converted once by convert_natural_earth.py: the main map's land and
# lakes, and the European regions fitted to them. Without the file, the hand-typed coasts.
COASTS_FILE = Path(__file__).resolve().parent / "struggle_coasts.json"
if COASTS_FILE.exists():
    coasts = json.loads(COASTS_FILE.read_text(encoding="utf-8"))
    IRISH_POINT = at(-8, 53.3)

    def _holds(points: list[list[float]], point: list[float]) -> bool:
        """Whether a ring holds a point (even-odd rule)."""
        inside, (px, py) = False, point
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
            if (y0 > py) != (y1 > py) and px < x0 + (py - y0) * (x1 - x0) / (y1 - y0):
                inside = not inside
        return inside

    art_main = [
        {
            "points": points,
            "fill": tint(POWERS["GBR"][1], 0.18) if _holds(points, IRISH_POINT) else LAND,
            "outline": COAST,
            "smooth": 0,
        }
        for points in coasts["land"]
    ] + [
        {"points": points, "fill": SEA, "outline": COAST, "smooth": 0} for points in coasts["lakes"]
    ]
    for region_id, outline in coasts["regions"].items():
        regions[region_id] = {**regions[region_id], "outline": outline, "smooth": 0}

ports = {"ATLANTIC": at(-13.5, 44.5)}
links = [
    {"between": ["NAM", "CAR"], "via": [[345, 330]], "style": "free"},
    {"between": ["CAR", "SAM"], "via": [[350, 440]], "style": "free"},
    {"between": ["NAM", "SAM"], "via": [[395, 250], [400, 420], [395, 470]], "style": "free"},
    {"between": ["ATLANTIC", "NAM"], "via": [[405, 230]], "style": "roll"},
    {"between": ["ATLANTIC", "CAR"], "via": [[395, 370]], "style": "roll"},
    {"between": ["ATLANTIC", "SAM"], "via": [[420, 520], [405, 600]], "style": "roll"},
    {
        "between": ["ATLANTIC", "AFR"],
        "via": [at(-14, 36), at(-19.5, 24), at(-19.5, 16)],
        "style": "roll",
    },
    {
        "between": ["ATLANTIC", "IND"],
        "via": [at(-14, 36), at(-19.5, 24), at(-19.5, 12), [560, 990], [1000, 990], [1060, 850]],
        "style": "roll",
    },
    {
        "between": ["ATLANTIC", "EIN"],
        "via": [at(-14, 36), at(-19.5, 24), at(-19.5, 12), [560, 990], [990, 980]],
        "style": "roll",
    },
]

insets = [
    {"box": AMERICAS, "fill": INSET_SEA, "title": "caption.americas", "layer": 1},
    {"box": INDIES, "fill": INSET_SEA, "title": "caption.indies", "layer": 1},
]

GEOMETRY: dict[str, Any] = {
    "id": "struggle",
    "width": 1600,
    "height": 1000,
    "background": SEA,
    "insets": insets,
    "art": art_main + art_americas + art_indies,
    "regions": regions,
    "ports": ports,
    "sea_links": links,
    "sidebar": {"x": 1218, "y": 8, "width": 374, "height": 984},
    "captions": [
        ["caption.atlantic", at(-17, 50)],
        ["caption.mediterranean", at(6.5, 37.6)],
        ["caption.baltic", at(19.5, 57.0)],
        ["caption.black_sea", at(34.5, 43.2)],
        ["caption.atlantic", [120, 600]],
    ],
    # A close-up of Europe (`/map region:`); the insets are close-ups of their own.
    "areas": {
        "caption.europe": [rid for rid, r in regions.items() if r["kind"] in ("europe", "home")]
    },
}


def dump(value: Any) -> str:
    """JSON with one point per line (a point list stays readable and diffs well)."""
    text = json.dumps(value, indent=1)
    return re.sub(r"\[\s+(-?[\d.]+),\s+(-?[\d.]+)\s+\]", r"[\1, \2]", text) + "\n"


def build() -> str:
    return dump(GEOMETRY)


if __name__ == "__main__":
    OUTPUT.write_text(build(), encoding="utf-8")
