"""What a map shows, as data: the scene a ruleset builds and the geometry it draws on.

A ruleset turns its public view into a `Scene` (who controls what, where the pieces are,
the tracks beside the board) and owns a `MapGeometry` (where each region is drawn). The
renderer in `bot/render` is the only code that turns the two into pixels, so a scene holds
only public information and short display texts, never drawing instructions.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Point = tuple[float, float]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- The scene: what is on the board now -------------------------------------------------


class PowerStyle(_Frozen):
    """How a power is shown: a colour-blind-safe colour AND a letter, never colour alone."""

    power: str
    name: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    letter: str = Field(min_length=1, max_length=2)


class PieceStack(_Frozen):
    """`count` pieces of one kind (army, fleet, fort...) belonging to one power."""

    kind: str
    power: str
    count: int = Field(ge=1)


class RegionMarker(_Frozen):
    """A counter lying on a region: its kind (neutral, pop...) and its value (a defence).

    `rewards` is what beating it pays, by the marker kind that shows it (`{"gold": 2}`);
    `holds` names the power whose control token the counter has captured, if any.
    """

    kind: str
    value: int | None = None
    rewards: dict[str, int] = Field(default_factory=dict)
    holds: str | None = None


class RegionScene(_Frozen):
    """One region as it stands: control counts, pieces, markers and what it is worth.

    `holders` are the powers whose colour fills the region (several: a tie, drawn as
    stripes). Left as None, they are the powers with the most control tokens, which is who
    leads a scoring region; an empty list leaves the region in its map colour. `vp_now` is
    what each power would score if the region were scored now (shown by table cards).
    """

    id: str
    label: str
    control: dict[str, int] = Field(default_factory=dict)
    pieces: list[PieceStack] = Field(default_factory=list)
    markers: list[RegionMarker] = Field(default_factory=list)
    vp_text: str = ""
    holders: list[str] | None = None
    vp_now: dict[str, int] = Field(default_factory=dict)

    def leaders(self) -> list[str]:
        """The powers whose colour the region shows, in the order given or by power id."""
        if self.holders is not None:
            return list(self.holders)
        most = max(self.control.values(), default=0)
        return sorted(power for power, count in self.control.items() if count == most > 0)


class PanelRow(_Frozen):
    """One line of a side panel.

    A row about a power shows the power (token and name) in the first column and `values`
    in the columns after it; a row with no power fills the columns from the first.
    """

    power: str | None = None
    values: list[str]


class Panel(_Frozen):
    """A table beside the board: turn order, alliances, each power's public totals.

    A `list` panel has no columns: each row is the power's token and one line of text
    (its tiles, say), made smaller or cut short to fit.
    """

    title: str
    columns: list[str] = Field(default_factory=list)
    rows: list[PanelRow] = Field(default_factory=list)
    style: Literal["table", "list"] = "table"


class LegendEntry(_Frozen):
    """A symbol and what it means.

    `symbol` is a piece kind, `control` (a control token), `marker:<kind>`, `lane:<style>`
    (a sea lane as the geometry draws that style) or `badge:<sample>` (the VP badge).
    """

    symbol: str
    label: str


class Header(_Frozen):
    title: str
    lines: list[str] = Field(default_factory=list)


class Banner(_Frozen):
    """Who the game waits for and what for, drawn large at the top of the map.

    `powers` are the awaited seats' powers (their colours and letters are shown); `text` is
    the sentence ("France to act: 2 actions left"); `details` are shorter lines under it
    (the auction's high bid, the combat's step).
    """

    powers: list[str] = Field(default_factory=list)
    text: str
    details: list[str] = Field(default_factory=list)


class Arrow(_Frozen):
    """A move or an attack by `power` from one region (or home) to another."""

    start: str
    end: str
    power: str
    kind: Literal["move", "attack"] = "move"


class Changes(_Frozen):
    """What the last resolution changed: the regions it touched (outlined in the acting
    power's colour), the moves and attacks as arrows, and the "Last:" line in words."""

    actor: str | None = None
    regions: list[str] = Field(default_factory=list)
    arrows: list[Arrow] = Field(default_factory=list)
    last: str = ""


class Scene(_Frozen):
    """Everything drawn on top of a map's base layer.

    `captions` gives short texts by key in the scene's language: the geometry's caption keys
    (sea names, inset titles; a key with no text is shown as it is) and `marker.<kind>`, the
    word on a marker that has no number (Pop).

    `language` is the language of every text (the renderer words the "Last:" line in it);
    `banner` says who must act; `changes` what the last resolution did (see
    `bot.render.changes`, which derives it from the scene before); `setup` marks a position
    during the set-up placements (a timeline skips it); `counter` is a timeline's frame
    number ("12 / 40"); `key_line` is the one line drawn in place of the legend when the
    legend is posted as a picture of its own.
    """

    map_id: str
    header: Header
    powers: list[PowerStyle]
    regions: list[RegionScene]
    panels: list[Panel] = Field(default_factory=list)
    legend: list[LegendEntry] = Field(default_factory=list)
    legend_title: str = "Legend"
    captions: dict[str, str] = Field(default_factory=dict)
    highlight: str | None = None
    language: str = "en"
    banner: Banner | None = None
    changes: Changes | None = None
    setup: bool = False
    counter: str = ""
    card_style: Literal["flow", "table"] = "flow"
    key_line: str = ""

    @model_validator(mode="after")
    def _powers_are_styled(self) -> Scene:
        styled = {style.power for style in self.powers}
        for region in self.regions:
            used = set(region.control) | {stack.power for stack in region.pieces}
            used |= {marker.holds for marker in region.markers if marker.holds}
            used |= set(region.holders or [])
            missing = used - styled
            if missing:
                raise ValueError(f"region {region.id} uses unstyled powers {sorted(missing)}")
        named = set(self.banner.powers) if self.banner else set()
        if self.changes is not None:
            named |= {arrow.power for arrow in self.changes.arrows}
            named |= {self.changes.actor} if self.changes.actor else set()
        if named - styled:
            raise ValueError(f"banner or changes name unstyled powers {sorted(named - styled)}")
        return self

    def style_of(self, power: str) -> PowerStyle:
        return next(style for style in self.powers if style.power == power)

    def region(self, region_id: str) -> RegionScene:
        return next(region for region in self.regions if region.id == region_id)


# --- The geometry: where things are drawn, in design units --------------------------------


class Shape(_Frozen):
    """A filled outline of the map art (a coastline, a sea, an island)."""

    points: list[Point] = Field(min_length=3)
    fill: str
    outline: str | None = None
    smooth: int = Field(default=2, ge=0, le=4)
    layer: int = 0


class Rect(_Frozen):
    x: float
    y: float
    width: float = Field(gt=0)
    height: float = Field(gt=0)


class Inset(_Frozen):
    """A framed box of its own (distant colonies drawn at their own scale), under `layer`.

    `title` is a caption key, worded by the scene like the geometry's captions.
    """

    box: Rect
    fill: str
    title: str = ""
    layer: int = 1


class RegionGeometry(_Frozen):
    """Where one region is drawn: its outline, its name and the card listing its contents.

    `card` is the box where control tokens, pieces and markers are laid out (its height is
    a minimum: the card grows down, or up from its bottom edge near the foot of the map);
    `anchor` is the point the card's leader line points at when the card sits outside the
    region; `band` colours the card's title (a home country takes its power's colour).
    """

    kind: str
    outline: list[Point] = Field(min_length=3)
    fill: str
    smooth: int = Field(default=2, ge=0, le=4)
    anchor: Point
    card: Rect
    band: str | None = None
    card_grows_up: bool = False


class SeaLink(_Frozen):
    """A sea lane drawn between two places (region ids or ports), through waypoints.

    `style` names how the lane is drawn; the legend explains it (e.g. whether a crossing
    needs a sea roll).
    """

    between: tuple[str, str]
    via: list[Point] = Field(default_factory=list)
    style: str = "lane"


class MapGeometry(_Frozen):
    """A ruleset's map: canvas size in design units, art, regions, lanes and the sidebar.

    Design units are pixels at the map's native width; the renderer scales them to the
    requested width. `captions` place decorative names (seas) by key; the scene supplies
    the words, so one geometry serves every language. `areas` are the named parts of the
    map a close-up can show besides single regions (a continent, a theatre): caption key ->
    region ids; a titled inset is such a part without being listed.
    """

    id: str
    width: float = Field(gt=0)
    height: float = Field(gt=0)
    background: str
    insets: list[Inset] = Field(default_factory=list)
    art: list[Shape] = Field(default_factory=list)
    regions: dict[str, RegionGeometry]
    ports: dict[str, Point] = Field(default_factory=dict)
    sea_links: list[SeaLink] = Field(default_factory=list)
    sidebar: Rect
    captions: list[tuple[str, Point]] = Field(default_factory=list)
    areas: dict[str, list[str]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _links_join_known_regions(self) -> MapGeometry:
        for link in self.sea_links:
            unknown = [end for end in link.between if self.place(end) is None]
            if unknown:
                raise ValueError(f"sea link to unknown regions {unknown}")
        for key, members in self.areas.items():
            strangers = [member for member in members if member not in self.regions]
            if strangers or not members:
                raise ValueError(f"area {key} lists unknown regions {strangers} or none")
        return self

    def place(self, name: str) -> Point | None:
        """Where a sea lane ends: a region's anchor or a named port."""
        if name in self.regions:
            return self.regions[name].anchor
        return self.ports.get(name)
