"""Region cards: the box beside each region listing its control tokens, pieces and markers.

A card is laid out as rows that wrap: control tokens (a lettered disc and a count per
power), then each power's pieces (a lettered symbol and a count per kind), then the region
markers with their values. Its top-left corner and width come from the geometry; its height
grows with what it holds. When the card sits away from its region a leader line joins them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from bot.render.colours import INK, PAPER, RGB, ink_on, rgb
from bot.render.fonts import MIN_TEXT, font, sizing_font, text_width
from bot.render.kinds import CONTROL, marker_style, piece_shape
from bot.render.lettering import write
from bot.render.shapes import nearest_on_rect
from bot.render.sprites import symbol
from rulesets.core.scene import RegionGeometry, RegionScene, Scene

TITLE_SIZE = MIN_TEXT
BAND_HEIGHT = 23.0
SYMBOL_SIZE = 22.0
MARKER_SIZE = 21.0
COUNT_SIZE = MIN_TEXT
PAD = 5.0
# The leaders' control tokens sit on this gold ground: the region's fill says who leads by
# colour, the lettered token on gold says it again for a reader who cannot tell colours apart.
LEAD_GROUND: RGB = (246, 214, 110)
TITLE_FACE = "narrow"  # condensed: a region's name fits a card at full size
ROW_GAP = 4.0
TRAY: RGB = (226, 222, 212)
# The title band of a region no power's home: sepia, never grey, so that it cannot be read as
# a power's colour (Prussia's black, a grey that colour-blind eyes take for one).
NEUTRAL_BAND: RGB = (104, 74, 44)
VP_BADGE: RGB = (246, 214, 110)


@dataclass(frozen=True)
class Item:
    """One thing placed in a row: a sprite and an optional count after it."""

    sprite: Image.Image
    count: str = ""
    space_after: float = 0.0
    tray: bool = False  # markers sit on a grey tray so that they never read as pieces
    lead: bool = False  # a leader's control token, on a gold ground


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class LaidCard:
    """A region's card ready to draw: its rows and where it ended up on the image."""

    geo: RegionGeometry
    region: RegionScene
    rows: list[list[Item]]
    box: Box


def control_items(region: RegionScene, scene: Scene, scale: float) -> list[Item]:
    items = []
    leaders = set(region.leaders())
    for style in scene.powers:
        count = region.control.get(style.power, 0)
        if count > 0:
            sprite = symbol(CONTROL, rgb(style.colour), style.letter, round(SYMBOL_SIZE * scale))
            lead = style.power in leaders
            items.append(Item(sprite, str(count), space_after=6 * scale, lead=lead))
    return items


def piece_items(region: RegionScene, scene: Scene, scale: float) -> list[Item]:
    items = []
    for style in scene.powers:
        stacks = [stack for stack in region.pieces if stack.power == style.power]
        for index, stack in enumerate(stacks):
            shape = piece_shape(stack.kind)
            sprite = symbol(shape, rgb(style.colour), style.letter, round(SYMBOL_SIZE * scale))
            last = index == len(stacks) - 1
            items.append(Item(sprite, str(stack.count), (9 if last else 3) * scale))
    return items


def marker_items(region: RegionScene, scene: Scene, scale: float) -> list[Item]:
    items = []
    for marker in region.markers:
        style = marker_style(marker.kind)
        tag = scene.captions.get(f"marker.{marker.kind}", style.text)
        text = tag if marker.value is None else str(marker.value)
        sprite = symbol(style.shape, style.fill, text, round(MARKER_SIZE * scale))
        # What goes with the marker (its rewards, a captured token) sits close after it.
        extras: list[Image.Image] = []
        small = round(MARKER_SIZE * 0.8 * scale)
        for kind, amount in marker.rewards.items():
            reward = marker_style(kind)
            extras.append(symbol(reward.shape, reward.fill, str(amount), small))
        if marker.holds is not None:
            held = scene.style_of(marker.holds)
            extras.append(symbol(CONTROL, rgb(held.colour), held.letter, small))
        items.append(Item(sprite, space_after=(1 if extras else 4) * scale, tray=True))
        for index, extra in enumerate(extras):
            last = index == len(extras) - 1
            items.append(Item(extra, space_after=(6 if last else 1) * scale, tray=True))
    return items


