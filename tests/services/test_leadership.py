"""Only the process holding the lead runs the deadline scheduler's tick."""

from __future__ import annotations

from bot.services import CampaignService, FakeClock, open_service
from bot.services.leadership import LeadingScheduler
from bot.services.schedule import Scheduler


def leading_scheduler(service: CampaignService) -> LeadingScheduler:
    return LeadingScheduler(service.store, Scheduler(service.schedule))


async def test_a_single_process_always_ticks(service: CampaignService) -> None:
    scheduler = leading_scheduler(service)
    assert await scheduler.tick() is not None
    assert await scheduler.tick() is not None
    assert scheduler.leading


async def test_a_second_process_ticks_only_once_the_first_is_gone(postgres_url: str) -> None:
    first = await open_service(postgres_url, FakeClock())
    second = await open_service(postgres_url, FakeClock())
    try:
        leader, follower = leading_scheduler(first), leading_scheduler(second)
        assert await leader.tick() is not None
        assert await follower.tick() is None and not follower.leading
        await first.close()
        assert await follower.tick() is not None and follower.leading
    finally:
        await second.close()
        await first.close()
