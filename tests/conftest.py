"""Shared fixtures: the miniature game is registered for every test."""

from __future__ import annotations

import pytest

from rulesets import registry
from tests.fixtures.mini_game import MINI

registry.register(MINI)


@pytest.fixture
def mini() -> object:
    return MINI
