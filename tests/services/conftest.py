"""A campaign service over a temporary database, with a clock that moves only on demand.

The service runs on each kind of store: SQLite, and PostgreSQL on the throwaway server
(tests/fixtures/postgres_server.py), for the modules in `BOTH_STORES`. A test that reaches
into the SQLite file behind the service's back (it asks for `db_path`) runs on SQLite only.
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


BOTH_STORES = frozenset(  # every module of this folder, for now
    {
        "tests.services.test_lifecycle",
        "tests.services.test_concurrency",
        "tests.services.test_moderation",
        "tests.services.test_refusals",
        "tests.services.test_publication",
        "tests.services.test_dice_record",
        "tests.services.test_logging",
        "tests.services.test_replay",
        "tests.services.test_random_play",
    }
)
SQLITE_FILE = "courier.sqlite3"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store_kind" not in metafunc.fixturenames:
        return
    both = metafunc.module.__name__ in BOTH_STORES and "db_path" not in metafunc.fixturenames
    metafunc.parametrize("store_kind", ["sqlite", "postgres"] if both else ["sqlite"])


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / SQLITE_FILE


@pytest.fixture
def database(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """What COURIER_DATABASE would say: the SQLite file's path or the PostgreSQL URL."""
    if store_kind == "sqlite":
        return str(tmp_path / SQLITE_FILE)
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(database: str, clock: FakeClock) -> AsyncIterator[CampaignService]:
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
