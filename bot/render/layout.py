"""Where the region cards go: each at its geometry's place, then moved if it collides.

A card's height depends on what the region holds, so two cards that sit side by side in a
quiet game can overlap in a crowded one. Cards are taken from the top of the map down; a card
that meets one already placed, or would hide a region's name, or leave the map, moves to the
nearest free place around where it wanted to be; when there is none, it slides below the
card it meets, or above it near the foot of the map. Leader lines keep every card tied to
its region wherever it ends up.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

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
from bot.render.fonts import MIN_TEXT, font
from bot.render.shapes import nearest_on_rect, segment_meets_box, segments_cross
from rulesets.core.scene import MapGeometry, Point, RegionGeometry, RegionScene, Scene

CARD_GAP = 4.0
CAPTION_HALO = 2.0  # the pale ring round a caption's letters (compose.draw_captions)
Segment = tuple[Point, Point]
# How far a card may move to find room, in card widths and heights, and in how many steps.
SEARCH_WIDTHS, SEARCH_HEIGHTS, SEARCH_STEPS = 2.0, 4.0, 8
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


def shown_captions(geometry: MapGeometry, scene: Scene) -> list[tuple[str, Point]]:
    """The geometry's captions the map writes, worded: a caption `name.<region>` of a region
    that has a card is left out (the card's title names the region)."""
    carded = {f"name.{region.id}" for region in scene.regions}
    return [
        (scene.captions.get(key, key), place)
        for key, place in geometry.captions
        if key not in carded
    ]


def caption_boxes(geometry: MapGeometry, scene: Scene, scale: float) -> list[Box]:
    """Where each written caption's letters and halo lie (centred on its place), for cards
    to avoid."""
    face = font("italic", MIN_TEXT * scale)
    halo = CAPTION_HALO * scale
    boxes = []
    for text, (x, y) in shown_captions(geometry, scene):
        left, top, right, bottom = face.getbbox(text, anchor="mm")
        x, y = x * scale, y * scale
        boxes.append((x + left - halo, y + top - halo, x + right + halo, y + bottom + halo))
    return boxes


@cache
def _offsets(width: float, height: float) -> list[tuple[float, float]]:
    """Moves around a card's wanted place, nearest first."""
    steps = range(-SEARCH_STEPS, SEARCH_STEPS + 1)
    moves = {
        (width * SEARCH_WIDTHS * i / SEARCH_STEPS, height * SEARCH_HEIGHTS * j / SEARCH_STEPS)
        for i in steps
        for j in steps
    }
    return sorted(moves - {(0.0, 0.0)}, key=lambda move: (math.hypot(*move), move))


def separate(
    boxes: list[Box],
    floor: float,
    gap: float,
    *,
    rights: Sequence[float] = (),
    obstacles: Sequence[Box] = (),
    roaming: Sequence[bool] = (),
    anchors: Sequence[Point] = (),
) -> list[Box]:
    """Place boxes within 0..floor so that none overlaps another.

    A roaming box (a card centred on its region's anchor, in `anchors`) that does not fit
    where it is moves to the nearest place around it that meets no box and no obstacle (a
    region's name), stays left of its right edge (`rights`), and, when there is such a
    place, covers no leader line and no other card's anchor and sends its own leader
    across no card and no other leader. Any other box, or one that finds no place, slides
    vertically past the box it meets."""
    result = list(boxes)
    placed: list[Box] = []
    leaders: list[Segment] = []
    for index in sorted(range(len(boxes)), key=lambda i: (boxes[i][1], boxes[i][0])):
        start = _within(boxes[index], floor)
        box = None
        if roaming and roaming[index]:
            right = rights[index] if rights else math.inf
            others = [point for other, point in enumerate(anchors) if other != index]
            crowd = _Crowd(placed, leaders, obstacles, others, gap, right, floor)
            box = crowd.free_place(start, anchors[index])
            leader = box and leader_line(box, anchors[index])
            if leader:
                leaders.append(leader)
        if box is None:
            box = _settle(start, placed, gap, downwards=True)
            if box[3] > floor:
                box = _settle(start, placed, gap, downwards=False)
                if box[1] < 0:
                    box = start  # nowhere free: better overlapping than off the map
        placed.append(box)
        result[index] = box
    return result


def leader_line(box: Box, anchor: Point) -> Segment | None:
    """The line from a card to its anchor (`cards.draw_leader`), none when the card holds it."""
    if box[0] <= anchor[0] <= box[2] and box[1] <= anchor[1] <= box[3]:
        return None
    return (nearest_on_rect(anchor, box), anchor)


@dataclass(frozen=True)
class _Crowd:
    """What a card looking for room must keep clear of: the cards and leader lines placed
    before it, the written names, the other cards' anchors (where their leader lines end),
    the right edge and the foot of the map."""

    cards: list[Box]
    leaders: list[Segment]
    names: Sequence[Box]
    anchors: Sequence[Point]
    gap: float
    right: float
    floor: float

    def free_place(self, box: Box, anchor: Point) -> Box | None:
        width, height = box[2] - box[0], box[3] - box[1]
        # Only what lies within reach of the search can stand in the way: sorted out once.
        reach = (
            box[0] - width * SEARCH_WIDTHS,
            box[1] - height * SEARCH_HEIGHTS,
            box[2] + width * SEARCH_WIDTHS,
            box[3] + height * SEARCH_HEIGHTS,
        )
        near = _Crowd(
            [other for other in self.cards if _overlap(reach, other, self.gap)],
            [line for line in self.leaders if segment_meets_box(*line, reach)],
            [other for other in self.names if _overlap(reach, other, 0.0)],
            [point for point in self.anchors if _overlap(reach, (*point, *point), self.gap)],
            self.gap,
            self.right,
            self.floor,
        )
        # The nearest place apart from the rest, or a tidy one (no leader line under a card or
        # across another) at most a card's height further: a long line is no tidier.
        first: tuple[Box, float] | None = None
        for dx, dy in [(0.0, 0.0), *_offsets(round(width, 1), round(height, 1))]:
            distance = math.hypot(dx, dy)
            if first is not None and distance > first[1] + height:
                break
            place = (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
            if near.fits(place):
                if near.tidy(place, anchor):
                    return place
                first = first or (place, distance)
        return first[0] if first else None

    def fits(self, box: Box) -> bool:
        return (
            box[0] >= 0
            and box[1] >= 0
            and box[2] <= self.right
            and box[3] <= self.floor
            and not any(_overlap(box, other, self.gap) for other in self.cards)
            and not any(_overlap(box, other, 0.0) for other in self.names)
        )

    def tidy(self, box: Box, anchor: Point) -> bool:
        if any(segment_meets_box(*line, box) for line in self.leaders):
            return False
        if any(_overlap(box, (*point, *point), self.gap) for point in self.anchors):
            return False
        own = leader_line(box, anchor)
        return own is None or not (
            any(segment_meets_box(*own, other) for other in self.cards)
            or any(segments_cross(own, line) for line in self.leaders)
        )


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
        return _placed(geometry, scene, shown, widths, flows, scale)
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
        cards = _placed(geometry, scene, shown, widths, chosen, scale)
        crowded = _crowded(cards)
        if not crowded:
            return cards
        if crowded <= flowing:
            break
        flowing |= crowded
    return _placed(geometry, scene, shown, widths, flows, scale)


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
    scene: Scene,
    shown: list[tuple[RegionGeometry, RegionScene]],
    widths: list[float],
    all_rows: list[Rows],
    scale: float,
) -> list[LaidCard]:
    limits = [_limit(geometry, geo, scale) for geo, _ in shown]
    wanted = [
        card_box(geo, len(rows), scale, width, limit)
        for (geo, _), rows, width, limit in zip(shown, all_rows, widths, limits)
    ]
    boxes = separate(
        wanted,
        geometry.height * scale,
        CARD_GAP * scale,
        rights=limits,
        obstacles=caption_boxes(geometry, scene, scale),
        roaming=[_centred(geo) for geo, _ in shown],
        anchors=[(geo.anchor[0] * scale, geo.anchor[1] * scale) for geo, _ in shown],
    )
    return [
        LaidCard(geo, region, rows, box) for (geo, region), rows, box in zip(shown, all_rows, boxes)
    ]


def _centred(geo: RegionGeometry) -> bool:
    """Whether the geometry centres the card on its region's anchor (Empires does): such a
    card stands for its region wherever it sits nearby, so it may move round it. A card
    the geometry puts beside its region (Struggle of Empires) keeps its column."""
    card = geo.card
    centre = (card.x + card.width / 2, card.y + card.height / 2)
    return math.dist(centre, geo.anchor) <= 1.0


def _limit(geometry: MapGeometry, geo: RegionGeometry, scale: float) -> float:
    """Where a card may reach to the right: the sidebar when the card is left of it."""
    side = geometry.sidebar
    if geo.card.x + geo.card.width <= side.x:
        return side.x * scale - CARD_GAP * scale
    return geometry.width * scale
