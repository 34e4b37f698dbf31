"""A campaign's history as one animated GIF: one frame per scene, in order."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.compose import render_image
from bot.render.palette import palette_for
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
    # The map's own palette keeps colours steady from frame to frame and the file small.
    palette = palette_for(geometry, frames[0], render_image)
    paletted = [
        render_image(geometry, scene, width).quantize(palette=palette, dither=Image.Dither.NONE)
        for scene in frames
    ]
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
