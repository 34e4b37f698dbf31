"""The Colonial map: geometry for every Territory, a golden mid-game, and a map built from
the public view only, so that no unrevealed card can reach it."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import pytest

from bot.render import render_png
from rulesets.colonial import COLONIAL
from rulesets.colonial.data import default_data
from rulesets.colonial.map import load_geometry, scene_from_view
from rulesets.colonial.map.geometry import GEOMETRY_FILE, SEAT_STYLES
from rulesets.core import legal_prompts, start, submit
from rulesets.core.scene import Scene
from tests.render.golden import GOLDEN_DIR, matches, reference

WIDTH = 1800
# A public view saved from a seeded four-player autopilot game in turn 5, round 2.
MIDGAME_VIEW = GOLDEN_DIR / "colonial-midgame.json"
BUILDER = Path(__file__).resolve().parents[2] / "assets" / "maps" / "build_colonial_map.py"


def render(scene: Scene) -> bytes:
    return render_png(load_geometry(), scene, WIDTH)


@pytest.fixture(scope="module")
def midgame() -> Scene:
    return scene_from_view(json.loads(MIDGAME_VIEW.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def midgame_reference(midgame: Scene) -> Any:
    return reference("colonial-midgame", render(midgame))


def test_every_territory_has_geometry_on_its_continent() -> None:
    geometry = load_geometry()
    territories = default_data().territories
    assert set(geometry.regions) == {t.id for t in territories}
    for territory in territories:
        assert geometry.regions[territory.id].kind == territory.continent


def test_the_committed_geometry_is_what_the_builder_makes() -> None:
    built = runpy.run_path(str(BUILDER))["build"]()
    assert json.loads(GEOMETRY_FILE.read_text(encoding="utf-8")) == json.loads(json.dumps(built))


def test_cards_lie_left_of_the_sidebar() -> None:
    geometry = load_geometry()
    for region in geometry.regions.values():
        assert region.card.x + region.card.width < geometry.sidebar.x
        assert max(x for x, _ in region.outline) < geometry.sidebar.x


def test_every_player_colour_and_letter_is_distinct() -> None:
    colours = {colour for colour, _ in SEAT_STYLES.values()}
    letters = {letter for _, letter in SEAT_STYLES.values()}
    assert len(colours) == len(letters) == 6


def test_midgame_matches_its_reference(midgame: Scene, midgame_reference: Any) -> None:
    assert matches(render(midgame), midgame_reference)


def test_a_missing_counter_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    busy = next(region for region in midgame.regions if region.pieces)
    regions = [
        r.model_copy(update={"pieces": r.pieces[:-1]}) if r.id == busy.id else r
        for r in midgame.regions
    ]
    fewer = midgame.model_copy(update={"regions": regions})
    assert not matches(render(fewer), midgame_reference)


def test_the_scene_shows_stacks_controllers_and_revealed_cards(midgame: Scene) -> None:
    view = json.loads(MIDGAME_VIEW.read_text(encoding="utf-8"))
    for region in midgame.regions:
        stacks = view["territories"][region.id]["stacks"]
        slots = [m for m in region.markers if m.kind.startswith("res_")]
        assert [m.value for m in slots] == [len(s) for s in stacks]
        assert [m.holds for m in slots] == [s[0] if s else None for s in stacks]
    cards = next(panel for panel in midgame.panels if panel.style == "list")
    assert all(row.values[0] for row in cards.rows)


def test_a_map_drawn_while_programming_shows_no_hidden_card() -> None:
    state = start(COLONIAL, ["col_red", "col_blue", "col_green"], {}, "ab" * 32).state
    for card in ("card_5", "card_2", "card_6", "card_3"):
        state = submit(COLONIAL, state, "col_red", {"type": "program_card", "card": card}).state
    state = submit(COLONIAL, state, "col_red", {"type": "confirm_programme"}).state
    assert legal_prompts(COLONIAL, state)
    scene = scene_from_view(COLONIAL.view(state, None), "fr")
    text = scene.model_dump_json()
    for name in ("carte 5", "carte 2", "carte 6", "carte 3"):
        assert name not in text
    assert "programmé, caché" in text
