"""The tables that say how each kind of piece and marker looks.

A new game adds its piece kinds here (kind -> shape) and nothing else in the renderer
changes; an unknown kind still draws, as a lettered diamond, so nothing goes missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.colours import RGB
from bot.render.sprites import (
    SymbolShape,
    draw_barrier,
    draw_block,
    draw_coin,
    draw_diamond,
    draw_disc,
    draw_framed_square,
    draw_ship,
    draw_square,
    draw_tag,
    draw_tower,
)

CONTROL = SymbolShape(draw_disc)
UNKNOWN_PIECE = SymbolShape(draw_diamond)

PIECE_SHAPES: dict[str, SymbolShape] = {
    "army": SymbolShape(draw_block),
    "fleet": SymbolShape(draw_ship, aspect=1.35),
    "fort": SymbolShape(draw_tower),
    "blockade": SymbolShape(draw_barrier, aspect=1.7),
    # Empires
    "infantry": SymbolShape(draw_block),
    "artillery": SymbolShape(draw_diamond),
    "two_master": SymbolShape(draw_ship, aspect=1.2),
    "three_master": SymbolShape(draw_ship, aspect=1.6),
    "palace": SymbolShape(draw_tower),
    "city": SymbolShape(draw_tag, aspect=1.5),
    # Colonial
    "counter": SymbolShape(draw_block),
    # Ultima Ratio Regis: a minor power's own troops
    "minor_troops": SymbolShape(draw_diamond),
}


@dataclass(frozen=True)
class MarkerStyle:
    shape: SymbolShape
    fill: RGB
    text: str = ""  # shown when the marker has no value


MARKER_STYLES: dict[str, MarkerStyle] = {
    "neutral": MarkerStyle(SymbolShape(draw_square), (250, 250, 246)),
    "gold": MarkerStyle(SymbolShape(draw_coin), (201, 150, 30)),
    "vp": MarkerStyle(SymbolShape(draw_framed_square), (214, 196, 240)),
    "pop": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (170, 214, 160), "Pop"),
    "slaves": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (190, 190, 190), "Slv"),
    "pirates": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (60, 60, 60), "Pir"),
    "slave_revolt": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (150, 40, 40), "Rev"),
    "occupied": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (200, 170, 170), "Occ"),
    # Colonial: one Resource slot per border colour, then the Territory's markers.
    "res_gold": MarkerStyle(SymbolShape(draw_coin), (222, 180, 40)),
    "res_tea": MarkerStyle(SymbolShape(draw_square), (120, 190, 110)),
    "res_opium": MarkerStyle(SymbolShape(draw_square), (175, 130, 200)),
    "res_slaves": MarkerStyle(SymbolShape(draw_square), (130, 130, 130)),
    "res_beige": MarkerStyle(SymbolShape(draw_square), (236, 222, 185)),
    "res_brown": MarkerStyle(SymbolShape(draw_square), (190, 145, 100)),
    "res_azure": MarkerStyle(SymbolShape(draw_square), (140, 180, 235)),
    "res_scarlet": MarkerStyle(SymbolShape(draw_square), (230, 120, 110)),
    "colony": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (245, 235, 200), "Col"),
    "independent": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (200, 200, 230), "Ind"),
    "boomtown": MarkerStyle(SymbolShape(draw_framed_square), (250, 200, 120)),
    "unrest": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (225, 110, 90)),
    "mission": MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (170, 200, 240)),
    "prestige": MarkerStyle(SymbolShape(draw_framed_square), (214, 196, 240)),
}
UNKNOWN_MARKER = MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (225, 225, 225), "?")


def piece_shape(kind: str) -> SymbolShape:
    return PIECE_SHAPES.get(kind, UNKNOWN_PIECE)


def marker_style(kind: str) -> MarkerStyle:
    return MARKER_STYLES.get(kind, UNKNOWN_MARKER)
