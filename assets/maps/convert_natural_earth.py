"""Convert Natural Earth's public-domain land outlines into the coasts of Struggle of
Empires (assets/maps/struggle_coasts.json) and of Empires (assets/maps/empires_coasts.json),
once; the map builders and the bot only read the results.

Source: the Natural Earth 1:110m admin-0 countries (public domain, naturalearthdata.com)
as shipped inside the `pyogrio` wheel (`pyogrio/tests/fixtures/naturalearth_lowres`). The
countries are merged into land, cut to the part of the world the main map shows, projected
with the builder's own longitude/latitude projection (`at`) and simplified to about a map
unit. Each hand-typed European region is then fitted to that land: widened a little
towards the sea, never onto a neighbour's ground, and cut at the coast. The Americas and
Indies insets stay the builder's stylised drawing (their scale is not the main map's).
For Empires, whose board is a schematic, the land is bent onto the board's anchors (see
`bent`) and each Voronoi cell of the builder is cut at that coast.

Build-script extra, never a runtime dependency (versions pinned in pyproject.toml's
`map-build` extra and in `make map-coasts`):

    pip install -c requirements.lock pyogrio==0.13.0 pyshp==3.1.6 shapely==2.1.2
    python assets/maps/convert_natural_earth.py
    python assets/maps/build_struggle_map.py
"""

from __future__ import annotations

import importlib.util
import json
import runpy
from pathlib import Path
from typing import Any

import shapefile  # pyshp
from shapely import affinity
from shapely.geometry import MultiPolygon, Polygon, box, shape
from shapely.ops import unary_union

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "struggle_coasts.json"
BUILDER = HERE / "build_struggle_map.py"
SOURCE = "Natural Earth 1:110m admin-0 countries (public domain), from the pyogrio 0.13.0 wheel"

# The main map's frame in map units, a little wider than the canvas so that no coast ends
# at its edge; land under the insets and the sidebar is drawn over by them.
FRAME = (-20.0, -20.0, 1240.0, 1020.0)
SIMPLIFY = 0.8  # map units: a 1600 px map shows every vertex left
MIN_ISLAND = 30.0  # square map units: smaller islands are dropped (specks at 550 px)
# How far a region reaches past its hand-typed coast to meet the real one, in map units.
REACH = 14.0
# Straits narrower than twice this (the Bosporus, Messina) are bridged: a region on both
# shores stays one outline.
STRAIT = 6.0


def natural_earth_path() -> Path:
    spec = importlib.util.find_spec("pyogrio")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("install the build extra first: pip install pyogrio==0.13.0")
    folder = Path(next(iter(spec.submodule_search_locations)))
    return folder / "tests" / "fixtures" / "naturalearth_lowres" / "naturalearth_lowres.shp"


def land_in_map_units(projection: tuple[float, float, float, float]) -> Any:
    """Every country merged into land, projected (x = x0 + lon * sx, y = y0 - lat * sy)."""
    x0, y0, sx, sy = projection
    reader = shapefile.Reader(str(natural_earth_path()))
    countries = [shape(record.shape.__geo_interface__).buffer(0) for record in reader]
    land = unary_union(countries)
    projected = affinity.affine_transform(land, [sx, 0, 0, -sy, x0, y0])
    return projected.intersection(box(*FRAME))


def polygons(geometry: Any) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry]
    if isinstance(geometry, MultiPolygon):
        return list(geometry.geoms)
    return [part for item in getattr(geometry, "geoms", []) for part in polygons(item)]


def ring(points: Any) -> list[list[float]]:
    """A closed ring as the geometry's point list (the closing point left out), clockwise on
    screen like the hand-typed outlines."""
    coordinates = list(points.coords)[:-1]
    return [[round(x, 1), round(y, 1)] for x, y in coordinates]


def fitted_regions(
    hand: dict[str, list[list[float]]], land: Any, right_edge: float
) -> dict[str, list[list[float]]]:
    """Each region's hand-typed outline moved onto the real coast: its largest piece of land,
    narrow straits bridged, and nothing under the sidebar (`right_edge`)."""
    shapes = {region_id: Polygon(points).buffer(0) for region_id, points in hand.items()}
    board = box(FRAME[0], FRAME[1], right_edge, FRAME[3])
    fitted = {}
    for region_id, outline in shapes.items():
        others = unary_union([other for key, other in shapes.items() if key != region_id])
        reach = outline.buffer(REACH).difference(others).intersection(board)
        ground = reach.intersection(land)
        bridged = ground.buffer(STRAIT).buffer(-STRAIT).intersection(reach).union(ground)
        pieces = polygons(bridged)
        if not pieces:
            continue
        largest = max(pieces, key=lambda piece: piece.area).simplify(SIMPLIFY)
        fitted[region_id] = ring(largest.exterior)
    return fitted


