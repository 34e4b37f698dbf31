"""A game's phase by its name in the reader's language ('choose_empire' reads "Choix des
empires"): the catalogue's `phase.<ruleset>.<phase>`, else the phase names the game's map
already carries, else the id with spaces."""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

from bot.i18n import DEFAULT_LANGUAGE, catalogue


def phase_name(ruleset: str, phase: str, language: str) -> str:
    return (
        named_phase(ruleset, phase, language)
        or named_phase(ruleset, phase, DEFAULT_LANGUAGE)
        or phase.replace("_", " ")
    )


def named_phase(ruleset: str, phase: str, language: str) -> str | None:
    """The phase's name in exactly this language, None where no text names it."""
    return catalogue(language).get(f"phase.{ruleset}.{phase}") or _map_texts(ruleset, language).get(
        f"phase.{phase}"
    )


@cache
def _map_texts(ruleset: str, language: str) -> dict[str, str]:
    """The `phase.*` texts of the game's map (`map/text.json` beside its rules), if any."""
    from rulesets import registry
    from rulesets.core.messages import IllegalAction

    try:
        module = sys.modules[type(registry.get(ruleset)).__module__]
    except (IllegalAction, KeyError):
        return {}
    path = Path(str(module.__file__)).parent / "map" / "text.json"
    if not path.exists():
        return {}
    texts = json.loads(path.read_text(encoding="utf-8")).get(language, {})
    return {key: str(value) for key, value in texts.items() if key.startswith("phase.")}
