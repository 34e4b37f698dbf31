"""Turn the PUBLIC view of an Ultima Ratio Regis campaign into a map scene: control and
pieces per zone, and the status board (instability, morale, VP, turn, impulse, step)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from rulesets.core.scene import (
    Header,
    LegendEntry,
    Panel,
    PanelRow,
    PieceStack,
    PowerStyle,
    RegionMarker,
    RegionScene,
    Scene,
)
from rulesets.ultima_ratio_regis.map.board import MapBoard, board_of, shipped_board
from rulesets.ultima_ratio_regis.map.geometry import geometry_of

LOCALE = Path(__file__).resolve().parents[1] / "locale"
MINOR_COLOUR = "#B4B4B4"
MINOR_TROOPS = "minor_troops"  # a minor power's own troops: a piece kind of their own
LETTERS = {
    "urr_fra": "F",
    "urr_gbr": "GB",
    "urr_aus": "A",
    "urr_esp": "S",
    "urr_ott": "O",
    "urr_rus": "R",
    "urr_ned": "N",
    "urr_pru": "P",
}
TEXT = {
    "en": {
        "title": "Ultima Ratio Regis",
        "turn": "Turn {turn}, impulse {impulse}",
        "eot": "End of turn, step {step}",
        "acting": "Acting: {seat}",
        "status": "Powers",
        "wars": "Wars (morale lost)",
        "col.power": "Power",
        "col.player": "Player",
        "seat": "P{number}",
        "report": "Last combat: {area}",
        "opposition": "Opposition",
        "col.dice": "Dice",
        "col.bp": "BP",
        "col.damage": "Dmg",
        "col.instability": "Inst.",
        "col.rebellions": "Reb.",
        "col.vp": "VP",
        "legend": "Legend",
        "army": "Troops",
        "fleet": "Squadrons",
        "fort": "Fortress",
        "control": "Control",
        "scores": "Final standing",
        "col.score": "VP",
        "minors": "Minor powers' allies",
        "minor.ally": "{minor}: {ally}",
        "minor.alone": "{minor}: none",
        "marker:ally": "Minor power, its ally",
        MINOR_TROOPS: "Minor's troops, by commander",
        "ally_tag": "Al",
    },
    "fr": {
        "title": "Ultima Ratio Regis",
        "turn": "Tour {turn}, impulsion {impulse}",
        "eot": "Fin de tour, étape {step}",
        "acting": "Joue : {seat}",
        "status": "Puissances",
        "wars": "Guerres (moral perdu)",
        "col.power": "Puissance",
        "col.player": "Joueur",
        "seat": "J{number}",
        "report": "Combat : {area}",
        "opposition": "Opposition",
        "col.dice": "Dés",
        "col.bp": "PB",
        "col.damage": "Dég.",
        "col.instability": "Inst.",
        "col.rebellions": "Réb.",
        "col.vp": "PV",
        "legend": "Légende",
        "army": "Troupes",
        "fleet": "Escadres",
        "fort": "Forteresse",
        "control": "Contrôle",
        "scores": "Classement final",
        "col.score": "PV",
        "minors": "Alliés des mineures",
        "minor.ally": "{minor} : {ally}",
        "minor.alone": "{minor} : aucun",
        "marker:ally": "Mineure et son allié",
        MINOR_TROOPS: "Troupes de mineure, par chef",
        "ally_tag": "Al",
    },
}


@cache
def _names(language: str) -> dict[str, str]:
    english = json.loads((LOCALE / "en.json").read_text(encoding="utf-8"))
    path = LOCALE / f"{language}.json"
    local = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return {**english, **local}


def display_name(item: str, language: str) -> str:
    return _names(language).get(f"name.{item}", item)


def power_styles(language: str, board: MapBoard | None = None) -> list[PowerStyle]:
    """The major powers in their colours; then the minor powers in one neutral grey,
    lettered by their first zone, should a unit or a combat side of theirs be shown."""
    board = board or shipped_board()
    majors = [
        PowerStyle(
            power=p.id,
            name=display_name(p.id, language),
            colour=p.colour,
            letter=LETTERS.get(p.id, p.id[-2:].upper()),
        )
        for p in board.powers
    ]
    minors = [
        PowerStyle(
            power=minor.id,
            name=display_name(minor.id, language),
            colour=MINOR_COLOUR,
            letter=display_name(minor.zones[0] if minor.zones else minor.id, language)[:2],
        )
        for minor in board.minors
    ]
    return majors + minors


def _commanders(view: Mapping[str, Any], board: MapBoard) -> dict[str, str]:
    """Each minor power whose troops a major power commands -> that power."""
    commanders: Mapping[str, Any] = view.get("minor_commanders") or {}
    majors = {power.id for power in board.powers}
    return {minor: str(power) for minor, power in commanders.items() if power and power in majors}


def under_command(minor: str, commander: str) -> str:
    """The style id of a minor's troops under a major power's command."""
    return f"{minor}@{commander}"


def commanded_styles(
    view: Mapping[str, Any], board: MapBoard, language: str, styles: list[PowerStyle]
) -> list[PowerStyle]:
    """A style for the troops of each minor power a major power commands: the minor's
    letters (from `styles`) in its commander's colour (the zone's ally marker names the
    commander)."""
    colours = {power.id: power.colour for power in board.powers}
    commanders = _commanders(view, board)
    commanded = []
    for minor in styles:
        commander = commanders.get(minor.power)
        if commander is None:
            continue
        name = f"{minor.name} ({display_name(commander, language)})"
        commanded.append(
            minor.model_copy(
                update={
                    "power": under_command(minor.power, commander),
                    "name": name,
                    "colour": colours[commander],
                }
            )
        )
    return commanded


def _troop_stacks(
    view: Mapping[str, Any], board: MapBoard
) -> dict[str, dict[tuple[str, str], int]]:
    """Zone -> (piece kind, style id) -> how many: the major powers' troops and squadrons,
    then the minor powers' own troops (styled by their commander when they have one)."""
    pieces: dict[str, dict[tuple[str, str], int]] = {}
    for unit in view.get("units", []):
        if unit.get("dispersed_at") is not None:
            continue
        kind = "army" if unit.get("kind") == "troop" else "fleet"
        stacks = pieces.setdefault(str(unit.get("area")), {})
        key = (kind, str(unit.get("power")))
        stacks[key] = stacks.get(key, 0) + 1
    commanders = _commanders(view, board)
    for unit in view.get("minor_units", []):
        if unit.get("dispersed_at") is not None:
            continue
        minor = str(unit.get("power"))
        commander = commanders.get(minor)
        style = under_command(minor, commander) if commander else minor
        stacks = pieces.setdefault(str(unit.get("area")), {})
        key = (MINOR_TROOPS, style)
        stacks[key] = stacks.get(key, 0) + 1
    return pieces


