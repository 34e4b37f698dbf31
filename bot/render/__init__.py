"""Map rendering (Pillow): the only code that draws. Scenes and geometry in, PNG bytes out."""

from bot.render.campaign import render_campaign_png, render_legend_png, render_view_png
from bot.render.compose import render_close_up_png, render_image, render_png
from bot.render.registry import has_map, map_renderer, register_map
from bot.render.timeline import render_timeline

__all__ = [
    "has_map",
    "map_renderer",
    "register_map",
    "render_campaign_png",
    "render_close_up_png",
    "render_image",
    "render_legend_png",
    "render_png",
    "render_timeline",
    "render_view_png",
]
