"""A campaign service over a temporary database for the proof tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.services import CampaignService, FakeClock, open_service
from tests.proof.hostile_arena import Arena


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[CampaignService]:
    opened = await open_service(tmp_path / "proof.sqlite3", FakeClock(), snapshot_every=5)
    yield opened
    await opened.close()


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    opened = Arena(tmp_path_factory.mktemp("hostile"))
    yield opened
    opened.close()
