"""Simulated colour-vision deficiencies and a perceptual colour distance, for palette tests.

Machado, Oliveira and Fernandes (2009) give one matrix per deficiency, applied to linear
RGB; severity 1.0 (dichromacy: protanopia, deuteranopia, tritanopia) is the harshest case.
Distances are CIE76 ΔE in CIELAB (D65): about 2.3 is just noticeable, 10 is clear.
"""

from __future__ import annotations

import math

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]

DEFICIENCIES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, float, float]) -> Lab:
    r, g, b = linear
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def seen(colour: RGB, deficiency: str | None) -> Lab:
    """The colour as a viewer with `deficiency` (None: typical vision) sees it, in CIELAB."""
    linear = tuple(_linear(channel) for channel in colour)
    if deficiency is not None:
        matrix = DEFICIENCIES[deficiency]
        linear = tuple(
            min(1.0, max(0.0, sum(row[i] * linear[i] for i in range(3)))) for row in matrix
        )
    return _lab((linear[0], linear[1], linear[2]))


def distance(first: RGB, second: RGB, deficiency: str | None) -> float:
    return math.dist(seen(first, deficiency), seen(second, deficiency))
