"""The base layer of a map: sea, land art, region outlines, sea lanes and the sidebar ground.

It depends only on the geometry and the output width, so it is drawn once (oversampled for
smooth coastlines) and kept in memory keyed by map id and width.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from PIL import Image, ImageDraw

from bot.render.colours import INK, PAPER, RGB, mix, rgb
from bot.render.regions import clear_region_masks
from bot.render.shapes import Point, chaikin, dashes, scaled
from rulesets.core.scene import Inset, MapGeometry, Shape

BASE_OVERSAMPLE = 2
BASE_CACHE_SIZE = 8
LANE: RGB = (40, 80, 120)
# A lane in this style is drawn solid; any other style is dashed (a crossing with a risk).
SOLID_LANE_STYLE = "free"

# (map id, width) -> (the geometry drawn, its image). The geometry is kept to notice a map
# whose data was replaced under the same id (a reloaded file), which is then redrawn.
_cache: OrderedDict[tuple[str, int], tuple[MapGeometry, Image.Image]] = OrderedDict()
_lock = threading.Lock()


def canvas_size(geometry: MapGeometry, width: int) -> tuple[int, int]:
    return width, round(geometry.height * width / geometry.width)


def base_layer(geometry: MapGeometry, width: int) -> Image.Image:
    """The cached base image for this map and width. Callers must copy before drawing."""
    key = (geometry.id, width)
    with _lock:
        cached = _cache.get(key)
        if cached is not None and (cached[0] is geometry or cached[0] == geometry):
            _cache.move_to_end(key)
            return cached[1]
    image = draw_base_layer(geometry, width)
    with _lock:
        _cache[key] = (geometry, image)
        _cache.move_to_end(key)
        while len(_cache) > BASE_CACHE_SIZE:
            _cache.popitem(last=False)
    return image


def clear_base_cache() -> None:
    """Forget every per-map drawing: base layers and the region masks drawn with them."""
    with _lock:
        _cache.clear()
    clear_region_masks()


def lane_points(geometry: MapGeometry, ends: tuple[str, str], via: list[Point]) -> list[Point]:
    start, end = (geometry.place(name) or (0.0, 0.0) for name in ends)
    return chaikin([start, *via, end], 3, closed=False) if via else [start, end]


def draw_base_layer(geometry: MapGeometry, width: int) -> Image.Image:
    out_w, out_h = canvas_size(geometry, width)
    factor = width / geometry.width * BASE_OVERSAMPLE
    size = (out_w * BASE_OVERSAMPLE, out_h * BASE_OVERSAMPLE)
    image = Image.new("RGB", size, rgb(geometry.background))
    draw = ImageDraw.Draw(image)
    line = max(1, round(factor * 1.2))
    layers = sorted({shape.layer for shape in geometry.art} | {i.layer for i in geometry.insets})
    for layer in layers or [0]:
        for inset in geometry.insets:
            if inset.layer == layer:
                _draw_inset(draw, inset, factor, line)
        _draw_land(draw, [shape for shape in geometry.art if shape.layer == layer], factor, line)
    _draw_lanes(draw, geometry, factor)
    for region in geometry.regions.values():
        fill = rgb(region.fill)
        points = scaled(chaikin(region.outline, region.smooth), factor)
        draw.polygon(points, fill=fill)
        _outline(draw, points, mix(fill, INK, 0.55), line)
    base = image.reduce(BASE_OVERSAMPLE)
    # The sidebar is a plain card: drawn after the reduction, at the output size.
    side, scale = geometry.sidebar, width / geometry.width
    box = scaled([(side.x, side.y), (side.x + side.width, side.y + side.height)], scale)
    ImageDraw.Draw(base).rounded_rectangle(
        (*box[0], *box[1]), radius=10 * scale, fill=PAPER, outline=INK, width=max(1, round(scale))
    )
    return base


def _draw_land(draw: ImageDraw.ImageDraw, shapes: list[Shape], factor: float, line: int) -> None:
    """Coasts first, then every fill over them: touching shapes merge without a seam."""
    outlines = [scaled(chaikin(shape.points, shape.smooth), factor) for shape in shapes]
    for shape, points in zip(shapes, outlines):
        if shape.outline:
            _outline(draw, points, rgb(shape.outline), line * 2)
    for shape, points in zip(shapes, outlines):
        draw.polygon(points, fill=rgb(shape.fill))


def _outline(draw: ImageDraw.ImageDraw, points: list[Point], colour: RGB, width: int) -> None:
    """A closed outline. A wide line is several times cheaper than a wide polygon edge."""
    draw.line([*points, points[0], points[1]], fill=colour, width=width, joint="curve")


def _draw_inset(draw: ImageDraw.ImageDraw, inset: Inset, factor: float, line: int) -> None:
    box = inset.box
    corners = (
        box.x * factor,
        box.y * factor,
        (box.x + box.width) * factor,
        (box.y + box.height) * factor,
    )
    draw.rectangle(corners, fill=rgb(inset.fill), outline=INK, width=line)


def _draw_lanes(draw: ImageDraw.ImageDraw, geometry: MapGeometry, factor: float) -> None:
    """Sea lanes, and a ringed dot where lanes meet at a port (the sailing point of a fleet)."""
    for link in geometry.sea_links:
        points = scaled(lane_points(geometry, link.between, link.via), factor)
        if link.style == SOLID_LANE_STYLE:
            draw.line(points, fill=LANE, width=round(factor * 2.2), joint="curve")
        else:
            for segment in dashes(points, 9 * factor, 6 * factor):
                draw.line(segment, fill=LANE, width=round(factor * 2.2))
    for x, y in geometry.ports.values():
        outer, inner = 7 * factor, 3.5 * factor
        draw.ellipse(
            (x * factor - outer, y * factor - outer, x * factor + outer, y * factor + outer),
            fill=(255, 255, 255),
            outline=LANE,
            width=round(2 * factor),
        )
        draw.ellipse(
            (x * factor - inner, y * factor - inner, x * factor + inner, y * factor + inner),
            fill=LANE,
        )
