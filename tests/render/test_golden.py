"""Rendered maps match their references, and the comparison notices a missing detail."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render import render_png
from bot.render.base import clear_base_cache
from bot.render.palette import clear_palettes
from rulesets.core.scene import PieceStack, RegionMarker, Scene
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.golden import matches, reference
from tests.render.views import finished_view, midgame_view, opening_view

WIDTH = 1600


def render(scene: Scene) -> bytes:
    return render_png(load_geometry(), scene, WIDTH)


def with_region(scene: Scene, region_id: str, **changes: Any) -> Scene:
    regions = [
        region.model_copy(update=changes) if region.id == region_id else region
        for region in scene.regions
    ]
    return scene.model_copy(update={"regions": regions})


@pytest.fixture(scope="module")
def midgame() -> Scene:
    return scene_from_view(midgame_view())


@pytest.fixture(scope="module")
def midgame_reference(midgame: Scene) -> Any:
    return reference("struggle-midgame", render(midgame))


@pytest.mark.parametrize(
    ("name", "view"),
    [
        ("struggle-midgame", midgame_view),
        ("struggle-opening", opening_view),
        ("struggle-finished", finished_view),
    ],
)
def test_map_matches_its_reference(name: str, view: Any) -> None:
    png = render(scene_from_view(view()))
    assert matches(png, reference(name, png))


def test_rendering_is_deterministic(midgame: Scene) -> None:
    assert render(midgame) == render(midgame)


def test_a_missing_army_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    germany = midgame.region("GER")
    fewer = [stack for stack in germany.pieces if (stack.kind, stack.power) != ("army", "AUS")]
    assert len(fewer) == len(germany.pieces) - 1
    assert not matches(render(with_region(midgame, "GER", pieces=fewer)), midgame_reference)


def test_a_changed_count_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    baltic = midgame.region("BAL")
    control = {**baltic.control, "RUS": baltic.control["RUS"] + 1}
    assert not matches(render(with_region(midgame, "BAL", control=control)), midgame_reference)


def test_a_missing_marker_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    ottoman = midgame.region("OTT")
    markers = list(ottoman.markers[1:])
    assert not matches(render(with_region(midgame, "OTT", markers=markers)), midgame_reference)


def test_a_changed_letter_in_a_label_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    changed = with_region(midgame, "CAR", label="Caribbeam")
    assert not matches(render(changed), midgame_reference)


def test_a_piece_of_an_unknown_kind_still_shows(midgame: Scene, midgame_reference: Any) -> None:
    india = midgame.region("IND")
    pieces = [*india.pieces, PieceStack(kind="cavalry", power="FRA", count=2)]
    assert not matches(render(with_region(midgame, "IND", pieces=pieces)), midgame_reference)


def test_a_marker_of_an_unknown_kind_still_shows(midgame: Scene, midgame_reference: Any) -> None:
    africa = midgame.region("AFR")
    markers = [*africa.markers, RegionMarker(kind="treasure", value=5)]
    assert not matches(render(with_region(midgame, "AFR", markers=markers)), midgame_reference)


def test_the_bytes_do_not_depend_on_what_was_drawn_before(midgame: Scene) -> None:
    clear_palettes()
    clear_base_cache()
    first = render(midgame)
    clear_palettes()
    clear_base_cache()
    render(scene_from_view(opening_view()))
    assert render(midgame) == first


def test_a_changed_reward_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    germany = midgame.region("GER")
    cheaper = [marker.model_copy(update={"rewards": {"gold": 1}}) for marker in germany.markers]
    assert not matches(render(with_region(midgame, "GER", markers=cheaper)), midgame_reference)