def _item_width(item: Item, scale: float) -> float:
    width = float(item.sprite.width)
    if item.count:
        width += 2 * scale + text_width("bold", COUNT_SIZE * scale, item.count)
    return width + item.space_after


def flow(items: list[Item], width: float, scale: float) -> list[list[Item]]:
    """Split items into rows no wider than `width`."""
    rows: list[list[Item]] = []
    used = width + 1
    for item in items:
        needed = _item_width(item, scale)
        # A new row when the item does not fit; an item wider than a row still gets one.
        if used + needed > width and (not rows or rows[-1]):
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += needed
    return rows


def card_rows(
    region: RegionScene, scene: Scene, inner: float, scale: float, table: bool = False
) -> list[list[Item]]:
    """The card's rows: control tokens, then pieces, then markers, each wrapped to `inner`;
    or, for a table card, one row per power and the markers below."""
    if table:
        return [
            *table_rows(region, scene, scale),
            *flow(marker_items(region, scene, scale), inner, scale),
        ]
    rows: list[list[Item]] = []
    for items in (
        control_items(region, scene, scale),
        piece_items(region, scene, scale),
        marker_items(region, scene, scale),
    ):
        rows.extend(flow(items, inner, scale))
    return rows


def _blank(width: float) -> Image.Image:
    return Image.new("RGBA", (max(1, round(width)), 1), (0, 0, 0, 0))


def table_rows(region: RegionScene, scene: Scene, scale: float) -> list[list[Item]]:
    """One row per power in the region, most control tokens first: its token and count, then
    one column per piece kind present, then the VP it would score now on gold."""
    order = [style.power for style in scene.powers]
    present = {*region.control, *(stack.power for stack in region.pieces)}
    powers = sorted(present, key=lambda p: (-region.control.get(p, 0), order.index(p)))
    kinds = list(dict.fromkeys(stack.kind for stack in region.pieces))
    leaders = set(region.leaders())
    size = round(SYMBOL_SIZE * scale)
    cells: list[list[Item | None]] = []
    for power in powers:
        style = scene.style_of(power)
        colour = rgb(style.colour)
        row: list[Item | None] = []
        tokens = region.control.get(power, 0)
        disc = symbol(CONTROL, colour, style.letter, size)
        row.append(Item(disc, str(tokens), lead=power in leaders) if tokens else None)
        for kind in kinds:
            count = sum(s.count for s in region.pieces if s.power == power and s.kind == kind)
            sprite = symbol(piece_shape(kind), colour, style.letter, size)
            row.append(Item(sprite, str(count)) if count else None)
        vp = region.vp_now.get(power, 0)
        row.append(Item(_blank(2 * scale), f"+{vp}", lead=True) if vp else None)
        cells.append(row)
    return _aligned(cells, scale)


def _aligned(cells: list[list[Item | None]], scale: float) -> list[list[Item]]:
    """The rows with every column as wide as its widest cell (an empty cell is blank)."""
    gap = 5 * scale
    columns = max((len(row) for row in cells), default=0)
    widths = [
        max(
            (_item_width(item, scale) for row in cells if (item := row[c]) is not None), default=0.0
        )
        for c in range(columns)
    ]
    rows = []
    for row in cells:
        aligned = []
        for column, item in enumerate(row):
            if not widths[column]:
                continue
            if item is None:
                aligned.append(Item(_blank(widths[column] + gap)))
            else:
                pad = widths[column] - _item_width(item, scale) + gap
                aligned.append(replace(item, space_after=item.space_after + pad))
        rows.append(aligned)
    return rows


def row_width(row: list[Item], scale: float) -> float:
    return sum(_item_width(item, scale) for item in row)


