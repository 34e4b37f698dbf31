"""Campaign options typed as text (`treasure_points=7, variant=short`), parsed against the
game's option specs, and the suggestions autocomplete offers while typing them."""

from __future__ import annotations

from typing import Any

from bot.discord.errors import Refusal
from rulesets.core import OptionSpec


def parse_options(text: str | None, specs: list[OptionSpec]) -> dict[str, Any]:
    known = {spec.name: spec for spec in specs}
    chosen: dict[str, Any] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, raw = part.partition("=")
        name, raw = name.strip(), raw.strip()
        spec = known.get(name)
        if not sep or spec is None:
            raise Refusal(
                "discord.error.bad_option",
                option=part.strip()[:40],
                known=" / ".join(sorted(known)) or "—",
            )
        if name in chosen:
            raise Refusal("discord.error.option_twice", option=name)
        chosen[name] = _typed(spec, raw)
    return chosen


def _typed(spec: OptionSpec, raw: str) -> Any:
    if spec.kind == "bool":
        lowered = raw.lower()
        if lowered in ("true", "yes", "on", "1", "oui"):
            return True
        if lowered in ("false", "no", "off", "0", "non"):
            return False
        raise _bad_value(spec, raw)
    if spec.kind == "int":
        try:
            return int(raw)
        except ValueError:
            raise _bad_value(spec, raw) from None
    return raw


def _bad_value(spec: OptionSpec, raw: str) -> Refusal:
    return Refusal(
        "core.error.bad_option_value",
        option=spec.name,
        value=raw[:40],
        allowed=spec.allowed_text(),
    )


def suggested_at(pace: str, specs: list[OptionSpec], typed: str = "") -> list[str]:
    """The options the game suggests at this pace, as completions of what was typed."""
    head, _, _ = typed.rpartition(",")
    prefix = f"{head}, " if head.strip() else ""
    given = {part.partition("=")[0].strip() for part in head.split(",")}
    found = []
    for spec in specs:
        value = spec.suggested.get(pace)
        if value is None or spec.name in given or value == spec.default:
            continue
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        found.append(f"{prefix}{spec.name}={shown}")
    return found


def suggestions(typed: str, specs: list[OptionSpec]) -> list[str]:
    """Completions of the last option being typed, keeping what was typed before it."""
    head, _, last = typed.rpartition(",")
    prefix = f"{head}, " if head.strip() else ""
    given = {part.partition("=")[0].strip() for part in head.split(",")}
    found: list[str] = []
    for spec in specs:
        if spec.name in given or not spec.name.startswith(last.strip().partition("=")[0]):
            continue
        values = spec.choices or ((True, False) if spec.kind == "bool" else (spec.default,))
        found.extend(
            f"{prefix}{spec.name}={str(value).lower() if isinstance(value, bool) else value}"
            for value in values
        )
    return found[:25]
