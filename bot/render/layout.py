"""Where the region cards go: each at its geometry's place, then moved apart if they collide.

A card's height depends on what the region holds, so two cards that sit side by side in a
quiet game can overlap in a crowded one. Cards are taken from the top of the map down; a card
that meets one already placed slides below it, or, when that would push it off the foot of
the map, above it. Leader lines keep every card tied to its region wherever it ends up.
"""

from __future__ import annotations

import itertools

from bot.render.cards import (
    BAND_HEIGHT,
    PAD,
    ROW_GAP,
    SYMBOL_SIZE,
    Box,
    Item,
    LaidCard,
    card_rows,
    row_width,
    title_width,
)
from rulesets.core.scene import MapGeometry, RegionGeometry, RegionScene, Scene

CARD_GAP = 4.0
# A layout is redone at most this many times, turning crowded table cards into flowing ones.
MAX_RELAYOUTS = 4
MAX_MOVES = 40


def card_width(geo: RegionGeometry, region: RegionScene, scale: float) -> float:
    """The geometry's width, or wider when the region's name needs it."""
    return max(geo.card.width * scale, title_width(region, scale))


def card_box(
    geo: RegionGeometry, rows: int, scale: float, width: float | None = None, limit: float = 0.0
) -> Box:
    """The card where the geometry wants it, as tall as its rows need.

    A card wider than the geometry's (a long name) grows to the right, or to the left when
    that would cross `limit` (the sidebar or the edge of the map).
    """
    height = (BAND_HEIGHT + 2 * PAD) * scale + rows * (SYMBOL_SIZE + ROW_GAP) * scale
    # An empty card is its title band alone: the home's name, with nothing beneath it.
    height = max(height, geo.card.height * scale) if rows else BAND_HEIGHT * scale
    width = geo.card.width * scale if width is None else width
    x, y = geo.card.x * scale, geo.card.y * scale
    if limit and x + width > limit:
        x = max(0.0, (geo.card.x + geo.card.width) * scale - width)
    if geo.card_grows_up:
        y += geo.card.height * scale - height
    return (x, y, x + width, y + height)


def _overlap(first: Box, second: Box, gap: float) -> bool:
    return (
        first[0] < second[2] + gap
        and second[0] < first[2] + gap
        and first[1] < second[3] + gap
        and second[1] < first[3] + gap
    )


def _shifted(box: Box, dy: float) -> Box:
    return (box[0], box[1] + dy, box[2], box[3] + dy)


def _settle(box: Box, placed: list[Box], gap: float, downwards: bool) -> Box:
    for _ in range(MAX_MOVES):
        hit = next((other for other in placed if _overlap(box, other, gap)), None)
        if hit is None:
            return box
        box = _shifted(box, hit[3] + gap - box[1] if downwards else hit[1] - gap - box[3])
    return box


def _within(box: Box, floor: float) -> Box:
    """The box moved up or down just enough to lie between the top and `floor`."""
    if box[3] > floor:
        box = _shifted(box, floor - box[3])
    if box[1] < 0:
        box = _shifted(box, -box[1])
    return box


def separate(boxes: list[Box], floor: float, gap: float) -> list[Box]:
    """Move boxes vertically until none overlaps another, keeping each within 0..floor."""
    result = list(boxes)
    placed: list[Box] = []
    for index in sorted(range(len(boxes)), key=lambda i: (boxes[i][1], boxes[i][0])):
        start = _within(boxes[index], floor)
        box = _settle(start, placed, gap, downwards=True)
        if box[3] > floor:
            box = _settle(start, placed, gap, downwards=False)
            if box[1] < 0:
                box = start  # nowhere free: better overlapping than off the map
        placed.append(box)
        result[index] = box
    return result


Rows = list[list[Item]]


def lay_out_cards(geometry: MapGeometry, scene: Scene, scale: float) -> list[LaidCard]:
    """Every card of the scene, placed. A table card is laid out as rows that wrap instead
    when its table is wider than the geometry's card, or when it cannot find room (tables
    are taller); and every card wraps if that still leaves cards overlapping."""
    shown = [(geometry.regions[region.id], region) for region in scene.regions]
    widths = [card_width(geo, region, scale) for geo, region in shown]
    rooms = [width - 2 * PAD * scale for width in widths]
    flows = [card_rows(region, scene, room, scale) for (_, region), room in zip(shown, rooms)]
    if scene.card_style != "table":
        return _placed(geometry, shown, widths, flows, scale)
    tables = [
        card_rows(region, scene, room, scale, table=True) for (_, region), room in zip(shown, rooms)
    ]
    flowing = {
        index
        for index, (rows, room) in enumerate(zip(tables, rooms))
        if any(row_width(row, scale) > room for row in rows)
    }
    for _ in range(MAX_RELAYOUTS):
        chosen = [flows[i] if i in flowing else tables[i] for i in range(len(shown))]
        cards = _placed(geometry, shown, widths, chosen, scale)
        crowded = _crowded(cards)
        if not crowded:
            return cards
        if crowded <= flowing:
            break
        flowing |= crowded
    return _placed(geometry, shown, widths, flows, scale)


def _crowded(cards: list[LaidCard]) -> set[int]:
    """The indices of the cards that overlap another."""
    return {
        index
        for (i, first), (j, second) in itertools.combinations(enumerate(cards), 2)
        if _overlap(first.box, second.box, 0.0)
        for index in (i, j)
    }


def _placed(
    geometry: MapGeometry,
    shown: list[tuple[RegionGeometry, RegionScene]],
    widths: list[float],
    all_rows: list[Rows],
    scale: float,
) -> list[LaidCard]:
    wanted = [
        card_box(geo, len(rows), scale, width, _limit(geometry, geo, scale))
        for (geo, _), rows, width in zip(shown, all_rows, widths)
    ]
    boxes = separate(wanted, geometry.height * scale, CARD_GAP * scale)
    return [
        LaidCard(geo, region, rows, box) for (geo, region), rows, box in zip(shown, all_rows, boxes)
    ]


def _limit(geometry: MapGeometry, geo: RegionGeometry, scale: float) -> float:
    """Where a card may reach to the right: the sidebar when the card is left of it."""
    side = geometry.sidebar
    if geo.card.x + geo.card.width <= side.x:
        return side.x * scale - CARD_GAP * scale
    return geometry.width * scale