def draw_leader(draw: ImageDraw.ImageDraw, card: LaidCard, scale: float) -> None:
    """A thin line from the card to its region, when the card does not sit on it."""
    anchor = (card.geo.anchor[0] * scale, card.geo.anchor[1] * scale)
    left, top, right, bottom = card.box
    if left <= anchor[0] <= right and top <= anchor[1] <= bottom:
        return
    edge = nearest_on_rect(anchor, (left, top, right, bottom))
    draw.line([edge, anchor], fill=INK, width=max(1, round(1.3 * scale)))
    radius = 3.2 * scale
    draw.ellipse(
        (anchor[0] - radius, anchor[1] - radius, anchor[0] + radius, anchor[1] + radius),
        fill=INK,
    )


def draw_card(image: Image.Image, draw: ImageDraw.ImageDraw, card: LaidCard, scale: float) -> None:
    geo, region, rows, box = card.geo, card.region, card.rows, card.box
    left, top, right, _ = box
    band: RGB = rgb(geo.band) if geo.band else NEUTRAL_BAND
    radius = 5 * scale
    draw.rounded_rectangle(box, radius=radius, fill=PAPER, outline=INK, width=max(1, round(scale)))
    band_bottom = top + BAND_HEIGHT * scale
    draw.rounded_rectangle(
        (left, top, right, band_bottom),
        radius=radius,
        fill=band,
        corners=(True, True, False, False),
    )
    _draw_title(draw, region, box, band_bottom, ink_on(band), scale)

    y = band_bottom + PAD * scale
    for row in rows:
        x = left + PAD * scale
        if row and row[0].tray:
            tray = (x - 2 * scale, y - scale, right - PAD * scale + 2 * scale, y + 22 * scale)
            draw.rounded_rectangle(tray, radius=3 * scale, fill=TRAY)
        for item in row:
            if item.lead:
                ground = _item_width(item, scale) - item.space_after + 3 * scale
                draw.rounded_rectangle(
                    (x - 2 * scale, y - scale, x + ground, y + (SYMBOL_SIZE + 1) * scale),
                    radius=4 * scale,
                    fill=LEAD_GROUND,
                )
            top_y = y + (SYMBOL_SIZE * scale - item.sprite.height) / 2
            image.paste(item.sprite, (round(x), round(top_y)), item.sprite)
            x += item.sprite.width
            if item.count:
                x += 2 * scale
                count_font = font("bold", COUNT_SIZE * scale)
                write(
                    draw,
                    (x, y + SYMBOL_SIZE * scale / 2),
                    item.count,
                    fill=INK,
                    font=count_font,
                    anchor="lm",
                )
                x += count_font.getlength(item.count)
            x += item.space_after
        y += (SYMBOL_SIZE + ROW_GAP) * scale


def _badge_width(region: RegionScene, scale: float) -> float:
    if not region.vp_text:
        return 0.0
    return sizing_font("narrow", MIN_TEXT * scale).getlength(region.vp_text) + 8 * scale


def title_width(region: RegionScene, scale: float) -> float:
    """How wide a card must be for its title band: the name at full size and the VP badge."""
    name = sizing_font(TITLE_FACE, TITLE_SIZE * scale).getlength(region.label)
    badge = _badge_width(region, scale)
    return 2 * PAD * scale + name + (badge + 4 * scale if badge else 0.0)


def _draw_title(
    draw: ImageDraw.ImageDraw,
    region: RegionScene,
    box: tuple[float, float, float, float],
    band_bottom: float,
    ink: RGB,
    scale: float,
) -> None:
    left, top, right, _ = box
    middle = (top + band_bottom) / 2
    vp_right = right - PAD * scale
    if region.vp_text:
        vp_font = font("narrow", MIN_TEXT * scale)
        badge = (
            vp_right - _badge_width(region, scale),
            top + 2 * scale,
            vp_right,
            band_bottom - 2 * scale,
        )
        draw.rounded_rectangle(badge, radius=4 * scale, fill=VP_BADGE)
        write(
            draw,
            ((badge[0] + badge[2]) / 2, middle),
            region.vp_text,
            fill=INK,
            font=vp_font,
            anchor="mm",
        )
    # The layout made the card wide enough for the name at full size.
    title_font = font(TITLE_FACE, TITLE_SIZE * scale)
    write(draw, (left + PAD * scale, middle), region.label, fill=ink, font=title_font, anchor="lm")
