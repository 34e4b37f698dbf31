"""The shipped fonts (DejaVu, see assets/fonts/LICENSE-DejaVu.txt), loaded once per size.

Only fonts from `assets/fonts` are used, never the system's, so that a map renders to the
same pixels on every machine that has the same Pillow and FreeType.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"

FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "narrow": "DejaVuSansCondensed-Bold.ttf",
    "title": "DejaVuSerif-Bold.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
}


# The smallest text a player reads, in pixels of a map 1600 pixels wide: a phone shows the
# map about 550 pixels wide, where this is still about 5.5 pixels, the least that reads.
MIN_TEXT = 16.0

# Lists that record the size of every text font asked for while they are open (see
# `measured_sizes`): how the legibility test reads a map's smallest label.
_recorders: list[list[tuple[str, int]]] = []


@lru_cache(maxsize=512)
def _load(face: str, size: int) -> ImageFont.FreeTypeFont:
    # The basic layout engine keeps output independent of raqm.
    return ImageFont.truetype(
        str(FONT_DIR / FACES[face]), size=size, layout_engine=ImageFont.Layout.BASIC
    )


def font(face: str, size: float) -> ImageFont.FreeTypeFont:
    """The face at `size` pixels, for a text a player reads (a label, a count, a line)."""
    pixels = max(6, round(size))
    for sizes in _recorders:
        sizes.append((face, pixels))
    return _load(face, pixels)


def sizing_font(face: str, size: float) -> ImageFont.FreeTypeFont:
    """The same fonts, not recorded: for measuring a text while choosing its size, and for
    the letter inside a symbol (drawn oversampled, then shrunk with the symbol)."""
    return _load(face, max(6, round(size)))


@contextmanager
def measured_sizes() -> Iterator[list[tuple[str, int]]]:
    """Within the block, every text font asked for, as (face, pixel size)."""
    sizes: list[tuple[str, int]] = []
    _recorders.append(sizes)
    try:
        yield sizes
    finally:
        _recorders.remove(sizes)


@lru_cache(maxsize=8192)
def text_width(face: str, size: float, text: str) -> float:
    """How wide `text` is in the face at `size`; kept, as layout asks again at every map."""
    return sizing_font(face, size).getlength(text)


def cut_to_fit(text: str, face: ImageFont.FreeTypeFont, room: float) -> str:
    """`text`, or as much of it as fits followed by an ellipsis."""
    if face.getlength(text) <= room:
        return text
    while text and face.getlength(text + "…") > room:
        text = text[:-1]
    return text.rstrip(" ·,") + "…"
