"""Undo, rollback, forced defaults, seat changes and the end: each audited."""

from __future__ import annotations

import pytest

from bot.services import CampaignService, ServiceError
from rulesets.core import seed_commitment, state_hash
from tests.services.conftest import (
    BLUE,
    GREEN,
    RED,
    SEED,
    new_table,
    play_to_the_end,
    started_table,
)


async def test_undo_returns_to_the_previous_state_and_keeps_what_it_removed(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    before = state_hash(await service.state_at(campaign_id, 1))
    await service.submit(campaign_id, BLUE, {"type": "bid", "amount": 5})
    report = await service.undo_last(campaign_id, actor="mod", reason="misclick")
    assert report.seq == 1 and [prompt.seat for prompt in report.prompts] == ["blue"]
    assert state_hash(await service.state_at(campaign_id, 1)) == before
    [audit] = await service.audit_log(campaign_id)
    assert (audit.act, audit.actor, audit.reason, audit.seqs) == ("undo", "mod", "misclick", [2])
    assert audit.detail["removed"][0]["action"] == {"type": "bid", "amount": 5}
    # The undone seq is free again, and the game goes on from it.
    assert (await service.submit(campaign_id, BLUE, {"type": "pass"})).seq == 2


async def test_rollback_removes_every_later_step(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    await service.submit(campaign_id, BLUE, {"type": "pass"})
    await service.submit(campaign_id, RED, {"type": "call", "side": "low"})
    report = await service.rollback(campaign_id, 0, actor="mod", reason="restart")
    assert report.seq == 0
    assert [entry.seq for entry in await service.history(campaign_id)] == [0]
    assert (await service.audit_log(campaign_id))[0].seqs == [1, 2, 3]
    assert (await service.state_at(campaign_id, 0)).seq == 0
    # Replaying the same orders gives the same dice: the RNG position was rolled back too.
    await play_to_the_end(service, campaign_id)
    assert (await service.get_campaign(campaign_id)).status == "finished"


@pytest.mark.parametrize("target", [-1, 2, 5])
async def test_rollback_to_a_seq_not_behind_us_is_refused(
    service: CampaignService, target: int
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "pass"})
    await service.submit(campaign_id, BLUE, {"type": "pass"})
    with pytest.raises(ServiceError) as refused:
        await service.rollback(campaign_id, target, actor="mod", reason="x")
    assert refused.value.key == "service.error.bad_rollback"


async def test_there_is_nothing_to_undo_right_after_the_start(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    with pytest.raises(ServiceError) as refused:
        await service.undo_last(campaign_id, actor="mod", reason="x")
    assert refused.value.key == "service.error.nothing_to_undo"


async def test_a_finished_campaign_cannot_be_undone(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    with pytest.raises(ServiceError) as refused:
        await service.undo_last(campaign_id, actor="mod", reason="x")
    assert refused.value.key == "service.error.campaign_finished"


async def test_a_forced_default_plays_the_conservative_choice(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    report = await service.force_default(campaign_id, "red", actor="mod", reason="asleep")
    assert (report.seat, report.actor) == ("red", "mod")
    assert [event.key for event in report.events] == ["mini.pass"]
    [audit] = await service.audit_log(campaign_id)
    assert (audit.act, audit.seqs, audit.detail["seat"]) == ("force_default", [1], "red")


async def test_a_replaced_player_hands_over_the_seat_with_its_history(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    await service.assign_seat(campaign_id, "blue", GREEN, "Green", actor="mod", reason="left")
    with pytest.raises(ServiceError) as refused:
        await service.submit(campaign_id, BLUE, {"type": "pass"})
    assert refused.value.key == "service.error.no_seat"
    assert (await service.submit(campaign_id, GREEN, {"type": "pass"})).seat == "blue"
    history = [
        (h.seat, h.user_id, h.until is None) for h in await service.seat_history(campaign_id)
    ]
    assert history == [("red", RED, True), ("blue", BLUE, False), ("blue", GREEN, True)]
    assert (await service.holders(campaign_id))["blue"].user_id == GREEN
    [audit] = await service.audit_log(campaign_id)
    assert audit.detail == {"seat": "blue", "user_id": GREEN, "previous": BLUE}


async def test_a_seat_outside_the_game_cannot_be_assigned(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    with pytest.raises(ServiceError) as refused:
        await service.assign_seat(campaign_id, "green", GREEN, "Green", actor="mod", reason="x")
    assert refused.value.key == "service.error.seat_not_in_campaign"


async def test_ending_reveals_the_committed_seed(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    seed = await service.end_campaign(campaign_id, actor="mod", reason="done")
    campaign = await service.get_campaign(campaign_id)
    assert seed == SEED and seed_commitment(seed) == campaign.seed_commitment
    assert (campaign.status, campaign.revealed_seed) == ("finished", SEED)
    assert [entry.act for entry in await service.audit_log(campaign_id)] == ["end"]
    assert await service.end_campaign(campaign_id, actor="mod", reason="again") == SEED


async def test_a_lobby_can_be_ended_but_not_paused(service: CampaignService) -> None:
    campaign_id = await new_table(service)
    with pytest.raises(ServiceError) as refused:
        await service.pause(campaign_id, actor="mod", reason="x")
    assert refused.value.key == "service.error.campaign_lobby"
    await service.end_campaign(campaign_id, actor="mod", reason="nobody came")
    assert (await service.get_campaign(campaign_id)).status == "finished"
