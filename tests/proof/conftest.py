"""A campaign service over a temporary database for the proof tests.

A test taking `service` runs on SQLite in the default suite and again on PostgreSQL (the
throwaway server of tests/fixtures/postgres_server.py) in the slow run (`make fuzz`:
`pytest -m slow tests/proof`), where the doubled proof suites belong.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.services import CampaignService, FakeClock, open_service
from tests.proof.hostile_arena import Arena


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "service" in metafunc.fixturenames:
        kinds = ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)]
        metafunc.parametrize("service", kinds, indirect=True)


@pytest.fixture
async def service(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[CampaignService]:
    database = str(tmp_path / "proof.sqlite3")
    if getattr(request, "param", "sqlite") == "postgres":
        database = request.getfixturevalue("postgres_url")
    opened = await open_service(database, FakeClock(), snapshot_every=5)
    yield opened
    await opened.close()


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arena]:
    opened = Arena(tmp_path_factory.mktemp("hostile"))
    yield opened
    opened.close()
