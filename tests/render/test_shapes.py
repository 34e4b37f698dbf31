"""The pieces of one game cannot be confused by shape alone, even on a map 1000 px wide."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops

from bot.render.cards import SYMBOL_SIZE
from bot.render.kinds import CONTROL, PIECE_SHAPES
from bot.render.sprites import SymbolShape, symbol

SMALL_MAP_SIZE = round(SYMBOL_SIZE * 1000 / 1600)
# The share of two symbols' silhouettes that is not common to both.
MIN_SILHOUETTE_DIFFERENCE = 0.2
GAMES = {
    "struggle": ["army", "fleet", "fort", "blockade"],
    "empires": ["infantry", "artillery", "two_master", "three_master", "palace", "city"],
    "ultima_ratio_regis": ["army", "fleet", "fort", "minor_troops"],
}


def silhouette(shape: SymbolShape, width: int) -> Image.Image:
    """The symbol's opaque pixels, centred on a canvas `width` wide."""
    sprite = symbol(shape, (160, 160, 160), "", SMALL_MAP_SIZE)
    solid = sprite.getchannel("A").point(lambda alpha: 255 if alpha > 127 else 0)
    canvas = Image.new("L", (width, SMALL_MAP_SIZE), 0)
    canvas.paste(solid, ((width - solid.width) // 2, 0))
    return canvas.convert("1")


def difference(first: SymbolShape, second: SymbolShape) -> float:
    width = 3 * SMALL_MAP_SIZE
    a, b = silhouette(first, width), silhouette(second, width)
    apart = ImageChops.logical_xor(a, b).histogram()[255]
    either = ImageChops.logical_or(a, b).histogram()[255]
    return apart / either


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_two_piece_shapes_of_a_game_differ(game: str) -> None:
    shapes = {kind: PIECE_SHAPES[kind] for kind in GAMES[game]} | {"control": CONTROL}
    for (a, first), (b, second) in itertools.combinations(shapes.items(), 2):
        assert difference(first, second) >= MIN_SILHOUETTE_DIFFERENCE, (a, b)


def test_the_measure_sees_two_identical_shapes_as_one() -> None:
    assert difference(PIECE_SHAPES["army"], PIECE_SHAPES["infantry"]) == 0
