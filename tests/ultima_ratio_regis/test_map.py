"""The schematic map: every zone of the data has geometry, the scene shows only public
information, and a mid-campaign map matches its reference image."""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

from PIL import Image

from bot.render import render_png
from bot.render.registry import has_map
from rulesets.core import legal_prompts, start, submit
from rulesets.core.scene import Scene
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.data import default_data
from rulesets.ultima_ratio_regis.map import load_geometry, scene_from_view
from tests.random_play import random_action
from tests.render.golden import matches

GOLDEN = Path(__file__).resolve().parent / "golden" / "midgame.png"


def played_view(steps: int = 300, seed: int = 2) -> dict[str, Any]:
    rng = random.Random(seed)
    state = start(URR, ["P1", "P2", "P3", "P4", "REF"], {}, "11" * 32).state
    for _ in range(steps):
        prompt = rng.choice(legal_prompts(URR, state))
        state = submit(URR, state, prompt.seat, random_action(prompt, rng)).state
    return URR.view(state, None)


def midgame() -> Scene:
    return scene_from_view(played_view(), "en")


def reference(png: bytes) -> Image.Image:
    if os.environ.get("COURIER_UPDATE_GOLDEN") == "1":
        GOLDEN.write_bytes(png)
    image = Image.open(GOLDEN)
    image.load()
    return image


def test_the_renderer_finds_the_map() -> None:
    assert has_map(URR.name)


def test_every_zone_has_geometry() -> None:
    assert set(load_geometry().regions) == {zone.id for zone in default_data().zones}


def test_the_scene_carries_no_hand() -> None:
    view = played_view(120)
    scene = scene_from_view(view, "fr")
    cards = [card.id for card in default_data().deck]
    text = json.dumps(scene.model_dump(mode="json"))
    assert not any(f'"{card}"' in text for card in cards)
    assert "Tour" in scene.header.lines[0]


def test_midgame_matches_its_reference() -> None:
    png = render_png(load_geometry(), midgame())
    assert Image.open(io.BytesIO(png)).size[0] > 0
    assert matches(png, reference(png))


def test_a_missing_unit_is_noticed() -> None:
    scene = midgame()
    region = next(r for r in scene.regions if r.pieces)
    changed = region.model_copy(update={"pieces": region.pieces[:-1]})
    regions = [changed if r.id == region.id else r for r in scene.regions]
    png = render_png(load_geometry(), scene.model_copy(update={"regions": regions}))
    assert not matches(png, reference(render_png(load_geometry(), scene)))
