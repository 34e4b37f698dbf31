"""Absences: vacations that stop a player's clock or hand their seat to the autopilot, and a
moderator's pause that stops every clock of the campaign."""

from __future__ import annotations

from datetime import timedelta

from bot.services import CampaignService, FakeClock
from bot.services.schedule import Scheduler
from tests.schedule.conftest import BLUE, MONDAY_9AM, RED, notices, started


async def test_a_vacation_stops_the_players_clock_while_away(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    leaves, returns = clock.now() + timedelta(hours=12), clock.now() + timedelta(days=3, hours=12)
    await service.declare_vacation(campaign_id, RED, leaves, returns)
    [(_, _, params)] = await notices(service, campaign_id, "schedule.notice.vacation")
    assert params["seat"] == "red" and params["mode"] == "pause"
    # 12 hours had passed of 48 when red left: 36 remain after the return.
    [waiting] = await service.waiting(campaign_id)
    assert waiting.due_at == returns + timedelta(hours=36)
    clock.advance(hours=30)  # red is away: no reminder, no default
    report = await scheduler.tick()
    assert (report.reminders, report.missed) == (0, 0)
    assert (await service.waiting(campaign_id))[0].on_vacation


async def test_a_prompt_during_a_vacation_counts_from_the_return(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started(service)
    leaves, returns = clock.now() + timedelta(hours=1), clock.now() + timedelta(days=2)
    await service.declare_vacation(campaign_id, BLUE, leaves, returns)
    clock.advance(hours=2)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 1})
    [waiting] = await service.waiting(campaign_id)
    assert (waiting.seat, waiting.due_at) == ("blue", returns + timedelta(hours=48))


async def test_with_autopilot_vacations_the_autopilot_plays_for_the_absent(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service, pace={"vacation_mode": "autopilot"})
    await service.declare_vacation(
        campaign_id, BLUE, clock.now() + timedelta(hours=1), clock.now() + timedelta(days=4)
    )
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 1})
    assert (await scheduler.tick()).autopilots == 0  # blue has not left yet
    clock.advance(hours=2)
    report = await scheduler.tick()
    assert report.autopilots >= 1 and report.missed == 0
    moves = [entry for entry in await service.history(campaign_id) if entry.seat == "blue"]
    assert moves and {entry.actor for entry in moves} == {"courier:autopilot"}
    # The autopilot is no miss: nobody is flagged, nothing is announced as missed.
    assert await notices(service, campaign_id, "schedule.notice.missed") == []


async def test_no_deadline_fires_while_paused_and_resuming_shifts_them(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    clock.advance(hours=10)
    await service.pause(campaign_id, actor="mod", reason="holidays")
    clock.advance(hours=100)
    report = await scheduler.tick()
    assert (report.missed, report.reminders) == (0, 0)
    assert (await service.get_campaign(campaign_id)).seq == 0
    await service.resume(campaign_id, actor="mod", reason="back")
    [waiting] = await service.waiting(campaign_id)
    assert waiting.due_at == MONDAY_9AM + timedelta(hours=148)
    clock.advance(hours=37)
    assert (await scheduler.tick()).missed == 0
    clock.advance(hours=1)
    assert (await scheduler.tick()).missed == 1
    # The shift was applied once, not again at every later sync.
    [blue] = await service.waiting(campaign_id)
    assert blue.due_at == clock.now() + timedelta(hours=48)


async def test_a_pause_read_before_it_took_effect_still_shifts_at_the_resume(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started(service)
    running = await service.store.get_campaign(campaign_id)
    assert running is not None
    await service.pause(campaign_id, actor="mod", reason="x")
    # A sync that began before the pause (it still holds the running campaign) reads the
    # pause in the audit trail: the resume must still count the whole pause.
    await service.schedule._sync(running)
    clock.advance(hours=10)
    await service.resume(campaign_id, actor="mod", reason="y")
    [waiting] = await service.waiting(campaign_id)
    assert waiting.due_at == MONDAY_9AM + timedelta(hours=58)
