"""Regions in their holders' colours, and the outline that marks a region just changed.

Who holds a region changes at every move, so its colour cannot live in the cached base
layer. Instead each region's shape is kept as an anti-aliased mask (drawn oversampled once
per map and width, like the base layer); filling a region is then one paste of a flat
colour, or of stripes for a tie, through its mask.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.colours import INK, RGB, mix, rgb
from bot.render.shapes import Point, chaikin, scaled
from rulesets.core.scene import MapGeometry, Scene

MASK_OVERSAMPLE = 2
# How far a held region's fill goes from its map colour to its holder's colour: strong
# enough to read at a glance in a 550 px preview, light enough to keep the map's art.
HOLDER_TINT = 0.74
# Stripes of a tie, in design units (drawn diagonally so they never read as a border).
STRIPE_WIDTH = 12.0
# The outline of a changed region: a ring of the actor's colour inside an ink ring, so that
# the ring shows on any fill, even one of the actor's own colour.
RING_WIDTH = 7.0
RING_INK_WIDTH = 11.0
OUTLINE_WIDTH = 1.2  # the base layer's region outline, in design units


@dataclass(frozen=True)
class RegionMask:
    """A region's pixels at one width: the box it covers and its mask inside that box."""

    box: tuple[int, int]
    mask: Image.Image


_masks: dict[tuple[str, int, str, str], tuple[MapGeometry, RegionMask]] = {}
_lock = threading.Lock()


def clear_region_masks() -> None:
    with _lock:
        _masks.clear()


def _outline(geometry: MapGeometry, region_id: str, factor: float) -> list[Point]:
    region = geometry.regions[region_id]
    return scaled(chaikin(region.outline, region.smooth), factor)


def _draw_mask(geometry: MapGeometry, region_id: str, width: int, kind: str) -> RegionMask:
    scale = width / geometry.width
    factor = scale * MASK_OVERSAMPLE
    points = _outline(geometry, region_id, factor)
    margin = RING_INK_WIDTH * factor if kind != "fill" else 0.0
    left = int(min(x for x, _ in points) - margin) // MASK_OVERSAMPLE * MASK_OVERSAMPLE
    top = int(min(y for _, y in points) - margin) // MASK_OVERSAMPLE * MASK_OVERSAMPLE
    right = int(max(x for x, _ in points) + margin) + 2
    bottom = int(max(y for _, y in points) + margin) + 2
    size = (
        -(-(right - left) // MASK_OVERSAMPLE) * MASK_OVERSAMPLE,
        -(-(bottom - top) // MASK_OVERSAMPLE) * MASK_OVERSAMPLE,
    )
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    local = [(x - left, y - top) for x, y in points]
    closed = [*local, local[0], local[1]]
    if kind == "fill":
        # Inside the region, leaving the base layer's outline visible around it.
        draw.polygon(local, fill=255)
        draw.line(closed, fill=0, width=max(1, round(OUTLINE_WIDTH * factor)), joint="curve")
    else:
        ring = RING_INK_WIDTH if kind == "ink" else RING_WIDTH
        draw.line(closed, fill=255, width=max(2, round(ring * factor)), joint="curve")
    reduced = mask.reduce(MASK_OVERSAMPLE)
    return RegionMask((left // MASK_OVERSAMPLE, top // MASK_OVERSAMPLE), reduced)


def region_mask(geometry: MapGeometry, region_id: str, width: int, kind: str) -> RegionMask:
    """The cached mask of a region's inside (`fill`) or of its change ring (`ring`, `ink`)."""
    key = (geometry.id, width, region_id, kind)
    with _lock:
        cached = _masks.get(key)
        if cached is not None and (cached[0] is geometry or cached[0] == geometry):
            return cached[1]
    made = _draw_mask(geometry, region_id, width, kind)
    with _lock:
        _masks[key] = (geometry, made)
    return made


def holder_fill(region_fill: RGB, colours: list[RGB]) -> list[RGB]:
    return [mix(region_fill, colour, HOLDER_TINT) for colour in colours]


def _stripes(size: tuple[int, int], colours: list[RGB], stripe: float) -> Image.Image:
    """Diagonal bands of the colours in turn, covering `size`."""
    image = Image.new("RGB", size, colours[0])
    draw = ImageDraw.Draw(image)
    width, height = size
    band = max(2.0, stripe)
    index, offset = 0, -float(height)
    while offset < width:
        colour = colours[index % len(colours)]
        draw.polygon(
            [
                (offset, height),
                (offset + band, height),
                (offset + band + height, 0),
                (offset + height, 0),
            ],
            fill=colour,
        )
        offset += band
        index += 1
    return image


def fill_regions(image: Image.Image, geometry: MapGeometry, scene: Scene, width: int) -> None:
    """Each region of the scene in its holders' colour (stripes of the colours for a tie)."""
    scale = width / geometry.width
    colour_of = {style.power: rgb(style.colour) for style in scene.powers}
    for region in scene.regions:
        holders = [power for power in region.leaders() if power in colour_of]
        if not holders:
            continue
        fills = holder_fill(rgb(geometry.regions[region.id].fill), [colour_of[p] for p in holders])
        shape = region_mask(geometry, region.id, width, "fill")
        if len(fills) == 1:
            image.paste(fills[0], (*shape.box, *_corner(shape)), shape.mask)
        else:
            pattern = _stripes(shape.mask.size, fills, STRIPE_WIDTH * scale)
            image.paste(pattern, shape.box, shape.mask)


def outline_changed(image: Image.Image, geometry: MapGeometry, scene: Scene, width: int) -> None:
    """The regions the last resolution changed, ringed in the acting power's colour."""
    changes = scene.changes
    if changes is None or not changes.regions:
        return
    colour = rgb(scene.style_of(changes.actor).colour) if changes.actor else INK
    for region_id in changes.regions:
        if region_id not in geometry.regions:
            continue
        ink = region_mask(geometry, region_id, width, "ink")
        image.paste(INK, (*ink.box, *_corner(ink)), ink.mask)
        ring = region_mask(geometry, region_id, width, "ring")
        image.paste(colour, (*ring.box, *_corner(ring)), ring.mask)


def _corner(shape: RegionMask) -> tuple[int, int]:
    return (shape.box[0] + shape.mask.width, shape.box[1] + shape.mask.height)
