"""The renderer is generic: any ruleset's geometry (the JSON schema) and new piece kinds."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import bot.render
from bot.render import base, kinds, palette, registry, render_png
from bot.render.sprites import SymbolShape, draw_diamond
from rulesets.core.scene import (
    Header,
    MapGeometry,
    PieceStack,
    PowerStyle,
    Rect,
    RegionGeometry,
    RegionScene,
    Scene,
)

SCHEMA_FILE = Path(bot.render.__file__).with_name("map_geometry.schema.json")


def tiny_map() -> MapGeometry:
    def square(x: float) -> RegionGeometry:
        outline = [(x, 20.0), (x + 80, 20.0), (x + 80, 100.0), (x, 100.0)]
        return RegionGeometry(
            kind="land",
            outline=outline,
            fill="#C0D890",
            anchor=(x + 40, 60),
            card=Rect(x=x, y=110, width=90, height=30),
        )

    return MapGeometry(
        id="tiny",
        width=400,
        height=240,
        background="#A0C0E0",
        regions={"west": square(10), "east": square(110)},
        sidebar=Rect(x=220, y=5, width=175, height=230),
    )


def tiny_scene(*pieces: PieceStack) -> Scene:
    return Scene(
        map_id="tiny",
        header=Header(title="Tiny"),
        powers=[PowerStyle(power="red", name="Red", colour="#D55E00", letter="R")],
        regions=[
            RegionScene(id="west", label="West", control={"red": 2}, pieces=list(pieces)),
            RegionScene(id="east", label="East"),
        ],
    )


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_committed_json_schema_is_the_geometry_model() -> None:
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == MapGeometry.model_json_schema()


def test_any_ruleset_geometry_renders_at_any_width() -> None:
    image = pixels(render_png(tiny_map(), tiny_scene(), width=800))
    assert image.size == (800, 480)


def test_a_new_piece_kind_is_one_table_entry(monkeypatch: Any) -> None:
    cavalry = PieceStack(kind="cavalry", power="red", count=3)
    unknown = render_png(tiny_map(), tiny_scene(cavalry), width=800)
    monkeypatch.setitem(kinds.PIECE_SHAPES, "cavalry", SymbolShape(draw_diamond, aspect=2.0))
    drawn = render_png(tiny_map(), tiny_scene(cavalry), width=800)
    assert drawn != unknown
    assert drawn != render_png(tiny_map(), tiny_scene(), width=800)


def test_a_scene_for_another_map_is_refused() -> None:
    scene = tiny_scene().model_copy(update={"map_id": "struggle"})
    with pytest.raises(ValueError, match="geometry"):
        render_png(tiny_map(), scene)


def test_a_scene_region_without_geometry_is_refused() -> None:
    scene = tiny_scene()
    lost = scene.model_copy(update={"regions": [*scene.regions, RegionScene(id="sea", label="")]})
    with pytest.raises(ValueError, match="without geometry"):
        render_png(tiny_map(), lost)


def test_the_base_layer_is_drawn_once_per_map_and_width(monkeypatch: Any) -> None:
    drawn: list[int] = []
    real = base.draw_base_layer

    def counting(geometry: MapGeometry, width: int) -> Image.Image:
        drawn.append(width)
        return real(geometry, width)

    monkeypatch.setattr(base, "draw_base_layer", counting)
    base.clear_base_cache()
    palette.clear_palettes()
    geometry = tiny_map()
    for width in (400, 400, 800, 400):
        render_png(geometry, tiny_scene(), width=width)
    # The palette's small reference picture needs a base layer of its own, once.
    reference = palette.REFERENCE_WIDTH
    assert drawn == [reference, 400, 800]
    recoloured = geometry.model_copy(update={"background": "#102030"})
    render_png(recoloured, tiny_scene(), width=400)
    assert drawn == [reference, 400, 800, reference, 400]


def test_a_scene_builder_without_labels_still_registers(monkeypatch: Any) -> None:
    def old_style(view: Any, language: str) -> Scene:
        return tiny_scene()

    monkeypatch.setattr(registry, "_RENDERERS", {})
    registry.register_map("tiny", tiny_map, old_style)
    renderer = registry.map_renderer("tiny")
    assert renderer.scene_from_view({}, "fr", {"seat.P1": "Ann"}) == tiny_scene()
