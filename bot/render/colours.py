"""Colour arithmetic for the renderer: parsing, mixing and a readable ink on any fill."""

from __future__ import annotations

RGB = tuple[int, int, int]

INK: RGB = (34, 30, 26)
PAPER: RGB = (255, 250, 238)
PANEL_BAND: RGB = (72, 62, 52)
WHITE: RGB = (255, 255, 255)


def rgb(hex_colour: str) -> RGB:
    value = hex_colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    """`amount` of the way from `colour` to `other`."""
    r, g, b = (round(a + (b - a) * amount) for a, b in zip(colour, other))
    return (r, g, b)


def luminance(colour: RGB) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(value) for value in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(fill: RGB) -> RGB:
    """Black or white, whichever contrasts more with `fill` (WCAG contrast ratio)."""
    light = luminance(fill)
    return INK if (light + 0.05) / (luminance(INK) + 0.05) >= 1.05 / (light + 0.05) else WHITE