def _regions(view: Mapping[str, Any], board: MapBoard, language: str) -> list[RegionScene]:
    control: Mapping[str, Any] = view.get("control", {})
    pieces = _troop_stacks(view, board)
    for fort in view.get("fortresses", []):
        stacks = pieces.setdefault(str(fort.get("area")), {})
        stacks[("fort", str(fort.get("power")))] = 1
    allied = _allied_zones(view, board)
    regions = []
    for zone in board.zones:
        owner = control.get(zone.id)
        stacks = pieces.get(zone.id, {})
        ally = allied.get(zone.id) if not owner else None
        regions.append(
            RegionScene(
                id=zone.id,
                label=display_name(zone.id, language),
                control={str(owner): 1} if owner else {},
                pieces=[
                    PieceStack(kind=kind, power=power, count=count)
                    for (kind, power), count in sorted(stacks.items())
                ],
                markers=[RegionMarker(kind="ally", holds=ally)] if ally else [],
            )
        )
    return regions


def _allied_zones(view: Mapping[str, Any], board: MapBoard) -> dict[str, str]:
    """Each zone of a minor power with a major ally -> that ally (the map marks the zone
    with the ally's token while no power holds it)."""
    allies: Mapping[str, Any] = view.get("minor_allies") or {}
    return {
        zone: str(allies[minor.id])
        for minor in board.minors
        if allies.get(minor.id)
        for zone in minor.zones
    }


def _minors_panel(
    view: Mapping[str, Any], board: MapBoard, text: Mapping[str, str], language: str
) -> Panel | None:
    """One line per minor power, named by its zones: its ally, or that it has none."""
    allies: Mapping[str, Any] = view.get("minor_allies") or {}
    rows = []
    for minor in board.minors:
        ally = allies.get(minor.id)
        name = ", ".join(display_name(zone, language) for zone in minor.zones)
        if ally:
            line = text["minor.ally"].format(minor=name, ally=display_name(str(ally), language))
        else:
            line = text["minor.alone"].format(minor=name)
        rows.append(PanelRow(power=str(ally) if ally else None, values=[line]))
    return Panel(title=text["minors"], rows=rows, style="list") if rows else None


