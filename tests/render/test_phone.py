"""What a phone needs besides big text: a close-up of one region, and the map without its
panels with the panels' figures as text for the message."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image

from bot.render import campaign
from bot.render.areas import close_up_box
from bot.render.changes import with_changes
from bot.render.scoreboard import panels_as_text, story_lines
from rulesets.empires.map import load_geometry as empires_geometry
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.golden import GOLDEN_DIR
from tests.render.views import attack_view, finished_view, midgame_view

WIDTH = 1600


def test_a_close_up_holds_the_region_and_its_card() -> None:
    scene = scene_from_view(midgame_view())
    geometry = load_geometry()
    left, top, right, bottom = close_up_box(geometry, scene, ["IND"], WIDTH)
    card = geometry.regions["IND"].card
    assert left <= card.x and right >= card.x + card.width and top <= card.y
    for x, y in geometry.regions["IND"].outline:
        assert left <= x <= right and top <= y <= bottom
    assert (right - left) * (bottom - top) < 0.25 * WIDTH * geometry.height


def test_a_campaign_close_up_is_a_smaller_picture() -> None:
    png = campaign.render_view_png("struggle", midgame_view(), region="CEU")
    size = Image.open(io.BytesIO(png)).size
    assert size[0] < WIDTH / 2 and size[1] < 500


def test_an_unknown_region_has_no_close_up() -> None:
    with pytest.raises(LookupError):
        campaign.render_view_png("struggle", midgame_view(), region="ATLANTIS")


def test_a_map_without_panels_differs_only_beside_the_board() -> None:
    full = Image.open(io.BytesIO(campaign.render_view_png("struggle", midgame_view())))
    bare = campaign.render_view_png("struggle", midgame_view(), with_panels=False)
    board = (0, 0, round(load_geometry().sidebar.x), full.height)
    plain = Image.open(io.BytesIO(bare))
    assert full.convert("RGB").crop(board).tobytes() == plain.convert("RGB").crop(board).tobytes()
    assert full.convert("RGB").tobytes() != plain.convert("RGB").tobytes()


def test_the_panels_read_as_text_with_their_column_names() -> None:
    panels = dict(panels_as_text(scene_from_view(midgame_view())))
    table = panels["Turn order and public totals"].splitlines()
    assert table[0] == "Spain (S): Ally B · Gold 9 · Pop 4 · VP 17 · Tokens 33"
    assert panels["Tiles held"].splitlines()[-1] == "Prussia (P): Army Training, Militia"


def test_the_final_scores_read_as_text_in_french() -> None:
    panels = panels_as_text(scene_from_view(finished_view(), "fr"))
    title, text = panels[-1]
    assert title == "Scores finaux"
    assert text.splitlines()[0] == "Grande-Bretagne (G) : PV 55 · Insat. 6 · Perte −3 · Score 52"


def test_the_legend_can_be_sent_on_its_own_in_the_campaign_language() -> None:
    english = Image.open(io.BytesIO(campaign.render_legend_png("struggle", midgame_view())))
    french = campaign.render_legend_png("struggle", midgame_view(), "fr")
    assert english.width == 420 and english.height > 200
    assert french != campaign.render_legend_png("struggle", midgame_view())


def test_a_campaign_map_is_drawn_at_its_own_width() -> None:
    struggle = Image.open(io.BytesIO(campaign.render_view_png("struggle", midgame_view())))
    view = json.loads((GOLDEN_DIR / "empires-midgame.json").read_text(encoding="utf-8"))
    empires = Image.open(io.BytesIO(campaign.render_view_png("empires", view)))
    assert struggle.width == 1600
    assert empires.width == round(empires_geometry().width)


def test_who_must_act_and_what_changed_read_as_text() -> None:
    scene = with_changes(scene_from_view(midgame_view()), scene_from_view(attack_view()))
    assert story_lines(scene) == [
        "Great Britain to act: 2 actions left",
        "Last: France took Central Europe from Russia",
    ]


def test_the_campaign_scene_gives_the_message_its_text_in_french() -> None:
    scene = campaign.campaign_scene(
        "struggle", attack_view(), "fr", previous_view=midgame_view(), last="8 contre 7"
    )
    assert story_lines(scene) == [
        "Grande-Bretagne joue : encore 2 actions",
        "Dernier coup : 8 contre 7",
    ]
