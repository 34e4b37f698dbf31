"""Verifiable dice: the commitment is published at creation, every roll checks at the end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.services import CampaignService, ServiceError
from bot.services.exchange import parse_export
from bot.services.trust import ReportedRoll, verify_export
from rulesets.core import Roll, seed_commitment
from rulesets.core.rng import draw_value
from tests.services.conftest import BLUE as BLUE_USER
from tests.services.conftest import CHANNEL, SEED, play_to_the_end, sql, started_table
from tests.services.conftest import RED as RED_USER


async def test_creation_publishes_the_seed_commitment_in_the_channel(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    [notice] = [
        item.payload
        for item in await service.pending_outbox()
        if item.payload.get("key") == "trust.notice.commitment"
    ]
    assert notice["params"]["commitment"] == seed_commitment(SEED)
    first = (await service.pending_outbox())[0]
    assert (first.campaign_id, first.target_id) == (campaign_id, str(CHANNEL))


async def test_a_finished_campaigns_dice_verify(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    checked = await service.verify_dice(campaign_id)
    assert checked.ok and checked.replay.ok
    # Two luck rolls at the set-up and the die of the calls: draws 0, 1 and 2.
    assert checked.rolls_checked == 3
    # Both steps with dice had a private event too, so the channel was told no roll.
    assert checked.reported_checked == 0


async def test_the_dice_of_a_running_campaign_stay_secret(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    with pytest.raises(ServiceError) as refused:
        await service.verify_dice(campaign_id)
    assert refused.value.key == "trust.error.seed_still_secret"


async def test_a_roll_changed_in_the_database_fails_at_its_draw(
    service: CampaignService, db_path: Path
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    [(rolls,)] = sql(db_path, "SELECT rolls FROM actions WHERE seq = 0")
    tampered = json.loads(rolls)
    tampered[1]["value"] = tampered[1]["value"] % 6 + 1
    sql(db_path, "UPDATE actions SET rolls = ? WHERE seq = 0", json.dumps(tampered))
    checked = await service.verify_dice(campaign_id)
    assert not checked.ok
    assert checked.mismatch is not None
    assert (checked.mismatch.seq, checked.mismatch.draw) == (0, 1)
    assert checked.mismatch.recorded == tampered[1]["value"] != checked.mismatch.expected
    assert checked.reported_mismatch is None


async def test_a_reported_roll_that_the_seed_does_not_give_is_caught(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    export = parse_export(await service.export_campaign(campaign_id))
    true_die = Roll(draw=2, sides=6, value=draw_value(SEED, 2, 6))
    false_die = Roll(draw=2, sides=6, value=true_die.value % 6 + 1)
    honest = verify_export(export, [ReportedRoll(9, 4, true_die)])
    assert honest.ok and honest.reported_checked == 1
    lying = verify_export(export, [ReportedRoll(9, 4, true_die), ReportedRoll(10, 4, false_die)])
    assert not lying.ok and lying.mismatch is None
    assert lying.reported_mismatch == ReportedRoll(10, 4, false_die)


async def test_the_seed_is_revealed_in_the_channel_when_play_ends_the_campaign(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED_USER, {"type": "bid", "amount": 3})
    assert not await _revealed(service)
    await play_out_the_calls(service, campaign_id)
    [notice] = await _revealed(service)
    assert notice["params"] == {"seed": SEED, "commitment": seed_commitment(SEED)}


async def test_the_seed_is_revealed_when_a_moderator_ends_the_campaign(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.end_campaign(campaign_id, actor="mod", reason="nobody plays")
    [notice] = await _revealed(service)
    assert notice["params"]["seed"] == SEED


async def _revealed(service: CampaignService) -> list[dict[str, Any]]:
    return [
        item.payload
        for item in await service.pending_outbox(100)
        if item.payload.get("key") == "trust.notice.seed_revealed"
    ]


async def play_out_the_calls(service: CampaignService, campaign_id: int) -> None:
    await service.submit(campaign_id, BLUE_USER, {"type": "pass"})
    await service.submit(campaign_id, RED_USER, {"type": "call", "side": "low"})
    await service.submit(campaign_id, BLUE_USER, {"type": "call", "side": "high"})
