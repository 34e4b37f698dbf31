"""Region cards never hide one another: crowded cards slide apart and stay on the map."""

from __future__ import annotations

import itertools
from typing import Any

from bot.render.layout import lay_out_cards, separate
from bot.render.shapes import segment_meets_box, segments_cross
from rulesets.struggle.map import load_geometry, scene_from_view
from tests.render.views import POWERS, midgame_view

SCALE = 1.0


def crowded_view() -> dict[str, Any]:
    """Every power with tokens and armies in every region: the tallest cards a game makes."""
    view = midgame_view()
    for region in view["regions"].values():
        region["control"] = dict.fromkeys(POWERS, 2)
        region["armies"] = dict.fromkeys(POWERS, 1)
    return view


def overlapping(boxes: list[tuple[float, float, float, float]]) -> list[tuple[int, int]]:
    return [
        (i, j)
        for (i, a), (j, b) in itertools.combinations(enumerate(boxes), 2)
        if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
    ]


def test_a_card_that_meets_another_slides_below_it() -> None:
    upper, lower = separate([(0, 0, 100, 50), (50, 40, 150, 80)], floor=500, gap=4)
    assert upper == (0, 0, 100, 50)
    assert lower == (50, 54, 150, 94)


def test_a_card_at_the_foot_of_the_map_slides_above_instead() -> None:
    _, moved = separate([(0, 400, 100, 480), (50, 450, 150, 500)], floor=500, gap=4)
    assert moved == (50, 346, 150, 396)


def test_cards_that_do_not_meet_stay_where_the_geometry_puts_them() -> None:
    scene = scene_from_view(midgame_view())
    geometry = load_geometry()
    for card in lay_out_cards(geometry, scene, SCALE):
        assert card.box[0] == card.geo.card.x
        if not card.geo.card_grows_up:
            assert card.box[1] == card.geo.card.y


def test_a_crowded_board_has_no_overlapping_cards() -> None:
    cards = lay_out_cards(load_geometry(), scene_from_view(crowded_view()), SCALE)
    boxes = [card.box for card in cards]
    assert overlapping(boxes) == []
    assert all(box[1] >= 0 and box[3] <= load_geometry().height for box in boxes)


def test_a_card_that_would_hang_below_the_map_is_lifted_onto_it() -> None:
    (lifted,) = separate([(0, 480, 100, 530)], floor=500, gap=4)
    assert lifted == (0, 450, 100, 500)


def test_a_roaming_card_leaves_the_anchors_of_the_others_in_sight() -> None:
    """Three cards centred on their regions' anchors: the second meets the first, and its
    nearest free place below would hide the third's anchor, so it goes elsewhere."""
    anchors = [(50.0, 20.0), (50.0, 50.0), (50.0, 75.0)]
    wanted = [(0.0, 0.0, 100.0, 40.0), (0.0, 30.0, 100.0, 70.0), (0.0, 65.0, 100.0, 85.0)]
    placed = separate(wanted, floor=500, gap=4, roaming=[True] * 3, anchors=anchors)
    assert overlapping(placed) == []
    for index, box in enumerate(placed):
        for other, (x, y) in enumerate(anchors):
            if other != index:
                assert not (box[0] <= x <= box[2] and box[1] <= y <= box[3]), (index, other)
    # Without the rule the nearest free place (straight below the first card) would do.
    assert placed[1] != (0.0, 50.0, 100.0, 90.0)


def test_a_roaming_card_keeps_off_the_names_and_the_right_edge() -> None:
    name = (0.0, 45.0, 60.0, 60.0)
    placed = separate(
        [(0.0, 0.0, 100.0, 40.0), (0.0, 30.0, 100.0, 70.0)],
        floor=500,
        gap=4,
        rights=[150.0, 150.0],
        obstacles=[name],
        roaming=[True, True],
        anchors=[(50.0, 20.0), (50.0, 50.0)],
    )
    second = placed[1]
    assert overlapping([*placed, name]) == []
    assert second[2] <= 150.0


def test_segments_meet_boxes_and_cross_each_other_only_when_they_do() -> None:
    assert segment_meets_box((0, 0), (10, 10), (4, 4, 6, 6))
    assert not segment_meets_box((0, 0), (10, 0), (4, 4, 6, 6))
    assert not segment_meets_box((0, 0), (3, 3), (4, 4, 6, 6))
    assert segments_cross(((0, 0), (10, 10)), ((0, 10), (10, 0)))
    assert not segments_cross(((0, 0), (10, 10)), ((10, 10), (20, 0)))  # only touching
