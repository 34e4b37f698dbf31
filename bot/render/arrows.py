"""Arrows for the last moves and attacks, from region to region, in the mover's colour.

An arrow is a gentle curve (so that a move and the move back do not cover each other) in
the power's colour inside an ink edge, with the power's letter on a disc at its middle:
colour is never the only cue. A move is dashed, an attack solid with a wider head.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.render.cards import Box, LaidCard
from bot.render.colours import INK, RGB, rgb
from bot.render.kinds import CONTROL
from bot.render.shapes import Point, dashes
from bot.render.sprites import symbol
from rulesets.core.scene import Arrow, MapGeometry, Scene

ARROW_WIDTH = 6.0
EDGE = 2.0
HEAD = 16.0
ATTACK_HEAD = 22.0
END_GAP = 8.0  # stop short of the anchor dot
BEND = 0.12  # the curve's sag, as a share of the arrow's length
LETTER_SIZE = 22.0
CURVE_STEPS = 24


def _curve(start: Point, end: Point) -> list[Point]:
    (x0, y0), (x1, y1) = start, end
    # The control point sits to the left of the direction of travel.
    cx = (x0 + x1) / 2 - (y1 - y0) * BEND * 2
    cy = (y0 + y1) / 2 + (x1 - x0) * BEND * 2
    points = []
    for step in range(CURVE_STEPS + 1):
        t = step / CURVE_STEPS
        points.append(
            (
                (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t**2 * x1,
                (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t**2 * y1,
            )
        )
    return points


def _trim(points: list[Point], gap: float) -> list[Point]:
    """The polyline without `gap` at each end."""

    def cut(line: list[Point]) -> list[Point]:
        left = gap
        while len(line) > 2:
            (x0, y0), (x1, y1) = line[0], line[1]
            step = math.hypot(x1 - x0, y1 - y0)
            if step > left:
                share = left / step
                return [(x0 + (x1 - x0) * share, y0 + (y1 - y0) * share), *line[1:]]
            left -= step
            line = line[1:]
        return line

    return list(reversed(cut(list(reversed(cut(points))))))


def _head(tip: Point, before: Point, size: float) -> list[Point]:
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    spread = 0.45
    return [
        tip,
        (tip[0] - size * math.cos(angle - spread), tip[1] - size * math.sin(angle - spread)),
        (tip[0] - size * math.cos(angle + spread), tip[1] - size * math.sin(angle + spread)),
    ]


def draw_arrow(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    start: Point,
    end: Point,
    colour: RGB,
    letter: str,
    attack: bool,
    scale: float,
) -> None:
    points = _trim(_curve(start, end), END_GAP * scale)
    if len(points) < 2:
        return
    width = max(2, round(ARROW_WIDTH * scale))
    edge = width + max(2, round(2 * EDGE * scale))
    head = (ATTACK_HEAD if attack else HEAD) * scale
    tip, before = points[-1], points[-4] if len(points) > 4 else points[0]
    shaft = [*points[:-1], _towards(tip, before, head * 0.6)]
    if attack:
        draw.line(shaft, fill=INK, width=edge, joint="curve")
        draw.line(shaft, fill=colour, width=width, joint="curve")
    else:
        for segment in dashes(shaft, 14 * scale, 7 * scale):
            draw.line(segment, fill=INK, width=edge)
        for segment in dashes(shaft, 14 * scale, 7 * scale):
            draw.line(segment, fill=colour, width=width)
    draw.polygon(
        _head(tip, before, head), fill=colour, outline=INK, width=max(1, round(scale * 1.5))
    )
    middle = points[len(points) // 2]
    disc = symbol(CONTROL, colour, letter, round(LETTER_SIZE * scale))
    image.paste(disc, (round(middle[0] - disc.width / 2), round(middle[1] - disc.height / 2)), disc)


def _towards(tip: Point, before: Point, distance: float) -> Point:
    length = math.hypot(tip[0] - before[0], tip[1] - before[1]) or 1.0
    share = distance / length
    return (tip[0] + (before[0] - tip[0]) * share, tip[1] + (before[1] - tip[1]) * share)


def draw_arrows(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    geometry: MapGeometry,
    scene: Scene,
    cards: list[LaidCard],
    scale: float,
) -> None:
    """The scene's arrows. An end whose point lies under its region's card stops at the
    card's edge, so that the arrow never covers the tokens it is about."""
    if scene.changes is None:
        return
    boxes = {card.region.id: card.box for card in cards}
    for arrow in scene.changes.arrows:
        ends = _ends(geometry, arrow)
        if ends is None:
            continue
        style = scene.style_of(arrow.power)
        start, end = ((x * scale, y * scale) for x, y in ends)
        start, end = (
            _off_card(start, end, boxes.get(arrow.start)),
            _off_card(end, start, boxes.get(arrow.end)),
        )
        draw_arrow(
            image, draw, start, end, rgb(style.colour), style.letter, arrow.kind == "attack", scale
        )


def _off_card(point: Point, other: Point, box: Box | None) -> Point:
    """`point`, or where the line from `other` first meets the card covering `point`."""
    if box is None or not (box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]):
        return point
    # Walk from the point towards the other end until outside the card.
    steps = 40
    for step in range(1, steps + 1):
        t = step / steps
        x = point[0] + (other[0] - point[0]) * t
        y = point[1] + (other[1] - point[1]) * t
        if not (box[0] <= x <= box[2] and box[1] <= y <= box[3]):
            return (x, y)
    return point


def _ends(geometry: MapGeometry, arrow: Arrow) -> tuple[Point, Point] | None:
    start, end = geometry.place(arrow.start), geometry.place(arrow.end)
    if start is None or end is None or start == end:
        return None
    return start, end
