"""The sidebar beside the map: the header (game, war, round), the panels and the legend."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from bot.render.base import LANE, SOLID_LANE_STYLE
from bot.render.cards import VP_BADGE
from bot.render.colours import INK, RGB, WHITE, rgb
from bot.render.fonts import font
from bot.render.kinds import CONTROL, marker_style, piece_shape
from bot.render.sprites import symbol
from rulesets.core.scene import Panel, Rect, Scene

NEUTRAL_PIECE: RGB = (160, 160, 160)
HIGHLIGHT: RGB = (250, 232, 150)
PANEL_BAND: RGB = (72, 62, 52)
ROW_HEIGHT = 29.0
FIRST_COLUMN = 150.0
MARGIN = 14.0


def draw_sidebar(
    image: Image.Image, draw: ImageDraw.ImageDraw, area: Rect, scene: Scene, scale: float
) -> None:
    x = (area.x + MARGIN) * scale
    width = (area.width - 2 * MARGIN) * scale
    y = (area.y + MARGIN) * scale
    y = draw_header(draw, scene, x, y, width, scale)
    for panel in scene.panels:
        y = draw_panel(image, draw, panel, scene, x, y + 12 * scale, width, scale)
    if scene.legend:
        bottom = (area.y + area.height - MARGIN / 2) * scale
        draw_legend(image, draw, scene, x, y + 12 * scale, width, bottom, scale)


def draw_header(
    draw: ImageDraw.ImageDraw, scene: Scene, x: float, y: float, width: float, scale: float
) -> float:
    title_font = font("title", 25 * scale)
    draw.text((x, y), scene.header.title, fill=INK, font=title_font, anchor="la")
    y += 34 * scale
    for line in scene.header.lines:
        draw.text((x, y), line, fill=INK, font=font("sans", 15 * scale), anchor="la")
        y += 21 * scale
    return y


def _column_lefts(panel: Panel, x: float, width: float, scale: float) -> list[float]:
    others = max(1, len(panel.columns) - 1)
    step = (width - FIRST_COLUMN * scale) / others
    return [x] + [x + FIRST_COLUMN * scale + index * step for index in range(others)]


def draw_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    panel: Panel,
    scene: Scene,
    x: float,
    y: float,
    width: float,
    scale: float,
) -> float:
    """A table. A row about a power shows its token and name first, then its values."""
    band = 22 * scale
    draw.rounded_rectangle((x, y, x + width, y + band), radius=4 * scale, fill=PANEL_BAND)
    draw.text(
        (x + 6 * scale, y + band / 2),
        panel.title,
        fill=WHITE,
        font=font("bold", 14 * scale),
        anchor="lm",
    )
    y += band + 3 * scale
    lefts = _column_lefts(panel, x, width, scale)
    step = lefts[2] - lefts[1] if len(lefts) > 2 else width - FIRST_COLUMN * scale
    for index, column in enumerate(panel.columns):
        cell_x = lefts[index] + (step / 2 if index else 4 * scale)
        header_font = _fitting(column, 11.5 * scale, step - 2 * scale if index else width)
        draw.text(
            (cell_x, y + 8 * scale),
            column,
            fill=INK,
            font=header_font,
            anchor="mm" if index else "lm",
        )
    y += 18 * scale
    row_h = ROW_HEIGHT * scale
    for row in panel.rows:
        if row.power is not None and row.power == scene.highlight:
            draw.rectangle((x, y, x + width, y + row_h), fill=HIGHLIGHT)
            marker = [
                (x + 1 * scale, y + 7 * scale),
                (x + 1 * scale, y + row_h - 7 * scale),
                (x + 7 * scale, y + row_h / 2),
            ]
            draw.polygon(marker, fill=INK)
        cells = list(row.values)
        if row.power is not None:
            style = scene.style_of(row.power)
            sprite = symbol(CONTROL, rgb(style.colour), style.letter, round(19 * scale))
            image.paste(
                sprite, (round(x + 9 * scale), round(y + (row_h - sprite.height) / 2)), sprite
            )
            draw.text(
                (x + 32 * scale, y + row_h / 2),
                style.name,
                fill=INK,
                font=_fitting(style.name, 14 * scale, (FIRST_COLUMN - 36) * scale, "sans"),
                anchor="lm",
            )
            cells = ["", *cells]
        for index, cell in enumerate(cells):
            if not cell:
                continue
            cell_x = lefts[index] + (step / 2 if index else 4 * scale)
            draw.text(
                (cell_x, y + row_h / 2),
                cell,
                fill=INK,
                font=font("bold", 15 * scale),
                anchor="mm" if index else "lm",
            )
        y += row_h
        draw.line((x, y, x + width, y), fill=(215, 205, 185), width=max(1, round(scale)))
    return y


def legend_sprite(symbol_name: str, scale: float) -> Image.Image:
    size = round(18 * scale)
    if symbol_name.startswith("marker:"):
        style = marker_style(symbol_name.removeprefix("marker:"))
        return symbol(style.shape, style.fill, style.text or "3", size)
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
    draw.text((size, size / 2), text, fill=INK, font=font("narrow", size * 0.62), anchor="mm")
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
    x: float,
    y: float,
    width: float,
    bottom: float,
    scale: float,
) -> float:
    """The legend, its rows packed tighter (down to 18 units) when room runs short."""
    band = 22 * scale
    draw.rounded_rectangle((x, y, x + width, y + band), radius=4 * scale, fill=PANEL_BAND)
    draw.text(
        (x + 6 * scale, y + band / 2),
        scene.legend_title,
        fill=WHITE,
        font=font("bold", 14 * scale),
        anchor="lm",
    )
    y += band + 6 * scale
    label_font = font("sans", 13 * scale)
    label_width = max(label_font.getlength(entry.label) for entry in scene.legend)
    # Two columns when the labels fit beside their symbols, one column otherwise.
    columns = 2 if label_width + 48 * scale < width / 2 else 1
    column_w = width / columns
    rows = -(-len(scene.legend) // columns)
    step = max(18 * scale, min(25 * scale, (bottom - y) / rows))
    for index, entry in enumerate(scene.legend):
        cell_x = x + (index % columns) * column_w + 4 * scale
        cell_y = y + (index // columns) * step
        sprite = legend_sprite(entry.symbol, scale * min(1.0, step / (25 * scale) + 0.1))
        image.paste(sprite, (round(cell_x), round(cell_y)), sprite)
        draw.text(
            (cell_x + 40 * scale, cell_y + sprite.height / 2),
            entry.label,
            fill=INK,
            font=label_font,
            anchor="lm",
        )
    return y + rows * step


def _fitting(text: str, size: float, room: float, face: str = "narrow") -> ImageFont.FreeTypeFont:
    """The face at `size`, or smaller until `text` fits in `room` pixels."""
    while size > 7 and font(face, size).getlength(text) > room:
        size *= 0.92
    return font(face, size)