def convert() -> dict[str, Any]:
    builder = runpy.run_path(str(BUILDER))
    x_at_0, y_at_0 = builder["at"](0, 0)
    sx, sy = builder["SX"], builder["SY"]
    land = land_in_map_units((x_at_0, y_at_0, sx, sy))
    pieces = [piece.simplify(SIMPLIFY) for piece in polygons(land)]
    pieces = [piece for piece in pieces if piece.area >= MIN_ISLAND]
    pieces.sort(key=lambda piece: -piece.area)
    hand = {
        region_id: region["outline"]
        for region_id, region in builder["HAND_REGIONS"].items()
        if region["kind"] in ("europe", "home") or region_id == "AFR"
    }
    return {
        "source": SOURCE,
        "land": [ring(piece.exterior) for piece in pieces],
        "lakes": [
            ring(hole)
            for piece in pieces
            for hole in piece.interiors
            if Polygon(hole).area >= MIN_ISLAND
        ],
        "regions": fitted_regions(hand, land, builder["GEOMETRY"]["sidebar"]["x"] - 4),
    }


def dump(value: Any) -> str:
    text = json.dumps(value, separators=(",", ":"))
    # One ring a line: the file stays small and a change shows as a few changed lines.
    return text.replace("]],[[", "]],\n[[").replace(":[[[", ":[\n[[") + "\n"


# --- Empires: the same land, bent onto the board's own drawing of Europe --------------------

EMPIRES_OUTPUT = HERE / "empires_coasts.json"
EMPIRES_BUILDER = HERE / "build_empires_map.py"
# Where each region of the Empires board lies in the world (longitude, latitude): the
# middle of the province, city's surroundings or sea. Reconstructed from an atlas; the
# board's anchors are a schematic, so the land is bent to meet them, not the other way.
EMPIRES_PLACES: dict[str, tuple[float, float]] = {
    "london": (-0.1, 51.5),
    "liverpool": (-3.0, 53.4),
    "york": (-1.1, 54.0),
    "edinburgh": (-3.4, 56.2),
    "paris": (2.35, 48.9),
    "brest": (-3.6, 48.2),
    "marseille": (5.8, 43.7),
    "bordeaux": (-0.6, 44.8),
    "lyon": (4.8, 45.8),
    "madrid": (-3.7, 40.4),
    "barcelona": (1.5, 41.8),
    "seville": (-5.5, 37.6),
    "vienna": (16.4, 48.2),
    "trieste": (14.2, 45.8),
    "budapest": (19.0, 47.5),
    "prague": (14.4, 50.1),
    "berlin": (13.4, 52.5),
    "koenigsberg": (21.0, 54.5),
    "breslau": (17.0, 51.1),
    "moscow": (37.6, 55.75),
    "st_petersburg": (30.3, 59.9),
    "kiev": (30.5, 50.45),
    "azov": (39.4, 47.1),
    "constantinople": (28.5, 41.3),
    "salonica": (22.9, 40.8),
    "konya": (32.5, 38.0),
    "ireland": (-8.0, 53.2),
    "portugal": (-8.2, 39.6),
    "barbary_coast": (3.0, 35.5),
    "southern_netherlands": (4.5, 50.7),
    "dutch_republic": (5.5, 52.3),
    "hanover": (9.7, 52.6),
    "rhineland": (7.0, 50.3),
    "denmark": (9.5, 56.0),
    "saxony": (12.8, 51.0),
    "bavaria": (11.5, 48.5),
    "switzerland": (8.2, 46.8),
    "piedmont": (7.7, 45.0),
    "milan": (9.5, 45.5),
    "venice": (12.0, 45.6),
    "tuscany": (11.2, 43.4),
    "papal_states": (12.8, 42.6),
    "naples": (15.5, 40.8),
    "sicily": (14.1, 37.5),
    "bosnia": (17.8, 44.2),
    "serbia": (20.9, 44.0),
    "albania": (20.0, 41.0),
    "greece": (22.0, 39.0),
    "wallachia": (25.0, 44.5),
    "moldavia": (27.5, 47.0),
    "crimea": (34.1, 45.2),
    "syria": (37.0, 34.5),
    "egypt": (30.5, 29.5),
    "norway": (9.0, 61.0),
    "sweden": (15.5, 60.0),
    "finland": (26.0, 62.0),
    "livonia": (25.0, 57.5),
    "west_poland": (19.0, 52.5),
    "east_poland": (25.0, 52.5),
    "north_atlantic": (-15.0, 60.0),
    "irish_sea": (-5.0, 53.8),
    "english_channel": (-2.0, 50.0),
    "north_sea": (3.0, 56.0),
    "baltic": (18.0, 56.0),
    "gulf_of_bothnia": (20.5, 62.5),
    "atlantic": (-12.0, 45.0),
    "west_med": (3.0, 39.0),
    "ligurian": (8.5, 43.5),
    "tyrrhenian": (12.0, 40.0),
    "adriatic": (15.0, 43.0),
    "ionian": (18.5, 37.5),
    "aegean": (25.0, 38.5),
    "black_sea": (34.0, 43.5),
    "levantine": (31.0, 34.0),
}
WORLD_WINDOW = (-30.0, 24.0, 50.0, 72.0)  # the part of the world the board shows
WARP_POWER = 2.0  # inverse-distance weighting of the anchors' pulls
# A land region keeps its whole cell when the land found in it is less than this share:
# the board puts it where the world has little land (a schematic, not an atlas).
LEAST_LAND = 0.25


