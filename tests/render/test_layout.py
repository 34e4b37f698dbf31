"""Region cards never hide one another: crowded cards slide apart and stay on the map."""

from __future__ import annotations

import itertools
from typing import Any

from bot.render.layout import lay_out_cards, separate
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
