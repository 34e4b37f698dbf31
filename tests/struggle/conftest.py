"""Fixtures for Struggle of Empires scenarios: forced dice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.struggle.helpers import ScriptedDice


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Append the values the next dice must show; the test fails if any is left unused."""
    ScriptedDice.script = []
    monkeypatch.setattr("rulesets.core.engine.Dice", ScriptedDice)
    yield ScriptedDice.script
    leftover = list(ScriptedDice.script)
    ScriptedDice.script = []
    assert not leftover, f"scripted dice never rolled: {leftover}"
