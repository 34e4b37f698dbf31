"""The legend: a sample of each symbol the scene lists, with what it means."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.base import LANE, SOLID_LANE_STYLE
from bot.render.cards import VP_BADGE
from bot.render.colours import INK, PANEL_BAND, PAPER, RGB, WHITE
from bot.render.fonts import MIN_TEXT, cut_to_fit, font, sizing_font
from bot.render.kinds import CONTROL, marker_style, piece_shape
from bot.render.lettering import write
from bot.render.sprites import symbol
from rulesets.core.scene import Scene

# Legend samples are grey: the symbol's shape is what the legend explains, not a power.
NEUTRAL_PIECE: RGB = (160, 160, 160)
LEGEND_ROW = 20.0


def legend_sprite(symbol_name: str, captions: dict[str, str], scale: float) -> Image.Image:
    size = round(18 * scale)
    if symbol_name.startswith("marker:"):
        kind = symbol_name.removeprefix("marker:")
        style = marker_style(kind)
        tag = captions.get(f"marker.{kind}", style.text)
        return symbol(style.shape, style.fill, tag or "3", size)
    if symbol_name == "control":
        return symbol(CONTROL, NEUTRAL_PIECE, "", size)
    if symbol_name.startswith("lane:"):
        return _lane_sample(symbol_name.removeprefix("lane:"), size)
    if symbol_name.startswith("badge:"):
        return _badge_sample(symbol_name.removeprefix("badge:"), size)
    return symbol(piece_shape(symbol_name), NEUTRAL_PIECE, "", size)


def _badge_sample(text: str, size: int) -> Image.Image:
    """The gold badge a card shows its region's VP values in, with sample values."""
    sample = Image.new("RGBA", (size * 2, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sample)
    draw.rounded_rectangle((0, 1, size * 2 - 1, size - 1), radius=size / 4, fill=VP_BADGE)
    face = sizing_font("narrow", size * 0.62)  # a sample of the badge, part of the symbol
    write(draw, (size, size / 2), text, fill=INK, font=face, anchor="mm")
    return sample


def _lane_sample(style: str, size: int) -> Image.Image:
    sample = Image.new("RGBA", (size * 2, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sample)
    width = max(1, round(size / 8))
    if style == SOLID_LANE_STYLE:
        draw.line((0, size / 2, size * 2, size / 2), fill=LANE, width=width)
    else:
        for start in range(0, size * 2, max(2, size * 2 // 4)):
            draw.line((start, size / 2, start + size * 0.3, size / 2), fill=LANE, width=width)
    return sample


def draw_legend(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    scene: Scene,
    area: tuple[float, float, float, float],
    scale: float,
) -> float:
    """The legend, its rows packed tighter (down to 20 units) when room runs short; the
    entries that still do not fit are left out (the full legend is `/map legend`)."""
    x, y, right, bottom = area
    width = right - x
    band = 24 * scale
    draw.rounded_rectangle((x, y, x + width, y + band), radius=4 * scale, fill=PANEL_BAND)
    write(
        draw,
        (x + 6 * scale, y + band / 2),
        scene.legend_title,
        fill=WHITE,
        font=font("bold", MIN_TEXT * scale),
        anchor="lm",
    )
    y += band + 6 * scale
    label_font = font("sans", MIN_TEXT * scale)
    label_width = max(label_font.getlength(entry.label) for entry in scene.legend)
    # Two columns when the labels fit beside their symbols, one column otherwise.
    columns = 2 if label_width + 48 * scale < width / 2 else 1
    column_w = width / columns
    rows = -(-len(scene.legend) // columns)
    step = max(LEGEND_ROW * scale, min(25 * scale, (bottom - y) / rows))
    rows = min(rows, max(0, int((bottom - y) // step)))
    shown = scene.legend[: rows * columns]
    for index, entry in enumerate(shown):
        cell_x = x + (index % columns) * column_w + 4 * scale
        cell_y = y + (index // columns) * step
        sprite = legend_sprite(
            entry.symbol, scene.captions, scale * min(1.0, step / (25 * scale) + 0.1)
        )
        image.paste(sprite, (round(cell_x), round(cell_y)), sprite)
        write(
            draw,
            (cell_x + 40 * scale, cell_y + sprite.height / 2),
            cut_to_fit(entry.label, label_font, column_w - 44 * scale),
            fill=INK,
            font=label_font,
            anchor="lm",
        )
    return y + rows * step


LEGEND_CARD_WIDTH = 420.0


def render_legend_image(scene: Scene, scale: float = 1.0) -> Image.Image:
    """The legend alone on a paper card (`/map legend`), for a map drawn without it."""
    width = round(LEGEND_CARD_WIDTH * scale)
    margin = 10 * scale
    tall = round((24 + 6 + 25 * len(scene.legend)) * scale + 2 * margin)
    image = Image.new("RGB", (width, tall), PAPER)
    draw = ImageDraw.Draw(image)
    area = (margin, margin, width - margin, tall - margin)
    bottom = draw_legend(image, draw, scene, area, scale)
    return image.crop((0, 0, width, min(tall, round(bottom + margin))))
