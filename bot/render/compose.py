"""Compose a map: copy the cached base layer, lay the region cards and the sidebar on it."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.render.base import base_layer
from bot.render.cards import draw_card
from bot.render.sidebar import draw_sidebar
from rulesets.core.scene import MapGeometry, Scene

DEFAULT_WIDTH = 1600
# Fast zlib settings: a map is posted once and re-rendered often; size matters less.
PNG_COMPRESS_LEVEL = 3


def render_image(geometry: MapGeometry, scene: Scene, width: int = DEFAULT_WIDTH) -> Image.Image:
    if scene.map_id != geometry.id:
        raise ValueError(f"scene for map {scene.map_id!r} drawn on geometry {geometry.id!r}")
    unknown = [region.id for region in scene.regions if region.id not in geometry.regions]
    if unknown:
        raise ValueError(f"scene regions without geometry: {unknown}")
    image = base_layer(geometry, width).copy()
    draw = ImageDraw.Draw(image)
    scale = width / geometry.width
    for region in scene.regions:
        draw_card(image, draw, geometry.regions[region.id], region, scene, scale)
    draw_sidebar(image, draw, geometry.sidebar, scene, scale)
    return image


def encode_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def render_png(geometry: MapGeometry, scene: Scene, width: int = DEFAULT_WIDTH) -> bytes:
    """The map as PNG bytes. Deterministic: same geometry, scene and width, same bytes."""
    return encode_png(render_image(geometry, scene, width))
