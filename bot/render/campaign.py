"""Render a campaign's map off the event loop, cached by (campaign id, seq)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from bot.render.cache import LruCache
from bot.render.compose import DEFAULT_WIDTH, render_png
from bot.render.registry import map_renderer

CAMPAIGN_CACHE_SIZE = 64

campaign_maps = LruCache(CAMPAIGN_CACHE_SIZE)


def render_view_png(
    ruleset_name: str,
    public_view: Mapping[str, Any],
    width: int = DEFAULT_WIDTH,
    language: str = "en",
) -> bytes:
    """Blocking: build the scene from the public view and draw it."""
    renderer = map_renderer(ruleset_name)
    scene = renderer.scene_from_view(public_view, language)
    return render_png(renderer.load_geometry(), scene, width)


async def render_campaign_png(
    ruleset_name: str,
    public_view: Mapping[str, Any],
    *,
    campaign_id: int | str,
    seq: int,
    width: int = DEFAULT_WIDTH,
    language: str = "en",
) -> bytes:
    """The campaign's map at `seq` as PNG bytes, drawn in a worker thread.

    Pass the PUBLIC view only (`view(state, None)`): the map is posted to the channel.
    `language` is the campaign's language (the map's names, headings and legend).
    """
    key = (campaign_id, seq, width, language)
    cached = campaign_maps.get(key)
    if cached is not None:
        return cached
    png = await asyncio.to_thread(render_view_png, ruleset_name, public_view, width, language)
    campaign_maps.put(key, png)
    return png
