"""Extensions: once per phase and capped for players, uncapped for moderators, announced."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services import CampaignService, FakeClock, ServiceError
from bot.services.schedule import Scheduler
from tests.schedule.conftest import BLUE, MONDAY_9AM, RED, notices, started


async def test_a_player_on_the_clock_extends_once_per_phase(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await started(service)
    moved = await service.request_extension(campaign_id, RED, 12)
    assert moved.due_at == MONDAY_9AM + timedelta(hours=60)
    [(_, _, params)] = await notices(service, campaign_id, "schedule.notice.extended")
    assert params == {"seat": "red", "by": RED, "hours": 12, "due_unix": moved.due_unix}
    with pytest.raises(ServiceError) as refused:
        await service.request_extension(campaign_id, RED, 1)
    assert refused.value.key == "schedule.error.extension_used"
    # The old deadline passes without effect; the new one fires.
    clock.advance(hours=48)
    assert (await scheduler.tick()).missed == 0
    clock.advance(hours=12)
    assert (await scheduler.tick()).missed == 1


async def test_an_extension_past_the_cap_is_refused(service: CampaignService) -> None:
    campaign_id = await started(service, pace={"extension_cap_hours": 24})
    with pytest.raises(ServiceError) as refused:
        await service.request_extension(campaign_id, RED, 25)
    assert (refused.value.key, refused.value.params["cap"]) == (
        "schedule.error.extension_too_long",
        24,
    )
    [waiting] = await service.waiting(campaign_id)
    assert waiting.due_at == MONDAY_9AM + timedelta(hours=48)


async def test_a_new_phase_brings_a_new_extension(service: CampaignService) -> None:
    campaign_id = await started(service)
    await service.request_extension(campaign_id, RED, 1)
    await service.submit(campaign_id, RED, {"type": "pass"})
    await service.submit(campaign_id, BLUE, {"type": "pass"})  # the calls begin
    moved = await service.request_extension(campaign_id, RED, 1)
    assert moved.due_at == MONDAY_9AM + timedelta(hours=49)


async def test_moderators_extend_without_a_cap_and_it_is_audited(
    service: CampaignService,
) -> None:
    campaign_id = await started(service, pace={"extension_cap_hours": 2})
    moved = await service.extend_deadline(campaign_id, "red", hours=96, actor="mod", reason="ill")
    assert moved.due_at == MONDAY_9AM + timedelta(hours=144)
    audit = await service.audit_log(campaign_id)
    assert audit[-1].act == "extend_deadline" and audit[-1].detail["seat"] == "red"
    assert len(await notices(service, campaign_id, "schedule.notice.extended")) == 1


async def test_an_extended_deadline_outside_active_hours_moves_to_the_morning(
    service: CampaignService,
) -> None:
    campaign_id = await started(service, pace={"active_from": "08:00", "active_until": "20:00"})
    moved = await service.request_extension(campaign_id, RED, 12)  # Wed 21:00 otherwise
    assert moved.due_at == MONDAY_9AM + timedelta(hours=48 + 23)  # Thursday 08:00
