"""The Empires map: geometry for every region of the rules, a golden mid-game, a real game."""

from __future__ import annotations

import itertools
import json
import random
import runpy
from pathlib import Path
from typing import Any

import pytest

from bot.render import cards, compose, layout, render_image, render_png
from bot.render.campaign import render_campaign_png
from bot.render.layout import caption_boxes, lay_out_cards, shown_captions
from rulesets.core import legal_prompts, start, submit
from rulesets.core.scene import Scene
from rulesets.empires import EMPIRES
from rulesets.empires.data import default_data
from rulesets.empires.map import load_geometry, map_text, scene_from_view
from rulesets.empires.map.geometry import EMPIRE_STYLES, GEOMETRY_FILE
from tests.random_play import random_action
from tests.render.golden import GOLDEN_DIR, matches, reference

WIDTH = 2020
# A public view saved from a seeded four-player game in decade 5, so that the reference
# does not move when the rules' random play changes.
MIDGAME_VIEW = GOLDEN_DIR / "empires-midgame.json"
BUILDER = Path(__file__).resolve().parents[2] / "assets" / "maps" / "build_empires_map.py"


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
    return scene_from_view(json.loads(MIDGAME_VIEW.read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def midgame_reference(midgame: Scene) -> Any:
    return reference("empires-midgame", render(midgame))


def test_every_region_of_the_rules_has_geometry_and_no_other() -> None:
    geometry = load_geometry()
    regions = default_data().regions
    assert set(geometry.regions) == {region.id for region in regions}
    for region in regions:
        assert geometry.regions[region.id].kind == region.kind


def test_the_committed_geometry_is_what_the_builder_makes() -> None:
    built = runpy.run_path(str(BUILDER))["build"]()
    assert json.loads(GEOMETRY_FILE.read_text(encoding="utf-8")) == json.loads(json.dumps(built))


def test_every_region_is_named_on_the_map() -> None:
    captions = {key for key, _ in load_geometry().captions}
    assert captions == {f"name.{region}" for region in load_geometry().regions}


def test_midgame_matches_its_reference(midgame: Scene, midgame_reference: Any) -> None:
    assert matches(render(midgame), midgame_reference)


def test_a_missing_unit_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    london = midgame.region("london")
    fewer = london.pieces[:-1]
    assert not matches(render(with_region(midgame, "london", pieces=fewer)), midgame_reference)


def test_a_missing_flag_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    bosnia = midgame.region("bosnia")
    assert bosnia.control
    assert not matches(render(with_region(midgame, "bosnia", control={})), midgame_reference)


def test_a_changed_count_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    trieste = midgame.region("trieste")
    last = trieste.pieces[-1]
    more = [*trieste.pieces[:-1], last.model_copy(update={"count": last.count + 1})]
    assert not matches(render(with_region(midgame, "trieste", pieces=more)), midgame_reference)


def test_a_changed_label_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    changed = with_region(midgame, "konya", label="Konye")
    assert not matches(render(changed), midgame_reference)


def test_a_changed_power_is_noticed(midgame: Scene, midgame_reference: Any) -> None:
    panel = midgame.panels[0]
    first = panel.rows[0]
    rows = [first.model_copy(update={"values": ["9", *first.values[1:]]}), *panel.rows[1:]]
    panels = [panel.model_copy(update={"rows": rows}), *midgame.panels[1:]]
    assert not matches(render(midgame.model_copy(update={"panels": panels})), midgame_reference)


def _played_view(steps: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = start(EMPIRES, ["P1", "P2", "P3"], {}, f"{seed:064x}").state
    for _ in range(steps):
        if state.finished:
            break
        prompt = rng.choice(legal_prompts(EMPIRES, state))
        state = submit(EMPIRES, state, prompt.seat, random_action(prompt, rng)).state
    return EMPIRES.view(state, None)


@pytest.mark.parametrize("steps", [0, 120, 10_000])
def test_a_real_game_view_renders_with_every_unit(steps: int) -> None:
    view = _played_view(steps, seed=11)
    scene = scene_from_view(view, "fr")
    units_in_view = sum(
        count
        for region in view["regions"].values()
        for kinds in region["units"].values()
        for count in kinds.values()
    )
    units_in_scene = sum(
        stack.count
        for region in scene.regions
        for stack in region.pieces
        if stack.kind in ("infantry", "artillery", "two_master", "three_master")
    )
    assert units_in_scene == units_in_view
    assert render(scene).startswith(b"\x89PNG")


def test_every_region_and_empire_has_a_name_in_each_language() -> None:
    places = [*load_geometry().regions, *EMPIRE_STYLES]
    for language in ("en", "fr"):
        names = map_text(language)
        english = map_text("en")
        for place in places:
            assert f"name.{place}" in names
        assert language == "en" or any(
            names[f"name.{place}"] != english[f"name.{place}"] for place in places
        )


async def test_a_campaign_map_is_drawn_for_the_empires_ruleset() -> None:
    view = json.loads(MIDGAME_VIEW.read_text(encoding="utf-8"))
    png = await render_campaign_png("empires", view, campaign_id=3, seq=150, language="fr")
    assert png.startswith(b"\x89PNG")


ENDGAME_VIEW = GOLDEN_DIR / "empires-endgame.json"


Problems = tuple[list[str], list[tuple[str, str]], list[tuple[str, str]]]


def card_problems(view: dict[str, Any]) -> Problems:
    """The cards that leave the map (beside the sidebar), the pairs of cards that overlap,
    and the cards that lie over a region's written name (card, name)."""
    geometry = load_geometry()
    scene = scene_from_view(view)
    cards = lay_out_cards(geometry, scene, 1.0)
    outside = [
        card.region.id
        for card in cards
        if card.box[0] < 0
        or card.box[1] < 0
        or card.box[2] > geometry.sidebar.x
        or card.box[3] > geometry.height
    ]
    overlapping = [
        (a.region.id, b.region.id)
        for a, b in itertools.combinations(cards, 2)
        if a.box[0] < b.box[2]
        and b.box[0] < a.box[2]
        and a.box[1] < b.box[3]
        and b.box[1] < a.box[3]
    ]
    names = [text for text, _ in shown_captions(geometry, scene)]
    hidden = [
        (card.region.id, name)
        for card in cards
        for name, box in zip(names, caption_boxes(geometry, scene, 1.0))
        if card.box[0] < box[2]
        and box[0] < card.box[2]
        and card.box[1] < box[3]
        and box[1] < card.box[3]
    ]
    return outside, overlapping, hidden


def test_cards_left_where_the_geometry_puts_them_would_hide_names(monkeypatch: Any) -> None:
    """The check finds what it looks for: cards kept on their anchors (no room searched)
    lie over 18 of the end game's region names, as before the layout looked for room."""
    view = json.loads(ENDGAME_VIEW.read_text(encoding="utf-8"))
    monkeypatch.setattr(layout, "_centred", lambda geo: False)
    hidden = card_problems(view)[2]
    assert len(hidden) == 18 and ("trieste", "Venice") in hidden


@pytest.mark.parametrize("saved", [MIDGAME_VIEW, ENDGAME_VIEW])
def test_cards_stay_on_the_map_and_apart(saved: Path) -> None:
    assert card_problems(json.loads(saved.read_text(encoding="utf-8"))) == ([], [], [])


def test_cards_stay_on_the_map_and_apart_through_a_six_player_game() -> None:
    rng = random.Random(1)
    seats = [f"P{index}" for index in range(1, 7)]
    state = start(EMPIRES, seats, {}, f"{1:064x}").state
    checked = 0
    for step in range(2_000):
        if state.finished:
            break
        prompt = rng.choice(legal_prompts(EMPIRES, state))
        state = submit(EMPIRES, state, prompt.seat, random_action(prompt, rng)).state
        if step % 40 == 0:
            assert card_problems(EMPIRES.view(state, None)) == ([], [], []), step
            checked += 1
    assert state.finished and checked > 5
    assert card_problems(EMPIRES.view(state, None)) == ([], [], [])


def test_a_region_with_a_card_is_named_once(midgame: Scene, monkeypatch: Any) -> None:
    written: list[str] = []
    real = compose.write

    def spy(draw: Any, xy: Any, text: str, **style: Any) -> None:
        written.append(text)
        real(draw, xy, text, **style)

    monkeypatch.setattr(compose, "write", spy)
    monkeypatch.setattr(cards, "write", spy)
    render_image(load_geometry(), midgame, WIDTH)
    assert written.count("London") == 1  # its card's title, no caption under the card
    assert written.count("Norway") == 1  # no card: its caption


def test_a_region_takes_its_flag_holders_colour_and_a_city_its_occupiers() -> None:
    view = json.loads(ENDGAME_VIEW.read_text(encoding="utf-8"))
    flagged = next(rid for rid, raw in view["regions"].items() if raw.get("flag"))
    city = next(rid for rid, raw in view["regions"].items() if raw["kind"] == "city")
    view["regions"][city]["occupied_by"] = "RU"
    scene = scene_from_view(view)
    assert scene.region(flagged).leaders() == [view["regions"][flagged]["flag"]]
    assert scene.region(city).leaders() == ["RU"]


COASTS = BUILDER.with_name("empires_coasts.json")


def test_land_and_sea_regions_follow_natural_earths_coasts_from_the_committed_asset() -> None:
    coasts = json.loads(COASTS.read_text(encoding="utf-8"))
    assert coasts["source"].startswith("Natural Earth")
    assert COASTS.stat().st_size < 40_000
    geometry = load_geometry()
    assert [[list(point) for point in shape.points] for shape in geometry.art] == coasts["land"]
    # Nearly every region is cut at the coast (a few keep their cell where the board's
    # schematic puts them off the world's land).
    assert len(coasts["regions"]) >= 0.9 * len(geometry.regions)
    for region_id, outline in coasts["regions"].items():
        assert [list(point) for point in geometry.regions[region_id].outline] == outline
    # A coastline has many more corners than a Voronoi cell's dozen.
    assert len(geometry.regions["naples"].outline) > 20
