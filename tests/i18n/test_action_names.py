"""Every order of every game has a name in both languages: the console's history and echo
name orders by them, so a missing one would show an internal id to the player."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import catalogue
from rulesets import registry

# The shipped games only: test fixtures (the mini game, the dice race) are read by no player.
GAMES = [
    ruleset.name
    for ruleset in registry.all_rulesets()
    if type(ruleset).__module__.startswith("rulesets.")
]


def action_types(ruleset: Any) -> set[str]:
    """The `type` of each member of the ruleset's union of actions, from its JSON schema."""
    schema = ruleset.action_adapter.json_schema()
    found = set()
    for definition in schema.get("$defs", {}).values():
        kind = definition.get("properties", {}).get("type", {})
        if "const" in kind:
            found.add(kind["const"])
    return found


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_order_of_the_game_has_a_name(game: str, language: str) -> None:
    types = action_types(registry.get(game))
    assert len(types) > 10  # the schema was read
    names = catalogue(language)
    assert sorted(t for t in types if f"{game}.action.{t}" not in names) == []
