"""`/map region:` in the renderer: the parts of each game's map a close-up shows, found by
their names in the campaign's language, and `/map legend`'s one-line key."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.render import campaign
from bot.render.areas import close_up_box, find_area, folded, map_areas, suggest_areas
from bot.render.fonts import MIN_TEXT, measured_sizes
from bot.render.registry import map_renderer
from rulesets import registry
from rulesets.core import start
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.views import midgame_view

WIDTH = 1600
GAMES_WITH_A_MAP = ("struggle", "empires", "colonial", "pax-britannica", "ultima-ratio-regis")


def opening_view(ruleset_name: str) -> dict[str, Any]:
    """The public view of a new game at the smallest table the game allows."""
    ruleset = registry.get(ruleset_name)
    seats = [spec.id for spec in ruleset.seat_pool()]
    for count in range(2, len(seats) + 1):
        try:
            ruleset.check_seats(seats[:count])
        except Exception:
            continue
        outcome = start(ruleset, seats[:count], {}, "cd" * 32)
        return ruleset.view(outcome.state, None)
    raise AssertionError(f"no table size starts {ruleset_name}")


def test_struggle_offers_europe_and_its_insets_before_its_regions() -> None:
    areas = map_areas(load_geometry(), scene_from_view(midgame_view()))
    names = [area.name for area in areas]
    assert names[:3] == ["Europe", "The Americas", "The Indies"]
    assert len(areas) == 3 + len(load_geometry().regions)
    americas = areas[1]
    assert set(americas.regions) == {"NAM", "CAR", "SAM"}
    assert "IND" not in next(a for a in areas if a.name == "Europe").regions


def test_a_name_is_found_without_case_or_accents_in_the_campaign_language() -> None:
    areas = map_areas(load_geometry(), scene_from_view(midgame_view(), "fr"))
    assert find_area(areas, "MEDITERRANEE").key == "MED"
    assert find_area(areas, "  les   indes ").regions == ("IND", "EIN")
    assert find_area(areas, "CEU").key == "CEU"  # the id an autocomplete choice sends
    with pytest.raises(LookupError):
        find_area(areas, "Atlantide")
    assert folded("Empire ottoman") == "empire ottoman"


def test_suggestions_put_names_starting_with_the_typed_text_first() -> None:
    areas = map_areas(load_geometry(), scene_from_view(midgame_view()))
    assert [area.name for area in suggest_areas(areas, "ind")] == [
        "India",
        "The Indies",
        "East Indies",
    ]
    assert len(suggest_areas(areas, "")) == len(areas) == 21
    empires = campaign.campaign_areas("empires", opening_view("empires"))
    assert len(empires) > 25 and len(suggest_areas(empires, "")) == 25  # Discord's limit


def test_an_area_close_up_holds_every_region_of_it_and_no_sidebar() -> None:
    geometry = load_geometry()
    scene = scene_from_view(midgame_view())
    left, top, right, bottom = close_up_box(geometry, scene, ("NAM", "CAR", "SAM"), WIDTH)
    for region_id in ("NAM", "CAR", "SAM"):
        for x, y in geometry.regions[region_id].outline:
            assert left <= x <= right and top <= y <= bottom
    assert right <= geometry.sidebar.x
    with pytest.raises(LookupError):
        close_up_box(geometry, scene, (), WIDTH)


@pytest.mark.parametrize("ruleset_name", GAMES_WITH_A_MAP)
def test_every_game_with_a_map_crops_a_close_up_of_each_named_part(ruleset_name: str) -> None:
    view = opening_view(ruleset_name)
    areas = campaign.campaign_areas(ruleset_name, view)
    assert areas, f"{ruleset_name} offers nothing to close up on"
    geometry = map_renderer(ruleset_name).load_geometry()
    # Each is offered by a name a player reads, never by a bare id.
    assert all(area.name != area.key or area.key in geometry.areas for area in areas)
    whole = Image.open(io.BytesIO(campaign.render_view_png(ruleset_name, view)))
    region = next(area for area in areas if len(area.regions) == 1)
    png = campaign.render_view_png(ruleset_name, view, region=region.name)
    close_up = Image.open(io.BytesIO(png))
    assert close_up.width * close_up.height < whole.width * whole.height / 2
    with pytest.raises(LookupError):
        campaign.render_view_png(ruleset_name, view, region="Atlantis")


def test_a_map_with_its_legend_apart_keeps_one_line_of_it_at_full_size() -> None:
    # Drawn once first: the palette's small reference picture is no text a player reads.
    full = Image.open(io.BytesIO(campaign.render_view_png("struggle", midgame_view())))
    with measured_sizes() as sizes:
        keyed = campaign.render_view_png(
            "struggle", midgame_view(), language="fr", legend_apart=True
        )
    assert min(size for _, size in sizes) >= MIN_TEXT
    apart = Image.open(io.BytesIO(keyed))
    sidebar = (round(load_geometry().sidebar.x), full.height * 3 // 4, full.width, full.height)
    # The legend's rows filled the sidebar's foot; one line leaves it nearly bare paper.
    assert _ink(apart.convert("RGB").crop(sidebar)) < _ink(full.convert("RGB").crop(sidebar)) / 3


def _ink(image: Image.Image) -> int:
    """How many pixels are darker than the paper."""
    return sum(image.convert("L").histogram()[:128])
