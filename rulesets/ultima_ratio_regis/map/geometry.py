"""A schematic geometry of the campaign's board: one lozenge per zone, a card beside it for
its pieces, and lanes for the sea and strait links. Zones stand where the data file puts
them; a file that places none gets a graph layout (see `schematic_positions`)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rulesets.core.scene import MapGeometry, Rect, RegionGeometry, SeaLink
from rulesets.ultima_ratio_regis.map.board import MapBoard, MapZone, board_of, shipped_board

SHIPPED_ID = "ultima-ratio-regis-schematic"
OFFSET_X, OFFSET_Y = 40.0, 40.0
RADIUS = 26.0
CARD_WIDTH, CARD_HEIGHT = 104.0, 40.0
# A laid-out board's cell: a lozenge, its card below it and room for the lanes between.
CELL_WIDTH, CELL_HEIGHT = 150.0, 130.0
LAYOUT_LEFT = CARD_WIDTH / 2  # the first column's cards stay inside the picture
FILLS = {"open": "#D8E4B0", "forest": "#A9C98F", "mountains": "#C9B79C", "marsh": "#B7CFC4"}
SEA_FILL, KEY_OUTLINE_FILL = "#9DC3E6", "#F0D890"
GEOMETRIES_KEPT = 16
SIDEBAR_HEIGHT = 860.0
MINORS_TITLE, MINOR_LINE = 40.0, 22.0  # the sidebar's list panel: its band, one line


def _region(zone: MapZone, at: tuple[float, float]) -> RegionGeometry:
    x, y = at[0] + OFFSET_X, at[1] + OFFSET_Y
    outline = [(x, y - RADIUS), (x + RADIUS * 1.3, y), (x, y + RADIUS), (x - RADIUS * 1.3, y)]
    fill = SEA_FILL if zone.kind == "sea" else FILLS.get(zone.terrain, FILLS["open"])
    return RegionGeometry(
        kind=zone.kind,
        outline=outline,
        fill=KEY_OUTLINE_FILL if zone.key else fill,
        smooth=0,
        anchor=(x, y),
        card=Rect(x=x - CARD_WIDTH / 2, y=y + RADIUS + 2, width=CARD_WIDTH, height=CARD_HEIGHT),
    )


def schematic_positions(board: MapBoard) -> dict[str, tuple[float, float]]:
    """Deterministic positions for a board whose file gives no coordinates: the zones in
    breadth-first order over the links (from the first zone of the file, then from the
    next one not reached), filled into a grid a little wider than tall, so that a zone's
    neighbours mostly sit in the cells around it."""
    index = {zone.id: number for number, zone in enumerate(board.zones)}
    neighbours: dict[str, list[str]] = {zone.id: [] for zone in board.zones}
    for link in board.links:
        if link.a in neighbours and link.b in neighbours:
            neighbours[link.a].append(link.b)
            neighbours[link.b].append(link.a)
    order: list[str] = []
    reached: set[str] = set()
    for zone in board.zones:
        queue = [zone.id] if zone.id not in reached else []
        reached.update(queue)
        while queue:
            current = queue.pop(0)
            order.append(current)
            for other in sorted(neighbours[current], key=index.__getitem__):
                if other not in reached:
                    reached.add(other)
                    queue.append(other)
    columns = max(1, math.ceil(math.sqrt(len(order) * 1.5)))
    return {
        zone_id: (LAYOUT_LEFT + (number % columns) * CELL_WIDTH, (number // columns) * CELL_HEIGHT)
        for number, zone_id in enumerate(order)
    }


def _positions(board: MapBoard) -> dict[str, tuple[float, float]]:
    if board.has_coordinates():
        return {zone.id: (float(zone.x), float(zone.y)) for zone in board.zones}
    return schematic_positions(board)


def _map_id(board: MapBoard) -> str:
    if board == shipped_board():
        return SHIPPED_ID
    digest = hashlib.sha256(board.model_dump_json().encode("utf-8")).hexdigest()
    return f"ultima-ratio-regis-{digest[:12]}"


@lru_cache(maxsize=GEOMETRIES_KEPT)
def geometry_of(board: MapBoard) -> MapGeometry:
    positions = _positions(board)
    width = max(x for x, _ in positions.values()) + OFFSET_X + 160
    # The sidebar's panels and legend set the least height; the minors' lines add theirs.
    least = SIDEBAR_HEIGHT + (MINORS_TITLE + MINOR_LINE * len(board.minors) if board.minors else 0)
    height = max(max(y for _, y in positions.values()) + OFFSET_Y + 120, least)
    lanes = [
        SeaLink(between=(link.a, link.b), style="strait" if link.kind == "strait" else "lane")
        for link in board.links
        if link.kind in ("sea", "coast", "strait")
    ]
    return MapGeometry(
        id=_map_id(board),
        width=width + 340,
        height=height,
        background="#EEF2F5",
        regions={zone.id: _region(zone, positions[zone.id]) for zone in board.zones},
        sea_links=lanes,
        sidebar=Rect(x=width + 10, y=10, width=320, height=height - 20),
    )


def load_geometry() -> MapGeometry:
    """The shipped data file's board."""
    return geometry_of(shipped_board())


def geometry_for_view(view: Mapping[str, Any]) -> MapGeometry:
    """The board of a campaign: its group's data file's when the view carries one."""
    return geometry_of(board_of(view))
