"""The regional close-ups of the Pax Britannica map (Africa, Asia, the Americas): which
places each shows and the box it covers in map coordinates, for `/map region:`.

The world map is crowded at Discord's preview size (Africa's 39 areas above all), so a
close-up crops the full drawing to one continent's places with their cards. A close-up is
named by a caption key (`pax.map.area.<name>`) whose words the scene supplies in the
campaign's language.
"""

from __future__ import annotations

from rulesets.pax_britannica.data import default_data
from rulesets.pax_britannica.map.scene import load_geometry

# Close-up -> the data's area regions it shows, and the home nations drawn beside them.
CLOSE_UPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "africa": (("africa",), ()),
    "asia": (("asia", "near_east"), ("japan",)),
    "americas": (("americas",), ("usa",)),
}
MARGIN = 30.0

Box = tuple[float, float, float, float]


def caption_key(close_up: str) -> str:
    return f"pax.map.area.{close_up}"


def region_groups() -> dict[str, list[str]]:
    """Caption key -> the map's region ids a close-up shows (the geometry's `areas`)."""
    areas = default_data().areas
    return {
        caption_key(name): [a.id for a in areas if a.region in regions] + list(homes)
        for name, (regions, homes) in CLOSE_UPS.items()
    }


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
