"""Convert Natural Earth's public-domain land outlines into Struggle of Empires' coasts
(assets/maps/struggle_coasts.json), once; the map builder and the bot only read the result.

Source: the Natural Earth 1:110m admin-0 countries (public domain, naturalearthdata.com)
as shipped inside the `pyogrio` wheel (`pyogrio/tests/fixtures/naturalearth_lowres`). The
countries are merged into land, cut to the part of the world the main map shows, projected
with the builder's own longitude/latitude projection (`at`) and simplified to about a map
unit. Each hand-typed European region is then fitted to that land: widened a little
towards the sea, never onto a neighbour's ground, and cut at the coast. The Americas and
Indies insets stay the builder's stylised drawing (their scale is not the main map's).

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


if __name__ == "__main__":
    OUTPUT.write_text(dump(convert()), encoding="utf-8")
    print(f"wrote {OUTPUT} ({OUTPUT.stat().st_size} bytes)")
