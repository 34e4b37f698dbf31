"""Fixtures for Struggle of Empires scenarios: dice set through the kernel's dice source."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.struggle.helpers import ScriptedDice


@pytest.fixture
def dice() -> Iterator[list[int]]:
    """Append the values the next dice must show; the test fails if any is left unused.

    The helpers (`new_game`, `play`, `run`, `context`) give the kernel `ScriptedDice` as the
    step's dice source, so the scripted values come out first, then the seeded dice."""
    ScriptedDice.script = []
    yield ScriptedDice.script
    leftover = list(ScriptedDice.script)
    ScriptedDice.script = []
    assert not leftover, f"scripted dice never rolled: {leftover}"
