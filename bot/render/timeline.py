"""A campaign's history as one animated GIF: one frame per scene, in order."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.compose import render_image
from bot.render.registry import geometry_for_map
from rulesets.core.scene import MapGeometry, Scene

TIMELINE_WIDTH = 1000
FRAME_MS = 1200


def render_timeline(
    frames: list[Scene],
    *,
    geometry: MapGeometry | None = None,
    width: int = TIMELINE_WIDTH,
    frame_ms: int = FRAME_MS,
) -> bytes:
    """An animated GIF of the scenes (the last frame held three times as long)."""
    if not frames:
        raise ValueError("a timeline needs at least one frame")
    geometry = geometry or geometry_for_map(frames[0].map_id)
    # One shared palette keeps colours steady from frame to frame and the file small.
    images = [render_image(geometry, scene, width) for scene in frames]
    palette = images[0].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    paletted = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    durations = [frame_ms] * (len(paletted) - 1) + [frame_ms * 3]
    buffer = io.BytesIO()
    paletted[0].save(
        buffer,
        format="GIF",
        save_all=True,
        append_images=paletted[1:],
        duration=durations,
        loop=0,
        optimize=False,
    )
    return buffer.getvalue()
