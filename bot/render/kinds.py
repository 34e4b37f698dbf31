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
}
UNKNOWN_MARKER = MarkerStyle(SymbolShape(draw_tag, aspect=1.6), (225, 225, 225), "?")


def piece_shape(kind: str) -> SymbolShape:
    return PIECE_SHAPES.get(kind, UNKNOWN_PIECE)


def marker_style(kind: str) -> MarkerStyle:
    return MARKER_STYLES.get(kind, UNKNOWN_MARKER)
