"""Render a campaign's map off the event loop, cached by (campaign id, seq)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from bot.render.areas import MapArea, find_area, map_areas
from bot.render.cache import LruCache
from bot.render.changes import render_text, with_changes
from bot.render.compose import DEFAULT_WIDTH, encode_png, render_close_up_png, render_png
from bot.render.legend import render_legend_image
from bot.render.registry import map_renderer
from rulesets.core.scene import Scene

CAMPAIGN_CACHE_SIZE = 64

campaign_maps = LruCache(CAMPAIGN_CACHE_SIZE)


def campaign_scene(
    ruleset_name: str,
    public_view: Mapping[str, Any],
    language: str = "en",
    *,
    previous_view: Mapping[str, Any] | None = None,
    last: str | None = None,
    labels: Mapping[str, str] | None = None,
    awaited: Sequence[str] | None = None,
) -> Scene:
    """The scene a campaign's map shows (see `render_view_png`); also what
    `scoreboard.story_lines` and `scoreboard.panels_as_text` read for the message text."""
    renderer = map_renderer(ruleset_name)
    if awaited is not None:
        public_view = {**public_view, "awaited": list(awaited)}
    # The campaign's language words the renderer's own lines, whatever a game's scene says.
    scene = renderer.scene_from_view(public_view, language, labels)
    scene = scene.model_copy(update={"language": language})
    if previous_view is None:
        return scene
    before = renderer.scene_from_view(previous_view, language, labels)
    return with_changes(before, scene, last)


def render_view_png(
    ruleset_name: str,
    public_view: Mapping[str, Any],
    width: int | None = None,
    language: str = "en",
    *,
    previous_view: Mapping[str, Any] | None = None,
    last: str | None = None,
    labels: Mapping[str, str] | None = None,
    awaited: Sequence[str] | None = None,
    region: str | None = None,
    with_panels: bool = True,
    legend_apart: bool = False,
) -> bytes:
    """Blocking: build the scene from the public view and draw it.

    With `previous_view` (the public view before the last resolution) the map shows what
    changed: the regions outlined, arrows, and a "Last:" line, which `last` replaces when
    the caller words it better from the events. `labels` replace map texts by key, e.g.
    `seat.P3` -> the player's display name. `awaited` are the seats with a prompt, when the
    caller knows them (the banner then names exactly them). `region` crops a close-up of
    one region or area, named by its id or caption key or by its name in `language`
    (LookupError for a name the map does not know); `with_panels=False` leaves the side
    panels out (send `scoreboard.panels_as_text` in the message instead);
    `legend_apart=True` draws a one-line key in place of the legend (send
    `render_legend_png` beside the map).
    """
    geometry = map_renderer(ruleset_name).geometry_for(public_view)
    # A map is drawn at its native width unless asked otherwise: its design sizes (text of
    # at least 16 px, cards) are pixels there.
    width = width or max(DEFAULT_WIDTH, round(geometry.width))
    scene = campaign_scene(
        ruleset_name,
        public_view,
        language,
        previous_view=previous_view,
        last=last,
        labels=labels,
        awaited=awaited,
    )
    if not with_panels:
        scene = scene.model_copy(update={"panels": []})
    if legend_apart:
        key_line = render_text(language)["key_line"]
        scene = scene.model_copy(update={"legend": [], "key_line": key_line})
    if region is not None:
        area = find_area(map_areas(geometry, scene), region)
        return render_close_up_png(geometry, scene, area.regions, width)
    return render_png(geometry, scene, width)


def campaign_areas(
    ruleset_name: str, public_view: Mapping[str, Any], language: str = "en"
) -> list[MapArea]:
    """The parts of a campaign's map a close-up can show, named in `language`."""
    renderer = map_renderer(ruleset_name)
    geometry = renderer.geometry_for(public_view)
    return map_areas(geometry, renderer.scene_from_view(public_view, language))


def render_legend_png(
    ruleset_name: str, public_view: Mapping[str, Any], language: str = "en"
) -> bytes:
    """The map's legend alone (`/map legend`), in the campaign's language."""
    renderer = map_renderer(ruleset_name)
    scene = renderer.scene_from_view(public_view, language)
    return encode_png(render_legend_image(scene))


async def render_campaign_png(
    ruleset_name: str,
    public_view: Mapping[str, Any],
    *,
    campaign_id: int | str,
    seq: int,
    width: int | None = None,
    language: str = "en",
    previous_view: Mapping[str, Any] | None = None,
    last: str | None = None,
    labels: Mapping[str, str] | None = None,
    awaited: Sequence[str] | None = None,
    region: str | None = None,
    with_panels: bool = True,
    legend_apart: bool = False,
) -> bytes:
    """The campaign's map at `seq` as PNG bytes, drawn in a worker thread.

    Pass the PUBLIC views only (`view(state, None)`): the map is posted to the channel.
    `language` is the campaign's language (the map's names, headings and legend);
    `previous_view`, `last`, `labels`, `awaited`, `region`, `with_panels` and
    `legend_apart` as in `render_view_png`.
    The cache is keyed by the campaign, seq and every option that changes the picture.
    """
    named = tuple(sorted((labels or {}).items()))
    told = previous_view is not None
    waiting = tuple(awaited) if awaited is not None else None
    key = (
        campaign_id,
        seq,
        width,
        language,
        told,
        last,
        named,
        waiting,
        region,
        with_panels,
        legend_apart,
    )
    cached = campaign_maps.get(key)
    if cached is not None:
        return cached
    png = await asyncio.to_thread(
        partial(
            render_view_png,
            ruleset_name,
            public_view,
            width,
            language,
            previous_view=previous_view,
            last=last,
            labels=labels,
            awaited=awaited,
            region=region,
            with_panels=with_panels,
            legend_apart=legend_apart,
        )
    )
    campaign_maps.put(key, png)
    return png
