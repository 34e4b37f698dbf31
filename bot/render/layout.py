"""Where the region cards go: each at its geometry's place, then moved apart if they collide.

A card's height depends on what the region holds, so two cards that sit side by side in a
quiet game can overlap in a crowded one. Cards are taken from the top of the map down; a card
that meets one already placed slides below it, or, when that would push it off the foot of
the map, above it. Leader lines keep every card tied to its region wherever it ends up.
"""

from __future__ import annotations

from bot.render.cards import BAND_HEIGHT, PAD, ROW_GAP, SYMBOL_SIZE, Box, LaidCard, card_rows
from rulesets.core.scene import MapGeometry, RegionGeometry, Scene

CARD_GAP = 4.0
MAX_MOVES = 40


def card_box(geo: RegionGeometry, rows: int, scale: float) -> Box:
    """The card where the geometry wants it, as tall as its rows need."""
    height = (BAND_HEIGHT + 2 * PAD) * scale + rows * (SYMBOL_SIZE + ROW_GAP) * scale
    # An empty card is its title band alone: the home's name, with nothing beneath it.
    height = max(height, geo.card.height * scale) if rows else BAND_HEIGHT * scale
    x, y = geo.card.x * scale, geo.card.y * scale
    if geo.card_grows_up:
        y += geo.card.height * scale - height
    return (x, y, x + geo.card.width * scale, y + height)


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


def separate(boxes: list[Box], floor: float, gap: float) -> list[Box]:
    """Move boxes vertically until none overlaps another, keeping each within 0..floor."""
    result = list(boxes)
    placed: list[Box] = []
    for index in sorted(range(len(boxes)), key=lambda i: (boxes[i][1], boxes[i][0])):
        box = _settle(boxes[index], placed, gap, downwards=True)
        if box[3] > floor:
            box = _settle(boxes[index], placed, gap, downwards=False)
            if box[1] < 0:
                box = boxes[index]  # nowhere free: better overlapping than off the map
        placed.append(box)
        result[index] = box
    return result


def lay_out_cards(geometry: MapGeometry, scene: Scene, scale: float) -> list[LaidCard]:
    shown = [(geometry.regions[region.id], region) for region in scene.regions]
    all_rows = [
        card_rows(region, scene, (geo.card.width - 2 * PAD) * scale, scale) for geo, region in shown
    ]
    wanted = [card_box(geo, len(rows), scale) for (geo, _), rows in zip(shown, all_rows)]
    boxes = separate(wanted, geometry.height * scale, CARD_GAP * scale)
    return [
        LaidCard(geo, region, rows, box) for (geo, region), rows, box in zip(shown, all_rows, boxes)
    ]