def _seat_short(seat: object, text: Mapping[str, str]) -> str:
    """A player's short tag (P3, J3) so the status table fits the sidebar."""
    if not isinstance(seat, str) or not seat.startswith("P"):
        return "–"
    return text["seat"].format(number=seat[1:])


def _panels(
    view: Mapping[str, Any],
    board: MapBoard,
    styled: set[str],
    text: Mapping[str, str],
    language: str,
) -> list[Panel]:
    powers: Mapping[str, Any] = view.get("powers", {})
    rows = [
        PanelRow(
            power=power,
            values=[
                _seat_short(record.get("player"), text),
                str(record.get("instability", 0)),
                str(record.get("rebellions", 0)),
                str(record.get("vp", 0)),
            ],
        )
        for power, record in powers.items()
    ]
    columns = [
        text["col.power"],
        text["col.player"],
        text["col.instability"],
        text["col.rebellions"],
        text["col.vp"],
    ]
    panels = [Panel(title=text["status"], columns=columns, rows=rows)]
    wars = [
        PanelRow(
            values=[
                " – ".join(
                    f"{display_name(p, language)} {int(war.get('lost', {}).get(p, 0))}"
                    for p in war.get("powers", [])
                )
            ]
        )
        for war in view.get("wars", [])
    ]
    if wars:
        panels.append(Panel(title=text["wars"], rows=wars))
    minors = _minors_panel(view, board, text, language)
    if minors is not None:
        panels.append(minors)
    report = view.get("last_combat")
    if isinstance(report, Mapping):
        panels.append(_battle_report(report, styled, text, language))
    scores: Mapping[str, Any] = view.get("final_scores") or {}
    if view.get("finished") and scores:
        ranked = sorted(scores.items(), key=lambda item: (-int(item[1]), item[0]))
        panels.append(
            Panel(
                title=text["scores"],
                columns=[text["col.player"], text["col.score"]],
                rows=[
                    PanelRow(values=[display_name(seat, language), str(score)])
                    for seat, score in ranked
                ],
            )
        )
    return panels


def _battle_report(
    report: Mapping[str, Any], styled: set[str], text: Mapping[str, str], language: str
) -> Panel:
    """The latest combat, narrow enough for the sidebar: its zone in the title, its kind
    heading the sides, then each side's token and name, its number of dice, battle points
    and damage (each die's roll is on the combat's battle card)."""
    rows = []
    for name in ("attacker", "defender"):
        side = report.get(name) or {}
        power = side.get("power")
        values = [
            str(len(side.get("dice", []))),
            str(side.get("bp", 0)),
            str(side.get("damage", 0)),
        ]
        if power and str(power) in styled:
            rows.append(PanelRow(power=str(power), values=values))
        else:
            label = display_name(str(power), language) if power else text["opposition"]
            rows.append(PanelRow(values=[label, *values]))
    kind = display_name(f"urr_kind_{report.get('kind')}", language)
    return Panel(
        title=text["report"].format(area=display_name(str(report.get("area")), language)),
        columns=[kind[:1].upper() + kind[1:], text["col.dice"], text["col.bp"], text["col.damage"]],
        rows=rows,
    )


def scene_from_view(view: Mapping[str, Any], language: str = "en") -> Scene:
    text = TEXT.get(language, TEXT["en"])
    lines = [text["turn"].format(turn=view.get("turn", 1), impulse=view.get("impulse", 0))]
    if view.get("phase") == "eot":
        lines.append(text["eot"].format(step=view.get("eot_step", 0)))
    acting = view.get("acting")
    if acting:
        lines.append(text["acting"].format(seat=display_name(str(acting), language)))
    board = board_of(view)
    styles = power_styles(language, board)
    styles += commanded_styles(view, board, language, styles)
    symbols = ["control", "army", "fleet", "fort"]
    if board.minors:
        symbols += ["marker:ally", MINOR_TROOPS]
    return Scene(
        map_id=geometry_of(board).id,
        header=Header(title=text["title"], lines=lines),
        powers=styles,
        regions=_regions(view, board, language),
        panels=_panels(view, board, {style.power for style in styles}, text, language),
        legend=[LegendEntry(symbol=s, label=text[s]) for s in symbols],
        legend_title=text["legend"],
        captions={"marker.ally": text["ally_tag"]},
    )