def bent(geometry: Any, places: dict[str, tuple[float, float]], anchors: dict[str, Any]) -> Any:
    """The geometry moved from longitude/latitude onto the board: the affine map that best
    fits the places to their anchors, plus each anchor's leftover pull, by inverse distance
    (so that every place lands exactly on its anchor)."""
    import numpy as np
    import shapely

    ids = sorted(places)
    world = np.array([places[key] for key in ids], dtype=float)
    board = np.array([anchors[key] for key in ids], dtype=float)
    design = np.column_stack([world, np.ones(len(ids))])
    affine, *_ = np.linalg.lstsq(design, board, rcond=None)
    leftover = board - design @ affine

    def move(points: Any) -> Any:
        straight = np.column_stack([points, np.ones(len(points))]) @ affine
        distance = np.linalg.norm(points[:, None, :] - world[None, :, :], axis=2)
        weights = 1.0 / np.maximum(distance, 1e-6) ** WARP_POWER
        weights /= weights.sum(axis=1, keepdims=True)
        return straight + weights @ leftover

    densified = shapely.segmentize(geometry, 0.5)  # degrees: long straight coasts bend too
    return shapely.transform(densified, move).buffer(0)


def empires_coasts() -> dict[str, Any]:
    builder = runpy.run_path(str(EMPIRES_BUILDER))
    data = json.loads(builder["DATA"].read_text(encoding="utf-8"))
    anchors = builder["anchors_of"](data)
    reader = shapefile.Reader(str(natural_earth_path()))
    world = unary_union([shape(record.shape.__geo_interface__).buffer(0) for record in reader])
    land = bent(world.intersection(box(*WORLD_WINDOW)), EMPIRES_PLACES, anchors)
    board = box(0, 0, builder["MAP_WIDTH"], builder["MAP_HEIGHT"])
    land = land.intersection(board)
    regions = {}
    for raw in data["regions"]:
        region_id = raw["id"]
        others = [point for key, point in anchors.items() if key != region_id]
        cell = Polygon(builder["cell"](anchors[region_id], others))
        part = cell.difference(land) if raw["kind"] == "sea" else cell.intersection(land)
        pieces = [piece for piece in polygons(part) if piece.area > 0]
        if not pieces or sum(piece.area for piece in pieces) < LEAST_LAND * cell.area:
            continue  # the schematic cell stays
        anchor = shapely_point(anchors[region_id])
        holding = [piece for piece in pieces if piece.contains(anchor)]
        chosen = holding[0] if holding else max(pieces, key=lambda piece: piece.area)
        regions[region_id] = ring(chosen.simplify(SIMPLIFY).exterior)
    pieces = [piece.simplify(SIMPLIFY) for piece in polygons(land)]
    pieces = sorted((p for p in pieces if p.area >= MIN_ISLAND), key=lambda p: -p.area)
    return {
        "source": SOURCE,
        "land": [ring(piece.exterior) for piece in pieces],
        "regions": regions,
    }


def shapely_point(point: Any) -> Any:
    from shapely.geometry import Point

    return Point(point)


if __name__ == "__main__":
    for output, contents in ((OUTPUT, convert), (EMPIRES_OUTPUT, empires_coasts)):
        output.write_text(dump(contents()), encoding="utf-8")
        print(f"wrote {output} ({output.stat().st_size} bytes)")
