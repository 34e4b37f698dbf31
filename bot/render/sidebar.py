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
LIST_ROW_HEIGHT = 21.0
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
        draw_one = draw_list if panel.style == "list" else draw_panel
        y = draw_one(image, draw, panel, scene, x, y + 12 * scale, width, scale)
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


def _panel_title(
    draw: ImageDraw.ImageDraw, title: str, x: float, y: float, width: float, scale: float
) -> float:
    band = 22 * scale
    draw.rounded_rectangle((x, y, x + width, y + band), radius=4 * scale, fill=PANEL_BAND)
    draw.text(
        (x + 6 * scale, y + band / 2), title, fill=WHITE, font=font("bold", 14 * scale), anchor="lm"
    )
    return y + band + 3 * scale


def draw_list(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    panel: Panel,
    scene: Scene,
    x: float,
    y: float,
    width: float,
    scale: float,
) -> float:
    """Each row: the power's token, then its values on one line, or two when they must."""
    y = _panel_title(draw, panel.title, x, y, width, scale)
    line_h = LIST_ROW_HEIGHT * scale
    room = width - 34 * scale
    for row in panel.rows:
        face = _fitting(" · ".join(row.values), 12.5 * scale, room, "sans", smallest=10.5 * scale)
        lines = _wrap(row.values, face, room)
        if row.power is not None:
            style = scene.style_of(row.power)
            sprite = symbol(CONTROL, rgb(style.colour), style.letter, round(17 * scale))
            image.paste(
                sprite, (round(x + 9 * scale), round(y + (line_h - sprite.height) / 2)), sprite
            )
        for line in lines:
            draw.text((x + 32 * scale, y + line_h / 2), line, fill=INK, font=face, anchor="lm")
            y += line_h
    return y


def _wrap(values: list[str], face: ImageFont.FreeTypeFont, room: float) -> list[str]:
    """The values joined by dots, on a first line and, if they need it, a second one."""
    first: list[str] = []
    for index, value in enumerate(values):
        if first and face.getlength(" · ".join([*first, value])) > room:
            return [" · ".join(first), _cut(" · ".join(values[index:]), face, room)]
        first.append(value)
    return [_cut(" · ".join(first), face, room)]


def _cut(text: str, face: ImageFont.FreeTypeFont, room: float) -> str:
    """`text`, or as much of it as fits followed by an ellipsis."""
    if face.getlength(text) <= room:
        return text
    while text and face.getlength(text + "…") > room:
        text = text[:-1]
    return text.rstrip(" ·,") + "…"


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
    y = _panel_title(draw, panel.title, x, y, width, scale)
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


def _fitting(
    text: str, size: float, room: float, face: str = "narrow", smallest: float = 7
) -> ImageFont.FreeTypeFont:
    """The face at `size`, or smaller (not below `smallest`) until `text` fits in `room`."""
    while size * 0.92 >= smallest and font(face, size).getlength(text) > room:
        size *= 0.92
    return font(face, size)
