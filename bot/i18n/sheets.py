"""A view in words, as sections of (heading, text): a seat's sheet (what only the seat knows,
what it holds: its power's or player's entry of gold, units, tiles, cards; where its pieces
stand; where the game is) and the table's public standings. Every heading and field is
named in the reader's language (`field.<key>` catalogue entries), every id by its name.
Discord shows them as an embed, the console as lines."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.i18n import catalogue, localise_value, translate
from bot.i18n.phases import phase_name

# Top-level collections keyed by seat, power or player: the seat's own entry is shown.
# Collections of places: the entries that name one of the seat's ids are shown.
_PLACES = ("regions", "territories", "homes")
# Drawing coordinates and bookkeeping: nothing a player reads.
# The seat's own identity in its `you` entry: who it is, not what it knows.
_WHO = ("seat", "power", "powers")
_HIDDEN = frozenset({"x", "y", "id", "ruleset", "ruleset_data", "seat"})


def _shown(value: Any) -> bool:
    return value is not None and value != [] and value != {}


def field_name(key: str, language: str) -> str:
    """A view key in words: the catalogue's `field.<key>`, else the key with spaces."""
    return (
        catalogue(language).get(f"field.{key}")
        or catalogue("en").get(f"field.{key}")
        or key.replace("_", " ")
    )


def _value_text(value: Any, language: str, indent: int = 0, within: str = "") -> str:
    """`within` is the field that holds `value`: its keys may have names of their own there
    (`field.record.22`, a line of Pax Britannica's record sheet)."""
    pad = "  " * indent
    if isinstance(value, Mapping):
        if not value:
            return "—"
        lines = []
        for key, inner in value.items():
            if key in _HIDDEN or not _shown(inner):
                continue
            label = _key_text(str(key), language, within)
            shown = _value_text(inner, language, indent + 1, str(key))
            colon = translate("discord.sheet.colon", language)
            if "\n" in shown or (isinstance(inner, Mapping) and inner):
                lines.append(f"{pad}{label}{colon.rstrip()}\n{shown}")
            else:
                lines.append(f"{pad}{label}{colon}{shown}")
        return "\n".join(lines) or "—"
    if isinstance(value, list):
        if not value:
            return "—"
        if all(not isinstance(item, Mapping | list) for item in value):
            return ", ".join(str(_scalar(item, language)) for item in value)
        return "\n".join(
            f"{pad}• {_value_text(item, language, indent + 1).strip()}" for item in value
        )
    return f"{_scalar(value, language)}"


def _key_text(key: str, language: str, within: str = "") -> str:
    """A key is either a field (`gold`) or an id (`GBR`, `north_america`): named either way."""
    inner = f"field.{within}.{key}"
    if within and (inner in catalogue(language) or inner in catalogue("en")):
        return catalogue(language).get(inner) or catalogue("en")[inner]
    if f"field.{key}" in catalogue(language) or f"field.{key}" in catalogue("en"):
        return field_name(key, language)
    named = localise_value(key, language)
    # A key that is neither a known field nor a named id is still never shown raw.
    return field_name(key, language) if named == key else str(named)


def _scalar(value: Any, language: str) -> Any:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return translate("discord.sheet.yes" if value else "discord.sheet.no", language)
    return localise_value(value, language)


def seat_ids(seat: str, view: Mapping[str, Any]) -> set[str]:
    """The ids that stand for the seat in its view: the seat, and the powers it plays."""
    ids = {seat}
    you = view.get("you")
    if isinstance(you, Mapping):
        for key in ("seat", "power", "powers", "monarchs", "empires"):
            found = you.get(key)
            if isinstance(found, str):
                ids.add(found)
            elif isinstance(found, list):
                ids |= {item for item in found if isinstance(item, str)}
    for entry_id, entry in _entries(view):
        if isinstance(entry, Mapping) and entry.get("player") == seat:
            ids.add(entry_id)
    return ids


def _entries(view: Mapping[str, Any]) -> list[tuple[str, Any]]:
    return [
        (str(entry_id), entry)
        for key, collection in view.items()
        if key not in _PLACES and isinstance(collection, Mapping)
        for entry_id, entry in collection.items()
    ]


def seat_sections(
    ruleset: str, seat: str, view: Mapping[str, Any], language: str
) -> list[tuple[str, str]]:
    """(heading, text) pairs of the sheet, the secrets first."""
    ids = seat_ids(seat, view)
    sections: list[tuple[str, str]] = []
    you = view.get("you")
    if isinstance(you, Mapping):
        secret = {k: v for k, v in you.items() if k not in _WHO and _shown(v)}
        if secret:
            sections.append(
                (translate("discord.sheet.secrets", language), _value_text(secret, language))
            )
    for key, collection in view.items():
        if key == "you" or not isinstance(collection, Mapping):
            continue
        if key in _PLACES:
            mine = {
                place: entry
                for place, entry in collection.items()
                if any(f'"{one}"' in json.dumps(entry) for one in ids)
            }
            if mine:
                heading = translate("discord.sheet.where", language, what=field_name(key, language))
                sections.append((heading, _value_text(mine, language)))
            continue
        for entry_id in sorted(ids & {str(k) for k in collection}):
            if not isinstance(collection[entry_id], Mapping):
                continue  # a bare pointer (a monarch's player): the seat knows itself
            heading = _heading(key, entry_id, language)
            sections.append((heading, _value_text(collection[entry_id], language)))
    return sections + _game_section(ruleset, view, language)


def public_sections(ruleset: str, view: Mapping[str, Any], language: str) -> list[tuple[str, str]]:
    """(heading, text) pairs of the table as everyone sees it: each power's or player's
    entry, then where the game is. Places are left to the map."""
    sections = [
        (_heading(key, str(entry_id), language), text)
        for key, collection in view.items()
        if key not in _PLACES and key != "you" and isinstance(collection, Mapping)
        for entry_id, entry in collection.items()
        if isinstance(entry, Mapping) and (text := _value_text(entry, language)) != "—"
    ]
    return sections + _game_section(ruleset, view, language)


def _heading(collection: str, entry_id: str, language: str) -> str:
    """ "Powers: France", in the reader's language and punctuation."""
    name = field_name(collection, language)
    colon = translate("discord.sheet.colon", language)
    return f"{name[:1].upper()}{name[1:]}{colon}{localise_value(entry_id, language)}"


def _game_section(ruleset: str, view: Mapping[str, Any], language: str) -> list[tuple[str, str]]:
    game = {
        key: value
        for key, value in view.items()
        if not isinstance(value, Mapping | list) and value is not None and key not in _HIDDEN
    }
    if "phase" in game:
        game["phase"] = phase_name(ruleset, str(game["phase"]), language)
    if not game:
        return []
    return [(translate("discord.sheet.game", language), _value_text(game, language))]
