"""A data file can be replaced in the lobby only: checked by the rules, audited, announced."""

from __future__ import annotations

import pytest

from bot.services import CampaignService, ServiceError
from tests.services.conftest import BLUE, RED, SEED


async def _lobby(service: CampaignService) -> int:
    campaign = await service.create_campaign(
        ruleset="dice_race", creator_id=RED, guild_id=7, channel_id=555, options={}, seed_hex=SEED
    )
    await service.join(campaign.id, RED, "Red", "red")
    await service.join(campaign.id, BLUE, "Blue", "blue")
    return campaign.id


async def test_a_data_file_replaced_in_the_lobby_is_played_and_audited(
    service: CampaignService,
) -> None:
    campaign_id = await _lobby(service)
    await service.replace_data_file(campaign_id, {"turns": 2}, actor="mod", reason="short game")
    await service.start(campaign_id, RED)
    await service.submit(campaign_id, RED, {"type": "hold"})
    await service.submit(campaign_id, BLUE, {"type": "hold"})
    assert (await service.get_campaign(campaign_id)).status == "finished"
    [audit] = await service.audit_log(campaign_id)
    assert (audit.act, audit.reason, audit.detail) == (
        "data_file",
        "short game",
        {"previous": None, "data": {"turns": 2}},
    )
    notices = [item.payload for item in await service.pending_outbox(100)]
    assert any(n.get("kind") == "audit" and n["params"]["act"] == "data_file" for n in notices)


async def test_a_bad_or_late_data_file_is_refused(service: CampaignService) -> None:
    campaign_id = await _lobby(service)
    with pytest.raises(ServiceError) as bad:
        await service.replace_data_file(campaign_id, {"turns": 0}, actor="mod", reason="x")
    assert (bad.value.key, bad.value.params["field"]) == ("core.error.bad_data", "turns")
    await service.start(campaign_id, RED)
    with pytest.raises(ServiceError) as late:
        await service.replace_data_file(campaign_id, {"turns": 3}, actor="mod", reason="x")
    assert late.value.key == "trust.error.data_after_start"
    assert await service.audit_log(campaign_id) == []
