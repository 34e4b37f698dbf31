"""The sidebar beside the map: the header (game, war, round), the panels and the legend."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from bot.render.colours import INK, PANEL_BAND, RGB, WHITE, ink_on, rgb
from bot.render.fonts import MIN_TEXT, cut_to_fit, font, sizing_font
from bot.render.kinds import CONTROL
from bot.render.legend import draw_legend
from bot.render.lettering import write
from bot.render.sprites import symbol
from rulesets.core.scene import Panel, PanelRow, Rect, Scene

HIGHLIGHT: RGB = (250, 232, 150)
ROW_HEIGHT = 29.0
LIST_ROW_HEIGHT = 22.0
COLUMN_GAP = 6.0
MARGIN = 14.0
# Text sizes in design units of a 1600-unit-wide map: at least 16 px there (a phone shows
# the map at about a third of that).
TEXT_SIZE = MIN_TEXT
TITLE_SIZE = 25.0
BANNER_SIZE = 17.0
BANNER_DISC = 30.0


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
    elif scene.key_line:
        face = font("sans", TEXT_SIZE * scale)
        line = cut_to_fit(scene.key_line, face, width)
        write(draw, (x, y + 12 * scale), line, fill=INK, font=face, anchor="lt")


def draw_header(
    draw: ImageDraw.ImageDraw, scene: Scene, x: float, y: float, width: float, scale: float
) -> float:
    """The title (and a timeline's frame counter), who must act, the last change, the lines."""
    title_font = font("title", TITLE_SIZE * scale)
    if scene.counter:
        counter_font = font("bold", TEXT_SIZE * scale)
        write(
            draw,
            (x + width, y + 4 * scale),
            scene.counter,
            fill=INK,
            font=counter_font,
            anchor="ra",
        )
        room = width - counter_font.getlength(scene.counter) - 8 * scale
        title_font = _fitting(scene.header.title, TITLE_SIZE * scale, room, "title")
    write(draw, (x, y), scene.header.title, fill=INK, font=title_font, anchor="la")
    y += (TITLE_SIZE + 9) * scale
    if scene.banner is not None:
        y = draw_banner(draw, scene, x, y, width, scale) + 6 * scale
    if scene.changes is not None and scene.changes.last:
        y = draw_last(draw, scene, x, y, width, scale) + 4 * scale
    for line in scene.header.lines:
        face = font("sans", TEXT_SIZE * scale)
        write(draw, (x, y), cut_to_fit(line, face, width), fill=INK, font=face, anchor="la")
        y += (TEXT_SIZE + 5) * scale
    return y


def wrap_words(text: str, face: ImageFont.FreeTypeFont, room: float) -> list[str]:
    """`text` in lines no wider than `room` (a word longer than a line is cut)."""
    lines: list[str] = []
    for word in text.split():
        if lines and face.getlength(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(cut_to_fit(word, face, room))
    return lines


def draw_banner(
    draw: ImageDraw.ImageDraw, scene: Scene, x: float, y: float, width: float, scale: float
) -> float:
    """Who must act: a box edged in the awaited power's colour, its letter disc(s), then the
    sentence and its details. Returns the y below it."""
    banner = scene.banner
    assert banner is not None
    styles = [scene.style_of(power) for power in banner.powers]
    pad = 7 * scale
    disc = BANNER_DISC * scale
    discs_w = (disc + 4 * scale) * min(len(styles), 4)
    text_x = x + pad + discs_w + (4 * scale if styles else 0)
    room = x + width - pad - text_x
    bold = font("bold", BANNER_SIZE * scale)
    plain = font("sans", TEXT_SIZE * scale)
    lines = [(line, bold) for line in wrap_words(banner.text, bold, room)[:3]]
    for detail in banner.details:
        lines += [(line, plain) for line in wrap_words(detail, plain, room)[:2]]
    line_h = (BANNER_SIZE + 5) * scale
    height = max(disc, len(lines) * line_h) + 2 * pad
    edge = rgb(styles[0].colour) if styles else PANEL_BAND
    draw.rounded_rectangle(
        (x, y, x + width, y + height),
        radius=6 * scale,
        fill=HIGHLIGHT,
        outline=edge,
        width=round(4 * scale),
    )
    draw.rounded_rectangle(
        (x, y, x + width, y + height), radius=6 * scale, outline=INK, width=max(1, round(scale))
    )
    for index, style in enumerate(styles[:4]):
        left = x + pad + index * (disc + 4 * scale)
        top = y + pad
        draw.ellipse(
            (left, top, left + disc, top + disc),
            fill=rgb(style.colour),
            outline=INK,
            width=max(1, round(1.5 * scale)),
        )
        write(
            draw,
            (left + disc / 2, top + disc / 2),
            style.letter,
            fill=ink_on(rgb(style.colour)),
            font=font("bold", disc * 0.62),
            anchor="mm",
        )
    line_y = y + pad
    for line, face in lines:
        write(draw, (text_x, line_y + line_h / 2), line, fill=INK, font=face, anchor="lm")
        line_y += line_h
    return y + height


def draw_last(
    draw: ImageDraw.ImageDraw, scene: Scene, x: float, y: float, width: float, scale: float
) -> float:
    """The "Last:" sentence, beside a bar in the acting power's colour."""
    changes = scene.changes
    assert changes is not None
    face = font("sans", TEXT_SIZE * scale)
    bar = 6 * scale
    lines = wrap_words(changes.last, face, width - bar - 8 * scale)[:4]
    line_h = (TEXT_SIZE + 4) * scale
    colour = rgb(scene.style_of(changes.actor).colour) if changes.actor else PANEL_BAND
    draw.rectangle((x, y, x + bar, y + len(lines) * line_h), fill=colour, outline=INK)
    for line in lines:
        write(draw, (x + bar + 8 * scale, y + line_h / 2), line, fill=INK, font=face, anchor="lm")
        y += line_h
    return y


def _panel_title(
    draw: ImageDraw.ImageDraw, title: str, x: float, y: float, width: float, scale: float
) -> float:
    band = 24 * scale
    draw.rounded_rectangle((x, y, x + width, y + band), radius=4 * scale, fill=PANEL_BAND)
    face = font("bold", MIN_TEXT * scale)
    title = cut_to_fit(title, face, width - 10 * scale)
    write(draw, (x + 6 * scale, y + band / 2), title, fill=WHITE, font=face, anchor="lm")
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
        face = font("sans", MIN_TEXT * scale)
        lines = _wrap(row.values, face, room)
        if row.power is not None:
            style = scene.style_of(row.power)
            sprite = symbol(CONTROL, rgb(style.colour), style.letter, round(17 * scale))
            image.paste(
                sprite, (round(x + 9 * scale), round(y + (line_h - sprite.height) / 2)), sprite
            )
        for line in lines:
            write(draw, (x + 32 * scale, y + line_h / 2), line, fill=INK, font=face, anchor="lm")
            y += line_h
    return y


def _wrap(values: list[str], face: ImageFont.FreeTypeFont, room: float) -> list[str]:
    """The values joined by dots, on a first line and, if they need it, a second one."""
    first: list[str] = []
    for index, value in enumerate(values):
        if first and face.getlength(" · ".join([*first, value])) > room:
            return [" · ".join(first), cut_to_fit(" · ".join(values[index:]), face, room)]
        first.append(value)
    return [cut_to_fit(" · ".join(first), face, room)]


def _column_widths(panel: Panel, width: float, scale: float) -> list[float]:
    """The first column takes what the others leave; each other column is as wide as its
    header or its widest cell at full size, whichever is wider."""
    header, cell = sizing_font("narrow", MIN_TEXT * scale), sizing_font("bold", MIN_TEXT * scale)
    others = []
    for index, column in enumerate(panel.columns[1:], start=1):
        cells = [_cells(row)[index] for row in panel.rows if len(_cells(row)) > index]
        widest = max([header.getlength(column), *(cell.getlength(text) for text in cells)])
        others.append(widest + COLUMN_GAP * scale)
    return [max(0.0, width - sum(others)), *others]


def _cells(row: PanelRow) -> list[str]:
    """A row's cells by column: a power's row keeps the first column for the power."""
    return ["", *row.values] if row.power is not None else list(row.values)


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
    widths = _column_widths(panel, width, scale)
    lefts = [x + sum(widths[:index]) for index in range(len(widths))]
    header_font = font("narrow", MIN_TEXT * scale)
    header_h = (MIN_TEXT + 6) * scale
    for index, column in enumerate(panel.columns):
        if index:
            at, anchor = (lefts[index] + widths[index] / 2, "mm")
            text = column
        else:
            at, anchor = (x + 4 * scale, "lm")
            text = cut_to_fit(column, header_font, widths[0] - 4 * scale)
        write(draw, (at, y + header_h / 2), text, fill=INK, font=header_font, anchor=anchor)
    y += header_h
    row_h = ROW_HEIGHT * scale
    cell_font = font("bold", MIN_TEXT * scale)
    for row in panel.rows:
        if row.power is not None and row.power == scene.highlight:
            draw.rectangle((x, y, x + width, y + row_h), fill=HIGHLIGHT)
            marker = [
                (x + 1 * scale, y + 7 * scale),
                (x + 1 * scale, y + row_h - 7 * scale),
                (x + 7 * scale, y + row_h / 2),
            ]
            draw.polygon(marker, fill=INK)
        cells = _cells(row)
        if row.power is not None:
            style = scene.style_of(row.power)
            sprite = symbol(CONTROL, rgb(style.colour), style.letter, round(21 * scale))
            image.paste(
                sprite, (round(x + 9 * scale), round(y + (row_h - sprite.height) / 2)), sprite
            )
            name_font = font("sans", MIN_TEXT * scale)
            room = widths[0] - 36 * scale
            write(
                draw,
                (x + 34 * scale, y + row_h / 2),
                cut_to_fit(style.name, name_font, room),
                fill=INK,
                font=name_font,
                anchor="lm",
            )
        for index, cell in enumerate(cells[: len(widths)]):
            if not cell:
                continue
            if index:
                at, anchor = (lefts[index] + widths[index] / 2, "mm")
            else:
                at, anchor = (x + 4 * scale, "lm")
                cell = cut_to_fit(cell, cell_font, widths[0] - 6 * scale)
            write(draw, (at, y + row_h / 2), cell, fill=INK, font=cell_font, anchor=anchor)
        y += row_h
        draw.line((x, y, x + width, y), fill=(215, 205, 185), width=max(1, round(scale)))
    return y


def _fitting(
    text: str, size: float, room: float, face: str = "narrow", smallest: float = MIN_TEXT
) -> ImageFont.FreeTypeFont:
    """The face at `size`, or smaller (not below `smallest`) until `text` fits in `room`."""
    while size * 0.92 >= smallest and sizing_font(face, size).getlength(text) > room:
        size *= 0.92
    return font(face, size)
