"""Every refused submission is a clear error and leaves the campaign exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services import CampaignService, ServiceError
from tests.services.conftest import (
    BLUE,
    GREEN,
    RED,
    fingerprint,
    new_table,
    play_to_the_end,
    started_table,
)

BID = {"type": "bid", "amount": 2}


@pytest.mark.parametrize(
    ("user", "action", "seat", "key"),
    [
        (RED, '{"type": "bid", "amount": ', None, "core.error.malformed_json"),
        (RED, "[1, 2]", None, "core.error.malformed_action"),
        (RED, {"type": "fly"}, None, "core.error.malformed_action"),
        (RED, {"type": "bid", "amount": 11}, None, "core.error.not_a_legal_choice"),
        (RED, {"type": "call", "side": "low"}, None, "core.error.not_a_legal_choice"),
        (BLUE, BID, None, "core.error.not_your_turn"),
        (RED, BID, "purple", "service.error.seat_not_in_campaign"),
        (RED, BID, "blue", "service.error.not_your_seat"),
        (GREEN, BID, None, "service.error.no_seat"),
    ],
)
async def test_a_refused_action_changes_nothing(
    service: CampaignService, user: str, action: Any, seat: str | None, key: str
) -> None:
    campaign_id = await started_table(service)
    before = await fingerprint(service, campaign_id)
    with pytest.raises(ServiceError) as refused:
        await service.submit(campaign_id, user, action, seat=seat)
    assert refused.value.key == key
    assert await fingerprint(service, campaign_id) == before


async def test_an_unknown_campaign_is_named_in_the_error(service: CampaignService) -> None:
    with pytest.raises(ServiceError) as refused:
        await service.submit(404, RED, BID)
    assert (refused.value.key, refused.value.params) == (
        "service.error.unknown_campaign",
        {"campaign": 404},
    )


async def test_a_finished_campaign_takes_no_more_actions(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    before = await fingerprint(service, campaign_id)
    with pytest.raises(ServiceError) as refused:
        await service.submit(campaign_id, RED, BID)
    assert refused.value.key == "service.error.campaign_finished"
    assert await fingerprint(service, campaign_id) == before


async def test_a_campaign_in_the_lobby_takes_no_actions(service: CampaignService) -> None:
    campaign_id = await new_table(service)
    before = await fingerprint(service, campaign_id)
    with pytest.raises(ServiceError) as refused:
        await service.submit(campaign_id, RED, BID)
    assert refused.value.key == "service.error.campaign_lobby"
    assert await fingerprint(service, campaign_id) == before


async def test_a_paused_campaign_takes_no_actions_until_resumed(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.pause(campaign_id, actor="mod", reason="holiday")
    before = await fingerprint(service, campaign_id)
    with pytest.raises(ServiceError) as refused:
        await service.submit(campaign_id, RED, BID)
    assert refused.value.key == "service.error.campaign_paused"
    assert await fingerprint(service, campaign_id) == before
    await service.resume(campaign_id, actor="mod", reason="back")
    assert (await service.submit(campaign_id, RED, BID)).seq == 1
    assert [entry.act for entry in await service.audit_log(campaign_id)] == ["pause", "resume"]


async def test_errors_translate_into_sentences(service: CampaignService) -> None:
    from bot.i18n import translate

    with pytest.raises(ServiceError) as refused:
        await service.get_campaign(12)
    english = translate(refused.value.key, "en", **refused.value.params)
    french = translate(refused.value.key, "fr", **refused.value.params)
    assert "12" in english and "12" in french and english != french
    assert not english.startswith("service.")
