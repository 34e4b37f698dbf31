"""The Struggle of Empires scene shows the public view faithfully and nothing secret."""

from __future__ import annotations

import json

import pytest

from rulesets.core.scene import Header, PieceStack, PowerStyle, RegionScene, Scene
from rulesets.struggle.map import languages, map_text, scene_from_view
from rulesets.struggle.map.geometry import TEXT_FILE
from tests.render.views import finished_view, midgame_view


def test_control_pieces_and_worth_of_a_region_come_from_the_view() -> None:
    germany = scene_from_view(midgame_view()).region("GER")
    assert germany.label == "German States"
    assert germany.control == {"PRU": 3, "AUS": 2, "FRA": 1, "GBR": 1}
    assert {(s.kind, s.power, s.count) for s in germany.pieces} == {
        ("army", "PRU", 2),
        ("army", "AUS", 1),
        ("fort", "PRU", 1),
    }
    assert germany.vp_text == "8·5·3"


def test_markers_show_their_defence_and_what_beating_them_pays() -> None:
    scene = scene_from_view(midgame_view())
    shown = [(m.kind, m.value, m.rewards) for m in scene.region("OTT").markers]
    assert shown == [("neutral", 4, {"vp": 1}), ("neutral", 3, {})]
    assert [(m.value, m.rewards) for m in scene.region("GER").markers] == [(3, {"gold": 2})]
    assert [(m.kind, m.value) for m in scene.region("NAM").markers] == [("pop", None)]


def test_raiders_and_blockades_are_on_the_map() -> None:
    scene = scene_from_view(midgame_view())
    assert [(m.kind, m.holds) for m in scene.region("CAR").markers][-1] == ("pirates", "FRA")
    assert PieceStack(kind="blockade", power="GBR", count=1) in scene.region("IND").pieces


def test_homes_show_the_units_at_home() -> None:
    france = scene_from_view(midgame_view()).region("FRA")
    assert france.label == "France"
    assert {(s.kind, s.count) for s in france.pieces} == {("army", 2), ("fort", 1)}


def test_pieces_follow_the_turn_order() -> None:
    view = midgame_view()
    mediterranean = scene_from_view(view).region("MED")
    powers = [stack.power for stack in mediterranean.pieces]
    order = view["turn_order"]
    assert powers == sorted(powers, key=order.index)


def test_header_and_panel_carry_war_round_alliances_and_public_totals() -> None:
    scene = scene_from_view(midgame_view())
    assert scene.header.lines[0] == "War 2 of 3 · Round 3 of 5"
    assert scene.banner is not None and scene.banner.powers == ["FRA"]
    table = scene.panels[0]
    assert [row.power for row in table.rows] == ["SPA", "FRA", "GBR", "RUS", "AUS", "UPR", "PRU"]
    britain = next(row for row in table.rows if row.power == "GBR")
    assert britain.values == ["A", "7", "4", "21", "31"]
    assert scene.highlight == "FRA"


def test_unrest_never_reaches_the_scene_during_the_game() -> None:
    view = midgame_view()
    for index, power in enumerate(view["powers"]):
        view["powers"][power]["unrest"] = 70 + index
    view["unrest"] = {power: 80 + index for index, power in enumerate(view["powers"])}
    view["you"] = {"power": "GBR", "unrest": 77}
    dumped = scene_from_view(view).model_dump_json()
    for secret in [*range(70, 78), *range(80, 87)]:
        assert f'"{secret}"' not in dumped and f":{secret}," not in dumped


def test_at_the_end_the_revealed_unrest_explains_each_score() -> None:
    view = finished_view()
    view["you"] = {"power": "GBR", "unrest": 77}
    scores = scene_from_view(view).panels[-1]
    assert "77" not in scores.model_dump_json()
    britain = next(row for row in scores.rows if row.power == "GBR")
    # 55 VP, unrest 6 revealed at the end, 3 VP lost to it: a final score of 52.
    assert britain.values == ["55", "6", "−3", "52"]


def test_final_scores_get_their_own_panel_in_rank_order() -> None:
    scores = scene_from_view(finished_view()).panels[-1]
    assert [row.power for row in scores.rows][:3] == ["GBR", "FRA", "UPR"]
    assert scores.rows[0].values[-1] == "52"


def test_a_french_map_names_regions_and_powers_in_french() -> None:
    scene = scene_from_view(midgame_view(), "fr")
    assert scene.region("GER").label == "États allemands"
    assert scene.header.lines[0] == "Guerre 2 sur 3 · Round 3 sur 5"
    assert scene.style_of("GBR").name == "Grande-Bretagne"
    assert scene.legend_title == "Légende"


def test_every_map_text_exists_in_every_language() -> None:
    english = set(map_text("en"))
    for language in languages():
        catalogue = json.loads(TEXT_FILE.read_text(encoding="utf-8"))[language]
        assert set(catalogue) == english, language


def test_an_unknown_language_falls_back_to_english() -> None:
    assert scene_from_view(midgame_view(), "xx").header.title == "Struggle of Empires"


def test_a_caller_may_replace_a_label() -> None:
    scene = scene_from_view(midgame_view(), labels={"title": "Campaign 12"})
    assert scene.header.title == "Campaign 12"


def test_a_scene_refuses_a_power_without_a_style() -> None:
    with pytest.raises(ValueError, match="unstyled"):
        Scene(
            map_id="m",
            header=Header(title="t"),
            powers=[PowerStyle(power="A", name="A", colour="#000000", letter="A")],
            regions=[RegionScene(id="r", label="r", control={"B": 1})],
        )


def test_the_tiles_each_power_holds_are_listed_by_name() -> None:
    tiles = scene_from_view(midgame_view()).panels[1]
    assert tiles.style == "list"
    holders = {row.power: row.values for row in tiles.rows}
    assert holders["UPR"] == ["Banking", "Navigation", "Industry"]
    assert "AUS" not in holders  # Austria holds no tile
    french = scene_from_view(midgame_view(), "fr").panels[1]
    assert {row.power: row.values for row in french.rows}["GBR"] == ["Navigation", "Banque"]


def test_at_the_end_the_scores_take_the_place_of_the_tiles() -> None:
    panels = scene_from_view(finished_view()).panels
    assert [panel.style for panel in panels] == ["table", "table"]
