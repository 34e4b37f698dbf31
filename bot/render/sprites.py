"""Small anti-aliased symbols (pieces, tokens, markers), drawn large once and shrunk.

Pillow does not anti-alias shapes, so every symbol is drawn at `OVERSAMPLE` times its size
and reduced; the result is cached by what it shows and its pixel size, so a map pastes
ready-made sprites instead of drawing hundreds of shapes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.colours import INK, RGB, ink_on
from bot.render.fonts import sizing_font

OVERSAMPLE = 4

# Draws a symbol filling a `width` x `height` canvas; returns the box its letter goes in.
Box = tuple[float, float, float, float]
ShapeFn = Callable[[ImageDraw.ImageDraw, float, float, RGB], Box]


@dataclass(frozen=True)
class SymbolShape:
    draw: ShapeFn
    aspect: float = 1.0  # width / height


def _stroke(height: float) -> int:
    return max(1, round(height * 0.08))


def draw_block(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """An army: a solid block, like the wooden cubes of a board game."""
    pad = h * 0.06
    box = (pad, pad, w - pad, h - pad)
    draw.rounded_rectangle(box, radius=h * 0.16, fill=fill, outline=INK, width=_stroke(h))
    return box


def draw_ship(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """A fleet: a hull under a sail; the letter sits in the hull."""
    stroke = _stroke(h)
    hull = [(w * 0.02, h * 0.34), (w * 0.98, h * 0.34), (w * 0.82, h * 0.96), (w * 0.18, h * 0.96)]
    draw.line([(w * 0.5, h * 0.03), (w * 0.5, h * 0.36)], fill=INK, width=stroke)
    sail = [(w * 0.55, h * 0.03), (w * 0.80, h * 0.30), (w * 0.55, h * 0.30)]
    draw.polygon(sail, fill=fill, outline=INK, width=stroke)
    draw.polygon(hull, fill=fill, outline=INK, width=stroke)
    return (w * 0.18, h * 0.36, w * 0.82, h * 0.96)


def draw_tower(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """A fort: a narrow tower with three merlons on a wide footing, a silhouette no block or
    disc has even when the symbol is a dozen pixels tall."""
    stroke = _stroke(h)
    left, right, top, bottom = w * 0.2, w * 0.8, h * 0.04, h * 0.96
    foot = h * 0.76
    merlon = h * 0.24
    notch = (right - left) / 5
    outline = [(w * 0.04, bottom), (w * 0.04, foot), (left, foot), (left, top)]
    for step in range(5):
        x = left + step * notch
        y = top if step % 2 == 0 else top + merlon
        outline += [(x, y), (x + notch, y)]
        if step < 4:
            outline.append((x + notch, top + merlon if step % 2 == 0 else top))
    outline += [(right, top), (right, foot), (w * 0.96, foot), (w * 0.96, bottom)]
    draw.polygon(outline, fill=fill, outline=INK, width=stroke)
    return (left, top + merlon, right, bottom)


def draw_disc(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """A control token: a round disc."""
    pad = h * 0.05
    draw.ellipse((pad, pad, w - pad, h - pad), fill=fill, outline=INK, width=_stroke(h))
    return (0, 0, w, h)


def draw_coin(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """A gold coin: a disc with an inner ring, unlike the plain disc of a control token."""
    pad, ring = h * 0.04, h * 0.13
    draw.ellipse((pad, pad, w - pad, h - pad), fill=fill, outline=INK, width=_stroke(h))
    draw.ellipse((ring, ring, w - ring, h - ring), outline=INK, width=max(1, _stroke(h) // 2))
    return (pad, pad, w - pad, h - pad)


def draw_barrier(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """A blockade: a barrier with white hazard stripes at both ends, the letter between."""
    stroke = _stroke(h)
    top, bottom = h * 0.18, h * 0.82
    draw.rectangle((w * 0.03, top, w * 0.97, bottom), fill=fill)
    band = (bottom - top) * 0.55
    for left in (w * 0.06, w * 0.97 - band * 1.6):
        stripe = [
            (left, bottom),
            (left + band * 0.6, top),
            (left + band, top),
            (left + band * 0.4, bottom),
        ]
        draw.polygon(stripe, fill=(255, 255, 255))
    draw.rectangle((w * 0.03, top, w * 0.97, bottom), outline=INK, width=stroke)
    return (w * 0.3, top, w * 0.7, bottom)


def draw_diamond(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """Any piece kind a ruleset has not given a shape: a diamond, still lettered."""
    points = [(w / 2, h * 0.03), (w * 0.97, h / 2), (w / 2, h * 0.97), (w * 0.03, h / 2)]
    draw.polygon(points, fill=fill, outline=INK, width=_stroke(h))
    return (w * 0.25, h * 0.25, w * 0.75, h * 0.75)


def draw_square(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    pad = h * 0.05
    draw.rectangle((pad, pad, w - pad, h - pad), fill=fill, outline=INK, width=_stroke(h))
    return (0, 0, w, h)


def draw_framed_square(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    """A square with a heavy frame: a marker that pays victory points."""
    pad, frame = h * 0.04, _stroke(h) * 2
    draw.rectangle((pad, pad, w - pad, h - pad), fill=fill, outline=INK, width=frame)
    return (frame, frame, w - frame, h - frame)


def draw_tag(draw: ImageDraw.ImageDraw, w: float, h: float, fill: RGB) -> Box:
    pad = h * 0.05
    box = (pad, pad, w - pad, h - pad)
    draw.rounded_rectangle(box, radius=h * 0.3, fill=fill, outline=INK, width=_stroke(h))
    return (0, 0, w, h)


@lru_cache(maxsize=2048)
def symbol(
    shape: SymbolShape, fill: RGB, text: str, height: int, face: str = "bold"
) -> Image.Image:
    """An RGBA sprite `height` pixels tall: the shape in `fill`, `text` centred on it."""
    width = max(height, round(height * shape.aspect))
    big_w, big_h = width * OVERSAMPLE, height * OVERSAMPLE
    canvas = Image.new("RGBA", (big_w, big_h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    left, top, right, bottom = shape.draw(draw, big_w, big_h, fill)
    if text:
        box_h = bottom - top
        size = box_h * (0.8 if len(text) == 1 else 0.62 if len(text) == 2 else 0.5)
        while size > 6 and sizing_font(face, size).getlength(text) > (right - left) * 0.9:
            size *= 0.9
        centre = ((left + right) / 2, (top + bottom) / 2)
        draw.text(centre, text, fill=ink_on(fill), font=sizing_font(face, size), anchor="mm")
    return canvas.reduce(OVERSAMPLE)
