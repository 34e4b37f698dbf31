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
