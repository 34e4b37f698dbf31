"""Rendered maps match their references, and the comparison notices a missing detail."""

from __future__ import annotations

from typing import Any

import pytest

from bot.render import render_png
from bot.render.base import clear_base_cache
from bot.render.changes import with_changes
from bot.render.palette import clear_palettes
from rulesets.core.scene import PieceStack, RegionMarker, Scene
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.golden import matches, reference
from tests.render.views import attack_view, finished_view, midgame_view, opening_view

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


def after_attack() -> Scene:
    return with_changes(scene_from_view(midgame_view()), scene_from_view(attack_view()))


@pytest.fixture(scope="module")
def after_attack_reference() -> Any:
    png = render(after_attack())
    return reference("struggle-after-attack", png)


def test_the_map_after_an_attack_matches_its_reference(after_attack_reference: Any) -> None:
    assert matches(render(after_attack()), after_attack_reference)


def test_a_missing_last_line_is_noticed(after_attack_reference: Any) -> None:
    scene = after_attack()
    assert scene.changes is not None and scene.changes.last
    silent = scene.model_copy(update={"changes": scene.changes.model_copy(update={"last": ""})})
    assert not matches(render(silent), after_attack_reference)


def test_a_missing_changed_outline_is_noticed(after_attack_reference: Any) -> None:
    scene = after_attack()
    assert scene.changes is not None
    bare = scene.changes.model_copy(update={"regions": []})
    assert not matches(render(scene.model_copy(update={"changes": bare})), after_attack_reference)


def test_a_region_filled_with_the_wrong_leader_is_noticed(
    midgame: Scene, midgame_reference: Any
) -> None:
    wrong = with_region(midgame, "NAM", holders=["FRA"])
    assert not matches(render(wrong), midgame_reference)


def test_a_banner_naming_another_seat_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    assert midgame.banner is not None
    banner = midgame.banner.model_copy(update={"text": "Spain to act: 2 actions left"})
    assert not matches(render(midgame.model_copy(update={"banner": banner})), midgame_reference)


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
