"""Turn the PUBLIC view of a Struggle of Empires game into a map scene.

Only keys of the public view contract are read, one by one, so a secret that a view might
carry (unrest, once revealed at the end, or anything added later) never reaches the map.
Texts come from the map's own catalogue (`text.json`, English and French); a caller may
pass `labels` to replace any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.core.scene import (
    Header,
    LegendEntry,
    Panel,
    PanelRow,
    PieceStack,
    RegionMarker,
    RegionScene,
    Scene,
)
from rulesets.struggle.map.geometry import (
    DEFAULT_LANGUAGE,
    load_geometry,
    load_styles,
    map_text,
    tile_name,
)

# The view does not say how many wars a game has; Struggle of Empires always has three.
TOTAL_WARS = 3
# View key -> piece kind, for regions and home countries alike.
PIECE_KEYS = (("armies", "army"), ("fleets", "fleet"), ("forts", "fort"))
TABLE_COLUMNS = (
    "col.power",
    "col.alliance",
    "col.gold",
    "col.population",
    "col.vp",
    "col.tiles",
    "col.tokens",
)
LEGEND = (
    ("badge:8·5·3", "legend.vp_values"),
    ("control", "legend.control"),
    ("army", "legend.army"),
    ("fleet", "legend.fleet"),
    ("fort", "legend.fort"),
    ("blockade", "legend.blockade"),
    ("marker:neutral", "legend.neutral"),
    ("marker:gold", "legend.gold"),
    ("marker:vp", "legend.vp"),
    ("marker:pop", "legend.pop"),
    ("marker:slaves", "legend.slaves"),
    ("marker:pirates", "legend.pirates"),
    ("marker:slave_revolt", "legend.slave_revolt"),
    ("lane:free", "legend.free"),
    ("lane:roll", "legend.roll"),
)


def _counts(raw: Any) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        return {}
    return {str(power): int(count) for power, count in raw.items() if int(count) > 0}


def marker_scene(raw: Mapping[str, Any]) -> RegionMarker:
    """A marker with its defence, and the gold or VP that beating it pays, if any."""
    value = raw.get("value")
    rewards = {kind: int(raw.get(kind) or 0) for kind in ("gold", "vp")}
    return RegionMarker(
        kind=str(raw.get("kind", "")),
        value=None if value is None else int(value),
        rewards={kind: amount for kind, amount in rewards.items() if amount > 0},
    )


def raider_scene(raw: Mapping[str, Any]) -> RegionMarker:
    """A Pirates or Slave Revolt tile on the map, with the control token it captured."""
    held = raw.get("held")
    return RegionMarker(kind=str(raw.get("tile", "")), holds=str(held) if held else None)


def region_scene(
    region_id: str, label: str, raw: Mapping[str, Any], order: list[str]
) -> RegionScene:
    """A scoring region: tokens, pieces in turn order, blockade, markers and raiders, VP."""
    pieces = []
    for power in order:
        for key, kind in PIECE_KEYS:
            count = _counts(raw.get(key)).get(power, 0)
            if count:
                pieces.append(PieceStack(kind=kind, power=power, count=count))
    blockade = raw.get("blockade")
    if blockade:
        pieces.append(PieceStack(kind="blockade", power=str(blockade), count=1))
    markers = [marker_scene(marker) for marker in raw.get("markers", [])]
    markers += [raider_scene(raider) for raider in raw.get("raiders", [])]
    return RegionScene(
        id=region_id,
        label=label,
        control=_counts(raw.get("control")),
        pieces=pieces,
        markers=markers,
        vp_text="·".join(str(int(value)) for value in raw.get("vp", [])),
    )


def home_scene(power: str, label: str, raw: Mapping[str, Any]) -> RegionScene:
    pieces = [
        PieceStack(kind=kind, power=power, count=int(raw.get(key, 0)))
        for key, kind in PIECE_KEYS
        if int(raw.get(key, 0)) > 0
    ]
    return RegionScene(id=power, label=label, pieces=pieces)


def scene_from_view(
    view: Mapping[str, Any],
    language: str = DEFAULT_LANGUAGE,
    labels: Mapping[str, str] | None = None,
) -> Scene:
    """The map scene for a public view (see the view contract in the rules package)."""
    text = {**map_text(language), **(labels or {})}
    powers: Mapping[str, Any] = view.get("powers", {})
    styles = load_styles()
    order = [str(power) for power in view.get("turn_order", [])] or sorted(powers)
    order += [power for power in styles.powers if power not in order]

    def name(place: str) -> str:
        return text.get(f"name.{place}", place)

    regions = [
        region_scene(region_id, name(region_id), raw, order)
        for region_id, raw in view.get("regions", {}).items()
    ]
    regions += [home_scene(power, name(power), raw) for power, raw in view.get("homes", {}).items()]

    phase = str(view.get("phase", ""))
    lines = [
        text["war_round"].format(
            war=view.get("war", 1),
            wars=view.get("wars", TOTAL_WARS),
            round=view.get("round", 1),
            rounds=view.get("rounds_in_war", "?"),
        ),
        text["phase"].format(phase=text.get(f"phase.{phase}", phase.replace("_", " "))),
    ]
    active = view.get("active")
    if active:
        lines.append(text["active"].format(power=name(str(active))))

    return Scene(
        map_id=load_geometry().id,
        header=Header(title=text["title"], lines=lines),
        powers=styles.power_styles(text),
        regions=regions,
        panels=_panels(view, order, text, language),
        legend=[LegendEntry(symbol=symbol, label=text[key]) for symbol, key in LEGEND],
        legend_title=text["legend"],
        captions={
            key: value for key, value in text.items() if key.startswith(("caption.", "marker."))
        },
        highlight=active if isinstance(active, str) else None,
    )


def _panels(
    view: Mapping[str, Any], order: list[str], text: Mapping[str, str], language: str
) -> list[Panel]:
    """The turn-order table with alliances and public totals, then the tiles each power
    holds; at the end, the final scores take the tiles' place."""
    powers: Mapping[str, Any] = view.get("powers", {})
    alliance_of = {
        str(power): str(group)
        for group, members in (view.get("alliances") or {}).items()
        for power in members
    }
    rows = []
    for power in order:
        if power not in powers:
            continue
        public = powers[power]
        values = [
            alliance_of.get(power, "–"),
            str(public.get("gold", 0)),
            str(public.get("population", 0)),
            str(public.get("vp", 0)),
            str(len(public.get("tiles", []))),
            str(public.get("control_tokens_left", 0)),
        ]
        rows.append(PanelRow(power=power, values=values))
    columns = [text[column] for column in TABLE_COLUMNS]
    panels = [Panel(title=text["turn_order"], columns=columns, rows=rows)]
    scores = view.get("scores")
    if not scores:
        held = [
            PanelRow(power=power, values=[tile_name(tile, language) for tile in tiles])
            for power in order
            if (tiles := powers.get(power, {}).get("tiles"))
        ]
        if held:
            panels.append(Panel(title=text["tiles"], rows=held, style="list"))
    if scores:
        ranked = sorted(scores.items(), key=lambda item: (-int(item[1]), item[0]))
        panels.append(
            Panel(
                title=text["scores"],
                columns=[text["col.power"], text["col.score"]],
                rows=[PanelRow(power=power, values=[str(score)]) for power, score in ranked],
            )
        )
    return panels
