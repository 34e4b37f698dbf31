"""A campaign's history as one animated GIF: one frame per resolution, each showing what
changed since the frame before and its number ("12 / 40")."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.changes import changed_regions, render_text, with_changes
from bot.render.compose import render_image
from bot.render.palette import palette_for
from bot.render.registry import geometry_for_map
from rulesets.core.scene import MapGeometry, Scene

TIMELINE_WIDTH = 1000
FRAME_MS = 1200


def timeline_frames(scenes: list[Scene]) -> list[Scene]:
    """The frames a timeline shows: no set-up placements once the game has begun (a game
    still in its set-up shows them), one frame per change of the board (of scenes with the
    same board, the most recent), each with what changed since the frame before and a frame
    counter."""
    played = [scene for scene in scenes if not scene.setup] or scenes
    kept: list[Scene] = []
    for scene in played:
        if kept and not changed_regions(kept[-1], scene):
            kept[-1] = scene
        else:
            kept.append(scene)
    total = len(kept)
    framed = []
    for index, scene in enumerate(kept):
        before = kept[index - 1] if index else None
        counter = render_text(scene.language)["frame"].format(index=index + 1, total=total)
        framed.append(with_changes(before, scene).model_copy(update={"counter": counter}))
    return framed


def render_timeline(
    frames: list[Scene],
    *,
    geometry: MapGeometry | None = None,
    width: int = TIMELINE_WIDTH,
    frame_ms: int = FRAME_MS,
) -> bytes:
    """An animated GIF of the scenes (see `timeline_frames`; the last frame held three times
    as long)."""
    if not frames:
        raise ValueError("a timeline needs at least one frame")
    frames = timeline_frames(frames)
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
