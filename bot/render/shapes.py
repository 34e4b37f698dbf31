"""Geometry helpers: smoothing hand-drawn outlines, scaling and dashing lines."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

Point = tuple[float, float]


def chaikin(points: Sequence[Point], iterations: int, closed: bool = True) -> list[Point]:
    """Round the corners of a polyline by corner cutting, so coarse outlines look drawn."""
    result = list(points)
    for _ in range(iterations):
        pairs = zip(result, result[1:] + result[:1]) if closed else itertools.pairwise(result)
        cut: list[Point] = [] if closed else [result[0]]
        for (x0, y0), (x1, y1) in pairs:
            cut.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            cut.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        if not closed:
            cut.append(result[-1])
        result = cut
    return result


def scaled(points: Sequence[Point], factor: float) -> list[Point]:
    return [(x * factor, y * factor) for x, y in points]


def dashes(points: Sequence[Point], dash: float, gap: float) -> list[tuple[Point, Point]]:
    """Cut a polyline into dash segments of length `dash` separated by `gap`."""
    segments: list[tuple[Point, Point]] = []
    drawing, left = True, dash
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        position = 0.0
        while position < length:
            step = min(left, length - position)
            start = position / length
            end = (position + step) / length
            if drawing:
                segments.append(
                    (
                        (x0 + (x1 - x0) * start, y0 + (y1 - y0) * start),
                        (x0 + (x1 - x0) * end, y0 + (y1 - y0) * end),
                    )
                )
            position += step
            left -= step
            if left <= 1e-9:
                drawing = not drawing
                left = dash if drawing else gap
    return segments


def nearest_on_rect(point: Point, box: tuple[float, float, float, float]) -> Point:
    """The point of a rectangle's edge or inside closest to `point`."""
    left, top, right, bottom = box
    return (min(max(point[0], left), right), min(max(point[1], top), bottom))


def segment_meets_box(start: Point, end: Point, box: tuple[float, float, float, float]) -> bool:
    """Whether a line segment passes through a rectangle's inside (Liang-Barsky clipping)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    enter, leave = 0.0, 1.0
    for towards, room in (
        (-dx, start[0] - box[0]),
        (dx, box[2] - start[0]),
        (-dy, start[1] - box[1]),
        (dy, box[3] - start[1]),
    ):
        if towards == 0:
            if room < 0:
                return False
            continue
        t = room / towards
        if towards < 0:
            enter = max(enter, t)
        else:
            leave = min(leave, t)
    return enter < leave


def segments_cross(first: tuple[Point, Point], second: tuple[Point, Point]) -> bool:
    """Whether two line segments cross (touching ends do not count)."""

    def turn(a: Point, b: Point, c: Point) -> float:
        return (c[1] - a[1]) * (b[0] - a[0]) - (b[1] - a[1]) * (c[0] - a[0])

    (a, b), (c, d) = first, second
    return turn(a, c, d) * turn(b, c, d) < 0 and turn(a, b, c) * turn(a, b, d) < 0
