"""What a seat has that matters for its choices, in one line of its prompt message: gold,
population and actions left in Struggle of Empires, each empire's power in Empires, the
treasury elsewhere. Read from the game's public view only: a prompt message is read by the
whole channel, so nothing of the seat's private view (hidden unrest, a hand) ever shows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import Verbatim, localise_value, translate

# A holding: the catalogue key of its words and their parameters.
Holding = tuple[str, dict[str, Any]]
View = Mapping[str, Any]


def _fields(entry: Any, *names: str) -> list[Holding]:
    """Named numbers of a seat's entry in the view, as "gold: 6"."""
    if not isinstance(entry, Mapping):
        return []
    return [
        ("discord.holdings.field", {"field": name, "value": entry[name]})
        for name in names
        if isinstance(entry.get(name), int) and not isinstance(entry.get(name), bool)
    ]


def _actions_left(view: View, seat: str, acting_key: str) -> list[Holding]:
    left = view.get("actions_left")
    if view.get(acting_key) != seat or not isinstance(left, int):
        return []
    return [("discord.holdings.field", {"field": "actions_left", "value": left})]


def _struggle(view: View, seat: str) -> list[Holding]:
    power = (view.get("powers") or {}).get(seat)
    return _fields(power, "gold", "population") + _actions_left(view, seat, "active")


def _empires(view: View, seat: str) -> list[Holding]:
    empires = view.get("empires") or {}
    ruled = [empire for empire, monarch in (view.get("monarchs") or {}).items() if monarch == seat]
    return [
        ("discord.holdings.empire_power", {"empire": empire, "power": empires[empire]["power"]})
        for empire in ruled
        if isinstance((empires.get(empire) or {}).get("power"), int)
    ]


def _colonial(view: View, seat: str) -> list[Holding]:
    return _fields((view.get("players") or {}).get(seat), "treasury", "fleets", "prestige")


def _ultima_ratio_regis(view: View, seat: str) -> list[Holding]:
    powers = [
        power
        for power in (view.get("powers") or {}).values()
        if isinstance(power, Mapping) and power.get("player") == seat and power.get("in_play")
    ]
    held = [
        (
            "discord.holdings.power_field",
            {"power": power["id"], "field": "vp", "value": power["vp"]},
        )
        for power in powers
        if isinstance(power.get("vp"), int)
    ]
    return held + _actions_left(view, seat, "acting")


def _pax_britannica(view: View, seat: str) -> list[Holding]:
    return _fields((view.get("powers") or {}).get(seat), "treasury", "vp")


HOLDINGS: dict[str, Callable[[View, str], list[Holding]]] = {
    "struggle": _struggle,
    "empires": _empires,
    "colonial": _colonial,
    "ultima-ratio-regis": _ultima_ratio_regis,
    "pax-britannica": _pax_britannica,
}


def holdings_line(ruleset: str, view: View, seat: str, language: str) -> str:
    """ "You have: gold 6 · population 1 · actions left 2", or "" when the game shows none."""
    read = HOLDINGS.get(ruleset)
    held = read(view, seat) if read is not None else []
    if not held:
        return ""
    parts = []
    for key, params in held:
        shown = dict(params)
        if "field" in shown:
            # Already words: never looked up again as an id ("or" is not a name).
            shown["field"] = Verbatim(translate(f"field.{shown['field']}", language))
        parts.append(translate(key, language, **shown))
    items = Verbatim(" · ".join(parts))
    return translate(
        "discord.prompt.holdings", language, seat=localise_value(seat, language), items=items
    )
