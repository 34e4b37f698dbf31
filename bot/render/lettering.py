"""Text drawn through a cache of rendered masks: a map's words hardly change from move to move.

Rendering glyphs with FreeType is the largest cost of a map once its base layer is cached
(region names, counts, table cells). Each (font, text, anchor, halo) is rendered once into an
8-bit mask and then drawn with `ImageDraw.bitmap`, which blends the colour through the mask
exactly as `ImageDraw.text` does.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.render.colours import RGB

TEXT_CACHE_SIZE = 4096
Point = tuple[float, float]


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def _masks(
    face: ImageFont.FreeTypeFont, text: str, anchor: str, halo: int
) -> tuple[tuple[int, int], Image.Image, Image.Image | None]:
    """The text's offset from its anchor point, its mask, and its halo's mask (if any)."""
    left, top, right, bottom = (
        round(edge) for edge in face.getbbox(text, anchor=anchor, stroke_width=halo)
    )
    size = (max(1, right - left), max(1, bottom - top))
    origin = (-left, -top)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).text(origin, text, fill=255, font=face, anchor=anchor)
    ring = None
    if halo:
        ring = Image.new("L", size, 0)
        ImageDraw.Draw(ring).text(
            origin, text, fill=255, font=face, anchor=anchor, stroke_width=halo, stroke_fill=255
        )
    return (left, top), mask, ring


def write(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    *,
    fill: RGB,
    font: ImageFont.FreeTypeFont,
    anchor: str = "la",
    stroke_width: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """Like `draw.text`, from cached masks; `stroke_width` draws a halo in `stroke_fill`."""
    if not text:
        return
    halo = stroke_width if stroke_fill is not None else 0
    (dx, dy), mask, ring = _masks(font, text, anchor, halo)
    corner = (round(xy[0] + dx), round(xy[1] + dy))
    if ring is not None and stroke_fill is not None:
        draw.bitmap(corner, ring, fill=stroke_fill)
    draw.bitmap(corner, mask, fill=fill)


def clear_text_cache() -> None:
    _masks.cache_clear()
