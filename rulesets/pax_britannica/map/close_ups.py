"""The boxes of the regional close-ups of the Pax Britannica map (Africa, Asia, the
Americas) in map coordinates, for a crop that wants a box rather than regions.

The world map is crowded at Discord's preview size (Africa's 39 areas above all), so a
close-up crops the full drawing to one continent's places with their cards. A close-up is
named by a caption key (`pax.map.area.<name>`, map/regions.py).
"""

from __future__ import annotations

from rulesets.pax_britannica.map.regions import CLOSE_UPS, caption_key, region_groups
from rulesets.pax_britannica.map.scene import load_geometry

MARGIN = 30.0

Box = tuple[float, float, float, float]


def region_bounds() -> dict[str, Box]:
    """Close-up name -> (x0, y0, x1, y1): the box holding its places' outlines and cards,
    with a margin, clamped to the map left of the sidebar."""
    geometry = load_geometry()
    right = geometry.sidebar.x
    bounds: dict[str, Box] = {}
    for name in CLOSE_UPS:
        xs: list[float] = []
        ys: list[float] = []
        for region_id in region_groups()[caption_key(name)]:
            region = geometry.regions[region_id]
            xs += [x for x, _ in region.outline]
            ys += [y for _, y in region.outline]
            xs += [region.card.x, region.card.x + region.card.width]
            ys += [region.card.y, region.card.y + region.card.height]
        bounds[name] = (
            max(0.0, min(xs) - MARGIN),
            max(0.0, min(ys) - MARGIN),
            min(right, max(xs) + MARGIN),
            min(geometry.height, max(ys) + MARGIN),
        )
    return bounds
