"""A campaign service over a temporary database, with a clock that moves only on demand.

Each test of this folder runs on both kinds of store: SQLite, and PostgreSQL on the
throwaway server (tests/fixtures/postgres_server.py). A test that reaches into the SQLite
file behind the service's back (it asks for `db_path`), or whose module says
`SQLITE_ONLY = True`, runs on SQLite only. The trust tests borrow the fixture and this
hook; the other folders that borrow only the fixture stay on SQLite.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.services import CampaignService, FakeClock, open_service
from rulesets.core import state_hash

SEED = "5eed" * 16
RED, BLUE, GREEN = "1001", "1002", "1003"
USERS = {"red": RED, "blue": BLUE, "green": GREEN}
CHANNEL = 555
SQLITE_FILE = "courier.sqlite3"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "service" not in metafunc.fixturenames:
        return
    sqlite_only = "db_path" in metafunc.fixturenames or getattr(
        metafunc.module, "SQLITE_ONLY", False
    )
    kinds = ["sqlite"] if sqlite_only else ["sqlite", "postgres"]
    metafunc.parametrize("service", kinds, indirect=True)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / SQLITE_FILE


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[CampaignService]:
    """A service on SQLite, or on PostgreSQL where this folder's tests ask for both."""
    kind = getattr(request, "param", "sqlite")
    database = str(tmp_path / SQLITE_FILE)
    if kind == "postgres":
        database = request.getfixturevalue("postgres_url")
    opened = await open_service(database, clock, snapshot_every=2)
    yield opened
    await opened.close()


async def new_table(
    service: CampaignService,
    seats: tuple[str, ...] = ("red", "blue"),
    *,
    channel: int | None = CHANNEL,
) -> int:
    """A mini campaign with these seats taken by their users, not yet started."""
    campaign = await service.create_campaign(
        ruleset="mini",
        creator_id=RED,
        guild_id=None if channel is None else 7,
        channel_id=channel,
        options={},
        seed_hex=SEED,
    )
    for seat in seats:
        await service.join(campaign.id, USERS[seat], seat.title(), seat)
    return campaign.id


async def started_table(service: CampaignService, **kwargs: Any) -> int:
    campaign_id = await new_table(service, **kwargs)
    await service.start(campaign_id, RED)
    return campaign_id


async def play_to_the_end(service: CampaignService, campaign_id: int) -> None:
    """Red bids 3, blue passes, then both call: a whole mini game."""
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    await service.submit(campaign_id, BLUE, {"type": "pass"})
    await service.submit(campaign_id, RED, '{"type": "call", "side": "low"}')
    await service.submit(campaign_id, BLUE, {"type": "call", "side": "high"})


async def fingerprint(
    service: CampaignService, campaign_id: int
) -> tuple[int, str | None, int, str]:
    """What must not change when a request is refused: seq, state, outbox, status."""
    campaign = await service.get_campaign(campaign_id)
    digest = None
    if campaign.status != "lobby":
        digest = state_hash(await service.state_at(campaign_id, campaign.seq))
    return campaign.seq, digest, await service.store.count_outbox(campaign_id), campaign.status


def sql(path: Path, statement: str, *params: object) -> list[Any]:
    """Reach into the database behind the service's back (to corrupt it, say)."""
    with sqlite3.connect(path) as db:
        return db.execute(statement, params).fetchall()
