"""Shared fixtures: the miniature game is registered for every test, and a throwaway
PostgreSQL server is at hand for the tests that ask for one (tests/fixtures/postgres_server)."""

from __future__ import annotations

import pytest

from rulesets import registry
from tests.fixtures.mini_game import MINI

registry.register(MINI)

pytest_plugins = ["tests.fixtures.postgres_server"]


@pytest.fixture
def mini() -> object:
    return MINI


# SimCord fails a test when the bot has not settled within its timeout (5 s by default):
# a deadlock detector. A whole game's map renders take longer than that on a busy CI
# machine, so every SimCord test waits up to this long before calling the bot stuck.
SIMCORD_SETTLE_SECONDS = 60.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=SIMCORD_SETTLE_SECONDS))
