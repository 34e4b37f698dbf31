"""The sidebar beside the map: the header (game, war, round), the panels and the legend."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from bot.render.colours import INK, PANEL_BAND, RGB, WHITE, rgb
from bot.render.fonts import font
from bot.render.kinds import CONTROL
from bot.render.legend import draw_legend
from bot.render.sprites import symbol
from rulesets.core.scene import Panel, Rect, Scene

HIGHLIGHT: RGB = (250, 232, 150)
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
        draw_legend(image, draw, scene, (x, y + 12 * scale, x + width, bottom), scale)


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


def _fitting(text: str, size: float, room: float, face: str = "narrow") -> ImageFont.FreeTypeFont:
    """The face at `size`, or smaller until `text` fits in `room` pixels."""
    while size > 7 and font(face, size).getlength(text) > room:
        size *= 0.92
    return font(face, size)
