"""Campaign maps: drawn off the event loop, cached by (campaign, seq), from real views."""

from __future__ import annotations

import asyncio
import io
import json
import threading
from typing import Any

import pytest
from PIL import Image

from bot.render import __main__ as command_line
from bot.render import campaign, has_map, render_timeline
from bot.render.cache import LruCache
from rulesets.core import legal_prompts, start, submit
from rulesets.registry import get
from rulesets.struggle.map import scene_from_view
from tests.render.views import midgame_view, opening_view

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    campaign.campaign_maps.clear()


async def test_a_campaign_map_is_drawn_in_a_worker_thread(monkeypatch: Any) -> None:
    threads: list[threading.Thread] = []
    real = campaign.render_view_png

    def spy(*args: Any, **options: Any) -> bytes:
        threads.append(threading.current_thread())
        return real(*args, **options)

    monkeypatch.setattr(campaign, "render_view_png", spy)
    png = await campaign.render_campaign_png("struggle", midgame_view(), campaign_id=7, seq=3)
    assert png.startswith(PNG_SIGNATURE)
    assert Image.open(io.BytesIO(png)).width >= 1600
    assert threads and threads[0] is not threading.main_thread()


async def test_the_same_campaign_and_seq_renders_once(monkeypatch: Any) -> None:
    calls: list[int] = []

    def counting(name: str, view: Any, width: int, language: str, **options: Any) -> bytes:
        calls.append(view["round"])
        return b"png"

    monkeypatch.setattr(campaign, "render_view_png", counting)
    first = await campaign.render_campaign_png("struggle", midgame_view(), campaign_id=1, seq=9)
    again = await campaign.render_campaign_png("struggle", midgame_view(), campaign_id=1, seq=9)
    later = await campaign.render_campaign_png("struggle", opening_view(), campaign_id=1, seq=10)
    assert first == again == later == b"png"
    assert calls == [3, 1]


async def test_renders_of_several_campaigns_can_run_together() -> None:
    maps = await asyncio.gather(
        campaign.render_campaign_png("struggle", midgame_view(), campaign_id="a", seq=1),
        campaign.render_campaign_png("struggle", opening_view(), campaign_id="b", seq=1),
    )
    assert maps[0] != maps[1]


async def test_a_french_campaign_gets_a_french_map() -> None:
    english = await campaign.render_campaign_png("struggle", midgame_view(), campaign_id=4, seq=1)
    french = await campaign.render_campaign_png(
        "struggle", midgame_view(), campaign_id=4, seq=1, language="fr"
    )
    assert english != french


def test_the_lru_cache_forgets_the_least_recently_used_map() -> None:
    cache = LruCache(2)
    cache.put("old", b"1")
    cache.put("kept", b"2")
    assert cache.get("old") == b"1"
    cache.put("new", b"3")
    assert cache.get("kept") is None
    assert cache.get("old") == b"1" and cache.get("new") == b"3"


def test_an_unknown_ruleset_has_no_map() -> None:
    with pytest.raises(LookupError):
        campaign.render_view_png("chess", {})


def test_a_timeline_is_an_animated_gif_with_one_frame_per_scene() -> None:
    frames = [scene_from_view(opening_view()), scene_from_view(midgame_view())]
    gif = Image.open(io.BytesIO(render_timeline(frames, width=640)))
    assert gif.format == "GIF"
    assert getattr(gif, "n_frames", 1) == 2
    assert gif.width == 640


def test_the_public_view_of_a_real_game_renders() -> None:
    struggle = get("struggle")
    seats = ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]
    state = start(struggle, seats, {}, "5" * 64).state
    for pick in range(150):
        prompts = legal_prompts(struggle, state)
        if not prompts:
            break
        prompt = prompts[pick % len(prompts)]
        choice = prompt.choices[pick % len(prompt.choices)]
        state = submit(struggle, state, prompt.seat, choice.instantiate()).state
    view = struggle.view(state, None)
    scene = scene_from_view(view)
    assert {region.id for region in scene.regions} >= set(view["regions"])
    assert sum(sum(region.control.values()) for region in scene.regions) > 0
    png = campaign.render_view_png("struggle", view)
    assert png.startswith(PNG_SIGNATURE)


def test_the_command_line_draws_a_saved_view(tmp_path: Any) -> None:
    saved = tmp_path / "view.json"
    saved.write_text(json.dumps(midgame_view()), encoding="utf-8")
    output = tmp_path / "map.png"
    command_line.main(["struggle", str(saved), str(output), "--width", "800"])
    assert Image.open(output).size == (800, 500)


def test_which_rulesets_have_a_map_is_known_before_drawing() -> None:
    assert has_map("struggle")
    assert not has_map("chess")
