"""A short-handed Struggle of Empires runs to its end on deadlines alone: the two absent
players' defaults at each deadline, the autopilot in the empty seat at once."""

from __future__ import annotations

from datetime import timedelta

from bot.services import CampaignService, FakeClock
from bot.services.schedule import Scheduler
from tests.schedule.conftest import notices

MAX_TICKS = 400


async def test_a_struggle_campaign_plays_itself_out_on_the_clock(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign = await service.create_campaign(
        ruleset="struggle",
        creator_id="1",
        guild_id=7,
        channel_id=555,
        options={},
        seed_hex="ab" * 32,
    )
    await service.join(campaign.id, "1", "One", "GBR")
    await service.join(campaign.id, "2", "Two", "FRA")
    await service.start_with_autopilot(campaign.id, "1", ["PRU"])
    pace = await service.pace(campaign.id)
    for _ in range(MAX_TICKS):
        waiting = await service.waiting(campaign.id)
        if not waiting:
            break
        # Every deadline is the pace's duration for its kind of decision.
        for seat in waiting:
            assert seat.seat != "PRU"
            assert seat.due_at - seat.since == pace.duration(seat.urgency)
        clock.advance(pace.duration("turn") + timedelta(minutes=1))
        await scheduler.tick()
    assert (await service.get_campaign(campaign.id)).status == "finished"
    log = await service.history(campaign.id, limit=1000)
    actors = {entry.seat: entry.actor for entry in log if entry.seat}
    assert actors == {
        "GBR": "courier:deadline",
        "FRA": "courier:deadline",
        "PRU": "courier:autopilot",
    }
    # Both absent players were flagged to the moderators once, at their third miss.
    alerts = await notices(service, campaign.id, "schedule.notice.replacement_needed")
    assert sorted(params["seat"] for _, _, params in alerts) == ["FRA", "GBR"]
    assert {params["misses"] for _, _, params in alerts} == {3}
