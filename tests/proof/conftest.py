"""A campaign service over a temporary database for the proof tests.

A test taking `service` (or the hostile-input `arena`) runs on SQLite in the default suite
and again on PostgreSQL (the throwaway server of tests/fixtures/postgres_server.py) in the
slow run (`make fuzz`: `pytest -m slow tests/proof`), where the doubled proof suites belong.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.services import CampaignService, FakeClock, open_service
from tests.fixtures.postgres_server import PostgresServer
from tests.proof.hostile_arena import Arena

STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "service" in metafunc.fixturenames:
        metafunc.parametrize("service", STORES, indirect=True)


@pytest.fixture
async def service(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[CampaignService]:
    database = str(tmp_path / "proof.sqlite3")
    if getattr(request, "param", "sqlite") == "postgres":
        database = request.getfixturevalue("postgres_url")
    opened = await open_service(database, FakeClock(), snapshot_every=5)
    yield opened
    await opened.close()


@pytest.fixture(scope="module", params=STORES)
def arena(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Arena]:
    if request.param == "sqlite":
        opened = Arena(tmp_path_factory.mktemp("hostile"))
        yield opened
        opened.close()
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name = server.lend_database()
    opened = Arena(server.url(name))
    yield opened
    opened.close()
    server.take_back(name)
