"""Every text a player reads is at least 16 px on a map 1600 px wide (a phone shows it at
about 550 px): measured from the fonts the renderer asks for while drawing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.render import cards, render_image
from bot.render.changes import with_changes
from bot.render.fonts import MIN_TEXT, measured_sizes
from bot.render.layout import lay_out_cards
from rulesets.core.scene import MapGeometry, Scene
from rulesets.empires.map import load_geometry as empires_geometry
from rulesets.empires.map import scene_from_view as empires_scene
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.golden import GOLDEN_DIR
from tests.render.views import attack_view, finished_view, midgame_view, opening_view

PHONE_REFERENCE_WIDTH = 1600


def smallest_text(geometry: MapGeometry, scene: Scene, width: int) -> float:
    """The smallest text drawn, in pixels of the map drawn `width` wide."""
    with measured_sizes() as sizes:
        render_image(geometry, scene, width)
    assert sizes, "nothing was measured"
    return min(size for _, size in sizes)


def struggle_scenes() -> list[Scene]:
    after = with_changes(scene_from_view(midgame_view()), scene_from_view(attack_view()))
    french = with_changes(
        scene_from_view(midgame_view(), "fr"), scene_from_view(attack_view(), "fr")
    )
    return [after, french, scene_from_view(opening_view()), scene_from_view(finished_view())]


@pytest.mark.parametrize("index", range(4))
def test_struggle_has_no_text_below_16_px_at_1600_px(index: int) -> None:
    scene = struggle_scenes()[index]
    assert smallest_text(load_geometry(), scene, PHONE_REFERENCE_WIDTH) >= MIN_TEXT


def test_empires_has_no_text_below_16_px_at_its_native_width() -> None:
    view = json.loads((GOLDEN_DIR / "empires-midgame.json").read_text(encoding="utf-8"))
    scene = empires_scene(view, "fr", {"seat.P1": "Bérénice de Montmorency"})
    geometry = empires_geometry()
    assert smallest_text(geometry, scene, round(geometry.width)) >= MIN_TEXT


def test_the_measure_notices_a_label_made_smaller(monkeypatch: Any) -> None:
    monkeypatch.setattr(cards, "COUNT_SIZE", 12.0)
    scene = scene_from_view(midgame_view())
    assert smallest_text(load_geometry(), scene, PHONE_REFERENCE_WIDTH) == 12


def test_a_long_region_name_widens_its_card_instead_of_shrinking() -> None:
    scene = scene_from_view(midgame_view(), labels={"name.BAL": "The Baltic and its Coasts"})
    assert smallest_text(load_geometry(), scene, PHONE_REFERENCE_WIDTH) >= MIN_TEXT
    baltic = next(
        card for card in lay_out_cards(load_geometry(), scene, 1.0) if card.region.id == "BAL"
    )
    assert baltic.box[2] - baltic.box[0] > baltic.geo.card.width
    assert baltic.box[2] - baltic.box[0] >= cards.title_width(baltic.region, 1.0)
