"""The parts of a map a close-up shows (`/map region:`): each region, each named group of
regions (a continent, a theatre) and each titled inset, found by their names in the
scene's language."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection
from dataclasses import dataclass

from bot.render.layout import lay_out_cards
from rulesets.core.scene import MapGeometry, Scene

CLOSE_UP_MARGIN = 30.0
SUGGESTIONS = 25  # Discord shows at most 25 autocomplete choices


@dataclass(frozen=True)
class MapArea:
    """`key` is a region id or an area's caption key; `name` is what a player reads and types."""

    key: str
    name: str
    regions: tuple[str, ...]


def map_areas(geometry: MapGeometry, scene: Scene) -> list[MapArea]:
    """The groups first (the geometry's areas, then its titled insets), then every region
    that has a name, each once."""
    groups = [
        MapArea(key, scene.captions.get(key, key), tuple(members))
        for key, members in geometry.areas.items()
    ]
    for inset in geometry.insets:
        inside = tuple(
            region_id
            for region_id, region in geometry.regions.items()
            if _within(region.anchor, inset.box.x, inset.box.y, inset.box.width, inset.box.height)
        )
        if inset.title and inset.title not in geometry.areas and inside:
            groups.append(
                MapArea(inset.title, scene.captions.get(inset.title, inset.title), inside)
            )
    labels = {region.id: region.label for region in scene.regions}
    regions = []
    for region_id in geometry.regions:
        name = labels.get(region_id) or scene.captions.get(f"name.{region_id}")
        if name:  # a region the scene never names is not offered: an id is not a name
            regions.append(MapArea(region_id, name, (region_id,)))
    return groups + regions


def _within(point: tuple[float, float], x: float, y: float, width: float, height: float) -> bool:
    return x <= point[0] <= x + width and y <= point[1] <= y + height


def folded(text: str) -> str:
    """Text compared without case, accents or repeated spaces ("Méditerranée" = "mediterranee")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.split())


def find_area(areas: Collection[MapArea], typed: str) -> MapArea:
    """The area whose key or name is `typed` (folded); LookupError when none is."""
    wanted = folded(typed)
    for area in areas:
        if wanted in (folded(area.key), folded(area.name)):
            return area
    raise LookupError(f"no area named {typed!r}")


def suggest_areas(areas: Collection[MapArea], typed: str) -> list[MapArea]:
    """The areas whose name contains what was typed so far, names starting with it first."""
    wanted = folded(typed)
    matching = [area for area in areas if wanted in folded(area.name)]
    matching.sort(key=lambda area: not folded(area.name).startswith(wanted))
    return matching[:SUGGESTIONS]


def close_up_box(
    geometry: MapGeometry, scene: Scene, region_ids: Collection[str], width: int
) -> tuple[int, int, int, int]:
    """The part of a map drawn `width` wide that shows the regions, their cards and leader
    lines, with a margin; the sidebar is cut off unless a region lies under it."""
    unknown = [region_id for region_id in region_ids if region_id not in geometry.regions]
    if unknown or not region_ids:
        raise LookupError(f"no regions {unknown} on map {geometry.id!r}")
    scale = width / geometry.width
    xs: list[float] = []
    ys: list[float] = []
    for region_id in region_ids:
        outline = geometry.regions[region_id].outline
        xs += [x * scale for x, _ in outline]
        ys += [y * scale for _, y in outline]
    for card in lay_out_cards(geometry, scene, scale):
        if card.region.id in region_ids:
            xs += [card.box[0], card.box[2]]
            ys += [card.box[1], card.box[3]]
    margin = CLOSE_UP_MARGIN * scale
    sidebar_x = geometry.sidebar.x * scale
    right_edge = sidebar_x if min(xs) < sidebar_x else width
    image_h = round(geometry.height * scale)
    return (
        max(0, round(min(xs) - margin)),
        max(0, round(min(ys) - margin)),
        min(round(right_edge), round(max(xs) + margin)),
        min(image_h, round(max(ys) + margin)),
    )
