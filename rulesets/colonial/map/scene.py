"""Turn the PUBLIC view of a Colonial game into a map scene.

Only keys of the public view are read, so nothing of a programme can reach the map: the
sidebar lists the cards each player has revealed this turn and who has programmed, never
a hidden slot. On each Territory: who controls how many Resources, every player's counters,
each Resource slot in its colour with the size of its stack and its controller, then the
Colony, independent state, Boomtown, Unrest, Missions and the Prestige still to find.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulesets.colonial.map.geometry import (
    DEFAULT_LANGUAGE,
    SEAT_STYLES,
    load_geometry,
    map_text,
    seat_styles,
)
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

LEGEND = (
    ("control", "legend.control"),
    ("counter", "legend.counter"),
    ("marker:res_gold", "legend.resource"),
    ("marker:colony", "legend.colony"),
    ("marker:independent", "legend.independent"),
    ("marker:boomtown", "legend.boomtown"),
    ("marker:unrest", "legend.unrest"),
    ("marker:mission", "legend.mission"),
    ("marker:prestige", "legend.prestige"),
)


def territory_scene(
    tid: str, label: str, raw: Mapping[str, Any], boomtown: Any, value: int
) -> RegionScene:
    stacks: list[list[str]] = [list(stack) for stack in raw.get("stacks") or []]
    resources: list[str] = list(raw.get("resources") or [])
    control: dict[str, int] = {}
    counts: dict[str, int] = {}
    markers = []
    for colour, stack in zip(resources, stacks, strict=False):
        holder = stack[0] if stack else None
        if holder is not None:
            control[holder] = control.get(holder, 0) + 1
        for seat in stack:
            counts[seat] = counts.get(seat, 0) + 1
        markers.append(RegionMarker(kind=f"res_{colour}", value=len(stack), holds=holder))
    if raw.get("colony"):
        markers.append(RegionMarker(kind="colony", holds=str(raw["colony"])))
    if raw.get("independent"):
        markers.append(RegionMarker(kind="independent"))
    if boomtown == tid:
        markers.append(RegionMarker(kind="boomtown", value=value))
    for kind in ("unrest", "missions", "prestige"):
        amount = int(raw.get(kind) or 0)
        if amount:
            markers.append(
                RegionMarker(kind=kind.rstrip("s") if kind == "missions" else kind, value=amount)
            )
    pieces = [
        PieceStack(kind="counter", power=seat, count=counts[seat])
        for seat in SEAT_STYLES
        if counts.get(seat)
    ]
    return RegionScene(id=tid, label=label, control=control, pieces=pieces, markers=markers)


def scene_from_view(
    view: Mapping[str, Any],
    language: str = DEFAULT_LANGUAGE,
    labels: Mapping[str, str] | None = None,
) -> Scene:
    """The map scene for a public view (see `rulesets/colonial/view.py`)."""
    text = {**map_text(language), **(labels or {})}

    def name(thing: str) -> str:
        return text.get(f"name.{thing}", thing)

    boomtown = view.get("boomtown")
    value = int(view.get("boomtown_value") or 0)
    ignored = set(view.get("ignored") or [])
    geometry = load_geometry()
    regions = [
        territory_scene(tid, name(tid), raw, boomtown, value)
        for tid, raw in (view.get("territories") or {}).items()
        if tid in geometry.regions and geometry.regions[tid].kind not in ignored
    ]
    phase = str(view.get("phase", ""))
    lines = [
        text["turn"].format(turn=view.get("turn", 1), phase=text.get(f"phase.{phase}", phase)),
        text["first"].format(seat=name(str(view.get("first", "")))),
        text["boxes"].format(
            circumnavigation=view.get("circumnavigation", 0), discovery=view.get("discovery", 0)
        ),
    ]
    if ignored:
        lines.append(text["ignored"].format(continents=", ".join(name(c) for c in sorted(ignored))))
    if view.get("abolition"):
        lines.append(text["abolition"])
    return Scene(
        map_id=geometry.id,
        header=Header(title=text["title"], lines=lines),
        powers=seat_styles(text),
        regions=regions,
        panels=_panels(view, text, name),
        legend=[LegendEntry(symbol=symbol, label=text[key]) for symbol, key in LEGEND],
        legend_title=text["legend"],
        captions={key: value for key, value in text.items() if key.startswith("marker.")}
        | {"europe": text["europe"]},
    )


def _table(
    title: str,
    keys: tuple[str, ...],
    seats: list[str],
    players: Mapping[str, Any],
    text: Mapping[str, str],
) -> Panel:
    """One row per player, one short column per value of its board."""
    return Panel(
        title=title,
        columns=[text["col.player"], *(text[f"col.{key}"] for key in keys)],
        rows=[
            PanelRow(power=seat, values=[_value(players[seat], key) for key in keys])
            for seat in seats
        ],
    )


def _value(board: Mapping[str, Any], key: str) -> str:
    if key == "loans":
        return str(sum(board.get("loans") or []))
    if key in ("seafaring", "economy", "logistics", "navy"):
        return str((board.get("tracks") or {}).get(key, ""))
    return str(board.get(key, 0))


def _panels(view: Mapping[str, Any], text: Mapping[str, str], name: Any) -> list[Panel]:
    """Short tables (so that players' names fit): the nation boards, the tracks with
    Diplomacy and Unrest, and the cards shown this turn."""
    players: Mapping[str, Any] = view.get("players") or {}
    seats = [s for s in (view.get("order") or list(players)) if s in players]
    nations = _table(
        text["nations"],
        ("prestige", "treasury", "loans", "fleets", "squadrons", "goods"),
        seats,
        players,
        text,
    )
    tracks = _table(
        text["tracks"],
        ("seafaring", "economy", "logistics", "navy", "diplomacy", "unrest"),
        seats,
        players,
        text,
    )
    revealed: Mapping[str, list[str]] = view.get("revealed") or {}
    ready = set(view.get("ready") or [])
    cards = Panel(
        title=text["cards"],
        style="list",
        rows=[
            PanelRow(
                power=seat,
                values=[
                    ", ".join(name(card) for card in revealed.get(seat, []))
                    or (text["programmed"] if seat in ready else text["nothing_shown"])
                ],
            )
            for seat in seats
        ],
    )
    return [nations, tracks, cards]
