"""Compare a rendered map with its committed reference PNG.

Rendering is deterministic on one machine, so a reference differs from a fresh render only
where the drawing changed. The comparison counts the pixels that changed by more than a
small colour threshold and allows a handful, to absorb font-hinting noise between FreeType
builds while still catching a missing piece, count or letter.
Set COURIER_UPDATE_GOLDEN=1 to rewrite the references after a deliberate change.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
CHANNEL_THRESHOLD = 40
ALLOWED_CHANGED_PIXELS = 12


def changed_pixels(first: Image.Image, second: Image.Image) -> int:
    """How many pixels differ by more than the threshold in some colour channel."""
    if first.size != second.size:
        return first.width * first.height
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    red, green, blue = difference.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    histogram = strongest.histogram()
    return sum(histogram[CHANNEL_THRESHOLD + 1 :])


def matches(png: bytes, reference: Image.Image) -> bool:
    return changed_pixels(Image.open(io.BytesIO(png)), reference) <= ALLOWED_CHANGED_PIXELS


def reference(name: str, png: bytes) -> Image.Image:
    """The committed reference `name`.png (written first when updating is asked for)."""
    path = GOLDEN_DIR / f"{name}.png"
    if os.environ.get("COURIER_UPDATE_GOLDEN") == "1":
        path.write_bytes(png)
    image = Image.open(path)
    image.load()
    return image
