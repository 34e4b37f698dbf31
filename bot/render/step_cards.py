"""The extra pictures a step adds to its report (a battle's report card): each a scene of
a header and panels, drawn as a card of its own, sized to be read in Discord's preview.

The game builds the scenes from the step's PUBLIC events and the public view after it
(`step_pictures` of its map module, see registry.py); this module only draws them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from bot.render.colours import INK, PAPER
from bot.render.compose import encode_png
from bot.render.registry import has_step_pictures, map_renderer
from bot.render.sidebar import MARGIN, draw_header, draw_list, draw_panel
from rulesets.core.scene import Scene

CARD_UNITS = 440.0
"""The card's width in design units (text of 16 units, as on a map's sidebar)."""
CARD_SCALE = 1.25
"""550 pixels wide: Discord previews an image that wide at full size, so the smallest
text stays 20 pixels."""
TALLEST_UNITS = 2400.0
PANEL_GAP = 12.0


@dataclass(frozen=True)
class StepPicture:
    """One picture of a step: its title (for the message around it) and PNG bytes."""

    title: str
    png: bytes


def render_card_image(scene: Scene, scale: float = CARD_SCALE) -> Image.Image:
    """The scene's header and panels on a card as tall as they need."""
    width = round(CARD_UNITS * scale)
    image = Image.new("RGB", (width, round(TALLEST_UNITS * scale)), PAPER)
    draw = ImageDraw.Draw(image)
    x, room = MARGIN * scale, (CARD_UNITS - 2 * MARGIN) * scale
    y = draw_header(draw, scene, x, MARGIN * scale, room, scale)
    for panel in scene.panels:
        draw_one = draw_list if panel.style == "list" else draw_panel
        y = draw_one(image, draw, panel, scene, x, y + PANEL_GAP * scale, room, scale)
    bottom = min(image.height, round(y + MARGIN * scale))
    card = image.crop((0, 0, width, bottom))
    ImageDraw.Draw(card).rectangle(
        (0, 0, width - 1, bottom - 1), outline=INK, width=max(1, round(2 * scale))
    )
    return card


def render_step_pictures(
    ruleset_name: str,
    events: Sequence[Mapping[str, Any]],
    public_view: Mapping[str, Any],
    language: str = "en",
) -> list[StepPicture]:
    """Blocking: the pictures of a step, from its PUBLIC events and the public view after it
    (none for a game without them or a step that adds none)."""
    if not has_step_pictures(ruleset_name):
        return []
    scenes = map_renderer(ruleset_name).step_pictures(events, public_view, language)
    return [
        StepPicture(scene.header.title, encode_png(render_card_image(scene))) for scene in scenes
    ]


async def render_step_pictures_async(
    ruleset_name: str,
    events: Sequence[Mapping[str, Any]],
    public_view: Mapping[str, Any],
    language: str = "en",
) -> list[StepPicture]:
    """`render_step_pictures` in a worker thread."""
    draw = partial(render_step_pictures, ruleset_name, events, public_view, language)
    return await asyncio.to_thread(draw)
