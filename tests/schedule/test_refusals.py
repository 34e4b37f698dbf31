"""Bad requests are refused with a sentence, and nothing changes."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

import pytest

from bot.services import CampaignService, FakeClock, ServiceError
from tests.schedule.conftest import BLUE, RED, started
from tests.services.conftest import fingerprint

Request = Callable[[CampaignService, int, datetime], Awaitable[Any]]


async def _past_deadline(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.set_deadline(
        campaign_id, "red", now - timedelta(minutes=1), actor="mod", reason="x"
    )


async def _unknown_zone(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.set_pace(campaign_id, {"time_zone": "Europe/Atlantis"}, actor="mod", reason="x")


async def _negative_duration(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.set_pace(campaign_id, {"hours": {"turn": -1}}, actor="mod", reason="x")


async def _unknown_preset(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.set_pace(campaign_id, {"preset": "glacial"}, actor="mod", reason="x")


async def _long_vacation(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.declare_vacation(
        campaign_id, RED, now + timedelta(days=1), now + timedelta(days=16)
    )


async def _vacation_in_the_past(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.declare_vacation(
        campaign_id, RED, now - timedelta(days=1), now + timedelta(days=1)
    )


async def _backwards_vacation(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.declare_vacation(
        campaign_id, RED, now + timedelta(days=3), now + timedelta(days=2)
    )


async def _naive_vacation(service: CampaignService, campaign_id: int, now: datetime) -> None:
    naive = now.replace(tzinfo=None)
    await service.declare_vacation(
        campaign_id, RED, naive + timedelta(days=1), naive + timedelta(days=2)
    )


async def _extension_off_the_clock(
    service: CampaignService, campaign_id: int, now: datetime
) -> None:
    await service.request_extension(campaign_id, BLUE, 4)  # it is red's bid


async def _negative_extension(service: CampaignService, campaign_id: int, now: datetime) -> None:
    await service.request_extension(campaign_id, RED, -4)


async def _extension_by_a_stranger(
    service: CampaignService, campaign_id: int, now: datetime
) -> None:
    await service.request_extension(campaign_id, "4242", 4)


async def _moderator_extension_off_the_clock(
    service: CampaignService, campaign_id: int, now: datetime
) -> None:
    await service.extend_deadline(campaign_id, "blue", hours=4, actor="mod", reason="x")


@pytest.mark.parametrize(
    ("request_", "key"),
    [
        (_past_deadline, "schedule.error.in_the_past"),
        (_unknown_zone, "schedule.error.unknown_time_zone"),
        (_negative_duration, "schedule.error.bad_pace"),
        (_unknown_preset, "schedule.error.unknown_preset"),
        (_long_vacation, "schedule.error.vacation_too_long"),
        (_vacation_in_the_past, "schedule.error.in_the_past"),
        (_backwards_vacation, "schedule.error.vacation_backwards"),
        (_naive_vacation, "schedule.error.naive_time"),
        (_extension_off_the_clock, "schedule.error.not_on_the_clock"),
        (_negative_extension, "schedule.error.bad_extension"),
        (_extension_by_a_stranger, "service.error.no_seat"),
        (_moderator_extension_off_the_clock, "schedule.error.seat_not_on_the_clock"),
    ],
)
async def test_a_refused_request_changes_nothing(
    service: CampaignService, clock: FakeClock, request_: Request, key: str
) -> None:
    campaign_id = await started(service)
    await service.waiting(campaign_id)
    before = (
        await fingerprint(service, campaign_id),
        await service.store.load_schedule(campaign_id),
        await service.store.deadlines(campaign_id, pending_only=False),
    )
    with pytest.raises(ServiceError) as refused:
        await request_(service, campaign_id, clock.now())
    assert refused.value.key == key
    after = (
        await fingerprint(service, campaign_id),
        await service.store.load_schedule(campaign_id),
        await service.store.deadlines(campaign_id, pending_only=False),
    )
    assert after == before
