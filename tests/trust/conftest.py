"""The trust tests use the services' fixtures (a service over a temporary database, on
each kind of store as in tests/services), the Discord table of tests/discord for the cog,
and a small dice game of their own besides the miniature game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rulesets import registry
from rulesets.core import Ruleset
from tests.discord.conftest import database, simcord_bot, table
from tests.services.conftest import clock, db_path, pytest_generate_tests, service
from tests.trust.dice_race import DICE_RACE

registry.register(DICE_RACE)


@pytest.fixture
def rules_upgrade() -> Iterator[Callable[[Ruleset[Any]], None]]:
    """Install a new version of a ruleset for one test; the old one comes back after it."""
    replaced: list[Ruleset[Any]] = []

    def install(ruleset: Ruleset[Any]) -> None:
        replaced.append(registry.get(ruleset.name))
        registry.register(ruleset)

    yield install
    for original in reversed(replaced):
        registry.register(original)


__all__ = [
    "clock",
    "database",
    "db_path",
    "pytest_generate_tests",
    "service",
    "simcord_bot",
    "table",
]
