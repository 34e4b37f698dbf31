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
