"""The Struggle of Empires map covers exactly the regions and homes of the rules data."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

from rulesets.core.scene import MapGeometry
from rulesets.struggle.data import default_data
from rulesets.struggle.map import languages, load_geometry, load_styles, map_text
from rulesets.struggle.map.geometry import GEOMETRY_FILE

BUILDER = Path(__file__).resolve().parents[2] / "assets" / "maps" / "build_struggle_map.py"


def test_every_rules_region_and_home_has_geometry_and_nothing_else_does() -> None:
    data = default_data()
    expected = {region.id for region in data.regions} | {power.id for power in data.powers}
    assert set(load_geometry().regions) == expected


def test_region_kinds_agree_with_the_rules() -> None:
    geometry = load_geometry()
    for region in default_data().regions:
        assert geometry.regions[region.id].kind == region.kind


def test_every_power_has_a_distinct_colour_and_letter_and_every_region_a_name() -> None:
    styles = load_styles()
    powers = {power.id for power in default_data().powers}
    assert set(styles.powers) == powers
    assert len({entry.colour for entry in styles.powers.values()}) == len(powers)
    assert len({entry.letter for entry in styles.powers.values()}) == len(powers)
    for language in languages():
        names = {key for key in map_text(language) if key.startswith("name.")}
        assert names == {f"name.{place}" for place in load_geometry().regions}


def test_cards_and_anchors_lie_on_the_map_left_of_the_sidebar() -> None:
    geometry = load_geometry()
    for region_id, region in geometry.regions.items():
        card = region.card
        assert card.x >= 0 and card.y >= 0, region_id
        assert card.x + card.width <= geometry.sidebar.x, region_id
        assert 0 <= region.anchor[0] <= geometry.sidebar.x, region_id
        assert 0 <= region.anchor[1] <= geometry.height, region_id


def test_every_colony_has_a_sea_lane() -> None:
    geometry = load_geometry()
    ends = {end for link in geometry.sea_links for end in link.between}
    colonies = {rid for rid, region in geometry.regions.items() if region.kind == "colony"}
    assert colonies <= ends


def test_a_sea_lane_to_nowhere_is_refused() -> None:
    raw = load_geometry().model_dump()
    raw["sea_links"].append({"between": ["NAM", "ATLANTIS"]})
    with pytest.raises(ValueError, match="unknown"):
        MapGeometry.model_validate(raw)


def test_the_committed_geometry_is_what_the_map_builder_makes() -> None:
    builder = runpy.run_path(str(BUILDER))
    assert builder["build"]() == GEOMETRY_FILE.read_text(encoding="utf-8")


COASTS = BUILDER.with_name("struggle_coasts.json")


def test_the_main_map_draws_natural_earths_coasts_from_the_committed_asset() -> None:
    coasts = json.loads(COASTS.read_text(encoding="utf-8"))
    assert coasts["source"].startswith("Natural Earth")
    assert COASTS.stat().st_size < 40_000  # simplified once, small enough to commit
    main_land = [shape.points for shape in load_geometry().art if shape.layer == 0]
    asset_land = [[tuple(point) for point in ring] for ring in coasts["land"]]
    assert [list(points) for points in main_land[: len(asset_land)]] == asset_land
    # Britain, Ireland, Iceland, Sicily, Sardinia... drawn as the islands they are.
    assert len(asset_land) >= 8


def test_each_european_region_is_fitted_to_the_coasts_near_where_it_was_typed() -> None:
    coasts = json.loads(COASTS.read_text(encoding="utf-8"))
    hand = runpy.run_path(str(BUILDER))["HAND_REGIONS"]
    geometry = load_geometry()
    reach = 15.0  # the converter widens a region by 14 units towards the real coast
    for region_id, outline in coasts["regions"].items():
        region = geometry.regions[region_id]
        assert [list(point) for point in region.outline] == outline, region_id
        assert region.smooth == 0, region_id  # a real coast is not rounded off
        typed = hand[region_id]["outline"]
        for axis in (0, 1):
            low = min(point[axis] for point in typed) - reach
            high = max(point[axis] for point in typed) + reach
            assert all(low <= point[axis] <= high for point in outline), region_id
    europe = {rid for rid, r in geometry.regions.items() if r.kind in ("europe", "home")}
    assert europe <= set(coasts["regions"])
