"""The rulesets Courier knows, by name. Games register here; tests may add fixtures."""

from __future__ import annotations

from typing import Any

from rulesets.core.messages import IllegalAction
from rulesets.core.ruleset import Ruleset

_RULESETS: dict[str, Ruleset[Any]] = {}
_builtin_loaded = False


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    _RULESETS[ruleset.name] = ruleset
    return ruleset


def _load_builtin() -> None:
    """Import every game package under rulesets/ so that each registers itself: adding a
    game is adding its package, with no list to edit here."""
    global _builtin_loaded
    if _builtin_loaded:
        return
    _builtin_loaded = True
    import importlib
    import pkgutil

    import rulesets

    for module in pkgutil.iter_modules(rulesets.__path__):
        if module.ispkg and module.name != "core":
            importlib.import_module(f"rulesets.{module.name}")


def get(name: str) -> Ruleset[Any]:
    _load_builtin()
    try:
        return _RULESETS[name]
    except KeyError:
        known = sorted(_RULESETS)
        raise IllegalAction(
            "core.error.unknown_ruleset",
            name=str(name)[:40],
            known=[f"game.{game}" for game in known],
            known_ids=" / ".join(known),
        ) from None


def all_rulesets() -> list[Ruleset[Any]]:
    _load_builtin()
    return sorted(_RULESETS.values(), key=lambda ruleset: ruleset.name)
