"""The shipped fonts (DejaVu, see assets/fonts/LICENSE-DejaVu.txt), loaded once per size.

Only fonts from `assets/fonts` are used, never the system's, so that a map renders to the
same pixels on every machine that has the same Pillow and FreeType.
"""

from __future__ import annotations

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


@lru_cache(maxsize=512)
def font(face: str, size: float) -> ImageFont.FreeTypeFont:
    """The face at `size` pixels. The basic layout engine keeps output independent of raqm."""
    return ImageFont.truetype(
        str(FONT_DIR / FACES[face]),
        size=max(6, round(size)),
        layout_engine=ImageFont.Layout.BASIC,
    )


def text_width(face: str, size: float, text: str) -> float:
    return font(face, size).getlength(text)
