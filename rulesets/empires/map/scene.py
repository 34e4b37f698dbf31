"""Turn the PUBLIC view of an Empires game into a map scene.

Only keys of the public view are read, one by one, so nothing secret that a view might carry
later reaches the map. A region appears as a card only when it holds something (units, a
flag, a palace, a city tile or an occupier); every region's name is drawn on the map anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rulesets.core.scene import (
    Banner,
    Header,
    LegendEntry,
    Panel,
    PanelRow,
    PieceStack,
    RegionMarker,
    RegionScene,
    Scene,
)
from rulesets.empires.map.geometry import (
    DEFAULT_LANGUAGE,
    EMPIRE_STYLES,
    empire_styles,
    load_geometry,
    map_text,
)

UNIT_KINDS = ("infantry", "artillery", "two_master", "three_master")
LEGEND = (
    ("control", "legend.flag"),
    ("infantry", "legend.infantry"),
    ("artillery", "legend.artillery"),
    ("two_master", "legend.two_master"),
    ("three_master", "legend.three_master"),
    ("palace", "legend.palace"),
    ("city", "legend.city"),
    ("marker:occupied", "legend.occupied"),
)


def region_scene(region_id: str, label: str, raw: Mapping[str, Any]) -> RegionScene:
    """A region's flag, buildings and units, empire by empire in the board's order; its
    colour is its flag holder's, or its occupier's for an occupied city."""
    owner = raw.get("owner")
    pieces = []
    if raw.get("palace"):
        # A palace's count is its crowns, the figure that matters when a palace is built up.
        crowns = max(1, int(raw.get("palace_crowns") or 1))
        pieces.append(PieceStack(kind="palace", power=str(raw["palace"]), count=crowns))
    city_tile = raw.get("city_tile")
    if city_tile and owner:
        # One symbol for the city tile, its level as the count: 1 basic, 2 upgraded.
        level = 2 if city_tile == "upgraded" else 1
        pieces.append(PieceStack(kind="city", power=str(owner), count=level))
    units: Mapping[str, Mapping[str, int]] = raw.get("units") or {}
    for empire in EMPIRE_STYLES:
        for kind in UNIT_KINDS:
            count = int(units.get(empire, {}).get(kind, 0))
            if count > 0:
                pieces.append(PieceStack(kind=kind, power=empire, count=count))
    flag = raw.get("flag")
    occupier = raw.get("occupied_by")
    markers = [RegionMarker(kind="occupied", holds=str(occupier))] if occupier else []
    return RegionScene(
        id=region_id,
        label=label,
        control={str(flag): 1} if flag else {},
        pieces=pieces,
        markers=markers,
        # A region shows its flag holder's colour; an occupied city its occupier's.
        holders=[str(occupier)] if occupier else None,
    )


def _holds_something(region: RegionScene) -> bool:
    return bool(region.control or region.pieces or region.markers)


def scene_from_view(
    view: Mapping[str, Any],
    language: str = DEFAULT_LANGUAGE,
    labels: Mapping[str, str] | None = None,
) -> Scene:
    """The map scene for a public view (see `rulesets/empires/view.py`)."""
    text = {**map_text(language), **(labels or {})}

    def name(thing: str) -> str:
        return text.get(f"name.{thing}", thing)

    regions = [
        region_scene(region_id, name(region_id), raw)
        for region_id, raw in view.get("regions", {}).items()
    ]

    def seat_name(seat: str) -> str:
        return text.get(f"seat.{seat}", seat)

    phase = str(view.get("phase", ""))
    if phase == "over":
        lines = [text["game_over"].format(decade=view.get("decade", 1))]
    else:
        lines = [
            text["decade"].format(decade=view.get("decade", 1), decades=view.get("decades", "?")),
            text["phase"].format(phase=text.get(f"phase.{phase}", phase.replace("_", " "))),
        ]
    active_empire = view.get("active_empire")
    return Scene(
        map_id=load_geometry().id,
        header=Header(title=text["title"], lines=lines),
        powers=empire_styles(text),
        regions=[region for region in regions if _holds_something(region)],
        panels=_panels(view, text, seat_name),
        legend=[LegendEntry(symbol=symbol, label=text[key]) for symbol, key in LEGEND],
        legend_title=text["legend"],
        captions={key: value for key, value in text.items() if key.startswith("name.")},
        highlight=str(active_empire) if active_empire in EMPIRE_STYLES else None,
        language=language,
        banner=awaited_banner(view, text, name, seat_name),
    )


def _join(names: list[str], text: Mapping[str, str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + text["and"] + names[-1]


def awaited_banner(
    view: Mapping[str, Any],
    text: Mapping[str, str],
    name: Callable[[str], str],
    seat_name: Callable[[str], str],
) -> Banner | None:
    """Who must play, for which empire and what for; at the end, who won.

    Seats are shown by their players' names when the caller passes them as `seat.<seat>`
    labels (the services know who holds each seat; the view does not). Between two turns
    (a time-track tile, a levy) the view names no seat: a caller that knows the seats with a
    prompt adds them to the view as `awaited`.
    """
    phase = str(view.get("phase", ""))
    if phase == "over":
        winners = [str(seat) for seat in view.get("winners") or []]
        if not winners:
            return None
        names = _join([seat_name(seat) for seat in winners], text)
        return Banner(text=text["banner.over"].format(winners=names))
    doing = text.get(f"phase.{phase}", phase.replace("_", " "))
    awaited = [str(seat) for seat in view.get("awaited") or []]
    if len(awaited) > 1:
        names = _join([seat_name(seat) for seat in awaited], text)
        return Banner(text=text["banner.waiting"].format(seats=names, phase=doing))
    seat = awaited[0] if awaited else view.get("active_seat") or view.get("decider")
    if not seat:
        return None
    empire = view.get("active_empire")
    if empire in EMPIRE_STYLES:
        sentence = text["banner.play_empire"].format(
            seat=seat_name(str(seat)), empire=name(str(empire)), phase=doing
        )
        return Banner(powers=[str(empire)], text=sentence)
    return Banner(text=text["banner.play"].format(seat=seat_name(str(seat)), phase=doing))


def _panels(
    view: Mapping[str, Any], text: Mapping[str, str], seat_name: Callable[[str], str]
) -> list[Panel]:
    """The power track and flags of each empire, strongest first, then the players."""
    empires: Mapping[str, Any] = view.get("empires", {})
    monarchs: Mapping[str, Any] = view.get("monarchs") or {}
    ranked = sorted(empires, key=lambda e: (-int(empires[e].get("power", 0)), e))
    empire_rows = [
        PanelRow(
            power=empire,
            values=[
                str(empires[empire].get("power", 0)),
                str(empires[empire].get("flags", 0)),
                str(empires[empire].get("crowns", 0)),
                seat_name(str(monarchs[empire])) if monarchs.get(empire) else "–",
            ],
        )
        for empire in ranked
        if empire in EMPIRE_STYLES
    ]
    panels = [
        Panel(
            title=text["empires"],
            columns=[text[c] for c in ("col.empire", "col.power", "col.flags", "col.crowns")]
            + [text["col.monarch"]],
            rows=empire_rows,
        )
    ]
    players: Mapping[str, Any] = view.get("players", {})
    scores = view.get("scores")
    seats = sorted(players, key=lambda s: (players[s].get("position") or 99, s))
    if scores:
        seats = sorted(scores, key=lambda s: (-int(scores[s]), s))
    panels.append(
        Panel(
            title=text["scores"] if scores else text["players"],
            columns=[text["col.seat"], text["col.position"], text["col.score"]],
            rows=[
                PanelRow(
                    values=[
                        seat_name(str(seat)),
                        str(players.get(seat, {}).get("position") or "–"),
                        str(scores[seat]) if scores else "–",
                    ]
                )
                for seat in seats
            ],
        )
    )
    return panels
