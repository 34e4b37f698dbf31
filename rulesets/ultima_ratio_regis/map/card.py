"""The battle report card of a step that resolved a combat: each die's roll → result with
its quality and leader marks, the battle table's points and damage, the totals, the
winner, then the losses and the morale and instability the combat cost.

It is drawn from PUBLIC information only: the step's public events and the public view
after it, where the combat's record (`combat` while it goes on, `last_combat` once over)
is the one whose dice the step's `dice` events report.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from rulesets.core.scene import Header, Panel, PanelRow, Scene
from rulesets.ultima_ratio_regis import battle
from rulesets.ultima_ratio_regis.map.board import MapBoard, board_of
from rulesets.ultima_ratio_regis.map.scene import display_name, power_styles

CARD_MAP_ID = "ultima-ratio-regis-battle-card"
SIDES = ("attacker", "defender")
# Events after a combat's dice that the card lists under "losses and morale".
AFTERMATH = {
    "urr.event.losses": "card.losses",
    "urr.event.morale": "card.morale",
    "urr.event.instability": "card.instability",
    "urr.event.capitulation": "card.capitulation",
    "urr.event.control": "card.control",
    "urr.event.siege_lifted": "card.siege_lifted",
}


@cache
def card_text(language: str) -> dict[str, str]:
    texts = json.loads((Path(__file__).with_name("text.json")).read_text(encoding="utf-8"))
    return {**texts["en"], **texts.get(language, {})}


def _die_text(die: Mapping[str, Any]) -> str:
    """A die as the rules' `dice` event words it, to find the combat it belongs to."""
    mark = "+" if die.get("leader") else ""
    return f"{die.get('roll')}→{die.get('result')} (Q{die.get('q')}{mark})"


def _combat_groups(events: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """The step's events cut into one group per resolved combat: its two `dice` events and
    every event after them until the next combat's dice."""
    groups: list[list[Mapping[str, Any]]] = []
    previous = ""
    for event in events:
        key = str(event.get("key"))
        if key == "urr.event.dice" and previous != key:
            groups.append([])
        if groups:
            groups[-1].append(event)
        previous = key
    return groups


def _record(view: Mapping[str, Any], group: list[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The public record of the combat whose dice `group` reports."""
    reported = [event.get("params", {}).get("dice") for event in group[:2]]
    for record in (view.get("combat"), view.get("last_combat")):
        if not isinstance(record, Mapping):
            continue
        dice = [[_die_text(d) for d in record.get(side, {}).get("dice", [])] for side in SIDES]
        if dice == reported:
            return record
    return None


def _power_label(power: object, language: str) -> str:
    return display_name(str(power), language) if power else display_name("urr_opposition", language)


def _side_panel(side: str, record: Mapping[str, Any], language: str) -> Panel:
    text = card_text(language)
    record_side: Mapping[str, Any] = record.get(side) or {}
    rows = []
    for number, die in enumerate(record_side.get("dice", []), start=1):
        result = int(die.get("result", 0))
        points, damage = battle.table(result) if result in battle.BATTLE_TABLE else (0, 0)
        marks = " ".join(
            mark for mark, on in (("+1", die.get("leader")), ("C", die.get("creative"))) if on
        )
        values = [str(number), str(die.get("roll")), str(result), f"Q{die.get('q')}", marks]
        rows.append(PanelRow(values=[*values, str(points), str(damage)]))
    totals = [text["card.total"], "", "", "", ""]
    rows.append(
        PanelRow(values=[*totals, str(record_side.get("bp", 0)), str(record_side.get("damage", 0))])
    )
    columns = [text[f"card.col.{name}"] for name in ("die", "roll", "result", "q", "marks")]
    title = text[f"card.{side}"].format(power=_power_label(record_side.get("power"), language))
    return Panel(
        title=title,
        columns=[*columns, text["card.col.bp"], text["card.col.damage"]],
        rows=rows,
    )


def _aftermath(group: list[Mapping[str, Any]], language: str) -> Panel:
    """What the combat cost, a line per event: the power concerned, then what befell it
    (a long line goes on to a second one rather than being cut)."""
    text = card_text(language)
    rows = []
    for event in group:
        key = AFTERMATH.get(str(event.get("key")))
        if key is None:
            continue
        params: dict[str, Any] = dict(event.get("params", {}))
        if "enemy" in params:
            params["enemy"] = _power_label(params["enemy"], language)
        if "area" in params:
            params["area"] = display_name(str(params["area"]), language)
        line = text[key].format(**params)
        if "power" not in params:
            rows.append(PanelRow(values=[line]))
            continue
        power = params["power"]
        label = _power_label(power, language)
        rows.append(PanelRow(power=str(power) if power else None, values=[label, line]))
    if not rows:
        rows.append(PanelRow(values=[text["card.no_losses"]]))
    return Panel(title=text["card.after"], rows=rows, style="list")


def _header(record: Mapping[str, Any], language: str) -> Header:
    text = card_text(language)
    kind = display_name(f"urr_kind_{record.get('kind')}", language)
    title = text["card.title"].format(
        kind=kind[:1].upper() + kind[1:], area=display_name(str(record.get("area")), language)
    )
    names = {side: _power_label((record.get(side) or {}).get("power"), language) for side in SIDES}
    dice = {f"{side}_dice": len((record.get(side) or {}).get("dice", [])) for side in SIDES}
    winner = record.get("winner")
    if winner in SIDES:
        margin = abs(
            int((record.get("attacker") or {}).get("bp", 0))
            - int((record.get("defender") or {}).get("bp", 0))
        )
        outcome = text["card.winner"].format(winner=names[str(winner)], margin=margin)
    else:
        outcome = text["card.draw"]
    return Header(
        title=title,
        lines=[
            text["card.sides"].format(**names),
            text["card.size"].format(**dice),
            outcome,
        ],
    )


def battle_card(
    record: Mapping[str, Any],
    group: list[Mapping[str, Any]],
    board: MapBoard,
    language: str,
) -> Scene:
    """The card of one resolved combat (`record` from the public view, `group` its events,
    `board` the campaign's, whose powers' colours it shows)."""
    text = card_text(language)
    dice = [die for side in SIDES for die in (record.get(side) or {}).get("dice", [])]
    marks = [mark for mark in ("leader", "creative") if any(die.get(mark) for die in dice)]
    footnote = Panel(
        title=text["card.col.marks"],
        rows=[PanelRow(values=[text[f"card.mark.{mark}"]]) for mark in [*marks, "table"]],
        style="list",
    )
    return Scene(
        map_id=CARD_MAP_ID,
        header=_header(record, language),
        powers=power_styles(language, board),
        regions=[],
        panels=[
            _side_panel("attacker", record, language),
            _side_panel("defender", record, language),
            _aftermath(group, language),
            footnote,
        ],
        language=language,
    )


def step_pictures(
    events: Sequence[Mapping[str, Any]], view: Mapping[str, Any], language: str = "en"
) -> list[Scene]:
    """One battle report card per combat the step resolved (none for any other step).
    `events` are the step's PUBLIC events, `view` the public view after it."""
    cards = []
    for group in _combat_groups(events):
        record = _record(view, group)
        if record is not None:
            cards.append(battle_card(record, group, board_of(view), language))
    return cards
