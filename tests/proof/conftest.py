"""A campaign service over a temporary database for the proof tests.

A test taking `service` (or the hostile-input `arena`, or the crash harness's `database`)
runs on SQLite in the default suite and again on PostgreSQL (the throwaway server of
tests/fixtures/postgres_server.py) in the slow run (`make fuzz`: `pytest -m slow
tests/proof`), where the doubled proof suites belong; a test already marked slow runs on
SQLite only.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.services import CampaignService, FakeClock, open_service
from tests.fixtures.postgres_server import PostgresServer
from tests.proof.hostile_arena import Arena

STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)]
STORED = {"service": "function", "arena": "module", "database": "function"}
"""The fixtures that open a store, and the scope each is opened for."""


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # A test that is already a long run (marked slow) stays on SQLite: its PostgreSQL twin
    # would double `make fuzz` and prove nothing its short siblings do not.
    kinds = ["sqlite"] if metafunc.definition.get_closest_marker("slow") else STORES
    for name, scope in STORED.items():
        if name in metafunc.fixturenames:
            metafunc.parametrize(name, kinds, indirect=True, scope=scope)  # type: ignore[arg-type]


@pytest.fixture
async def service(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[CampaignService]:
    database = str(tmp_path / "proof.sqlite3")
    if getattr(request, "param", "sqlite") == "postgres":
        database = request.getfixturevalue("postgres_url")
    opened = await open_service(database, FakeClock(), snapshot_every=5)
    yield opened
    await opened.close()


@pytest.fixture(scope="module")
def arena(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Arena]:
    if getattr(request, "param", "sqlite") == "sqlite":
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
