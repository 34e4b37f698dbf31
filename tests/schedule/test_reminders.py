"""Reminders at shares of the time allowed, in the channel or by DM as each player prefers,
and the list of seats the table is waiting for."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.services import CampaignService, FakeClock, ServiceError
from bot.services.schedule import Scheduler
from tests.schedule.conftest import BLUE, CHANNEL, MONDAY_9AM, RED, notices, started

DUE = int((MONDAY_9AM + timedelta(hours=48)).timestamp())


async def test_reminders_come_half_way_and_in_the_last_tenth_once_each(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    clock.advance(hours=23, minutes=59)
    assert (await scheduler.tick()).reminders == 0
    clock.advance(minutes=1)
    assert (await scheduler.tick()).reminders == 1
    assert (await scheduler.tick()).reminders == 0
    clock.advance(hours=19, minutes=12)  # 43.2 hours: 90 % of 48
    assert (await scheduler.tick()).reminders == 1
    reminders = await notices(service, campaign_id, "schedule.notice.reminder")
    assert reminders == 2 * [
        ("channel", str(CHANNEL), {"seat": "red", "user_id": RED, "due_unix": DUE})
    ]


async def test_a_player_who_prefers_dms_is_reminded_privately(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    await service.set_reminder_route(campaign_id, RED, "dm")
    clock.advance(hours=24)
    await scheduler.tick()
    [(target_kind, target, params)] = await notices(
        service, campaign_id, "schedule.notice.reminder"
    )
    assert (target_kind, target, params["seat"]) == ("dm", RED, "red")


async def test_after_a_long_outage_only_the_latest_reminder_goes_out(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    clock.advance(hours=44)
    assert (await scheduler.tick()).reminders == 1
    assert len(await notices(service, campaign_id, "schedule.notice.reminder")) == 1


async def test_waiting_lists_who_owes_a_decision_and_since_when(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started(service)
    await service.submit(campaign_id, RED, {"type": "pass"})
    clock.advance(hours=3)
    await service.submit(campaign_id, BLUE, {"type": "pass"})
    waiting = await service.waiting(campaign_id)
    assert [(w.seat, w.user_id, w.kind) for w in waiting] == [
        ("blue", BLUE, "call"),
        ("red", RED, "call"),
    ]
    assert {w.since for w in waiting} == {MONDAY_9AM + timedelta(hours=3)}


async def test_an_unknown_route_or_a_stranger_is_refused(service: CampaignService) -> None:
    campaign_id = await started(service)
    with pytest.raises(ServiceError) as refused:
        await service.set_reminder_route(campaign_id, RED, "pigeon")
    assert refused.value.key == "schedule.error.bad_route"
    with pytest.raises(ServiceError) as refused:
        await service.set_reminder_route(campaign_id, "999", "dm")
    assert refused.value.key == "service.error.no_seat"


async def test_a_reminder_racing_an_answer_is_dropped_not_written_over_it(
    service: CampaignService,
    clock: FakeClock,
    scheduler: Scheduler,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    campaign_id = await started(service)
    await service.waiting(campaign_id)
    clock.advance(hours=24)
    original_save = service.schedule._save

    async def answer_first(*args: Any, **kwargs: Any) -> None:
        monkeypatch.setattr(service.schedule, "_save", original_save)
        await service.submit(campaign_id, RED, {"type": "pass"})  # lands mid-tick
        await original_save(*args, **kwargs)

    monkeypatch.setattr(service.schedule, "_save", answer_first)
    assert (await scheduler.tick()).reminders == 0
    assert await notices(service, campaign_id, "schedule.notice.reminder") == []
    states = [
        (d.seat, d.state) for d in await service.store.deadlines(campaign_id, pending_only=False)
    ]
    assert states == [("red", "answered"), ("blue", "pending")]


async def test_a_24_hour_turn_with_active_hours_gets_both_reminders(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    # Asked Monday 09:00, due Tuesday 09:00; active 09:00-21:00. By the clock, half-way
    # (21:00) and the last tenth (06:36) both wait for Tuesday 09:00, the deadline itself,
    # and neither was ever sent. By the twelve active hours: 15:00 and 19:48.
    pace = {"hours": {"turn": 24}, "active_from": "09:00", "active_until": "21:00"}
    campaign_id = await started(service, pace=pace)
    clock.advance(hours=5, minutes=59)
    assert (await scheduler.tick()).reminders == 0
    clock.advance(minutes=1)
    assert (await scheduler.tick()).reminders == 1
    clock.advance(hours=4, minutes=48)
    assert (await scheduler.tick()).reminders == 1
    clock.advance(hours=13)
    assert (await scheduler.tick()).reminders == 0
    assert len(await notices(service, campaign_id, "schedule.notice.reminder")) == 2
