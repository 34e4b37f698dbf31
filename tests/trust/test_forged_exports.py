"""Forged exports: what the replay cannot prove (holders, actors, audit rows, sizes) is
checked on its own; the impossible is refused and creates nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.i18n import translate
from bot.services import CampaignService, ServiceError
from tests.services.conftest import play_to_the_end, started_table


async def _finished_export(service: CampaignService) -> dict[str, Any]:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    exported: dict[str, Any] = await service.export_campaign(campaign_id)
    return exported


async def _refused(service: CampaignService, document: dict[str, Any]) -> ServiceError:
    before = len(await service.all_campaigns())
    with pytest.raises(ServiceError) as refusal:
        await service.import_campaign(
            document, actor="mod", reason="forged?", guild_id=8, channel_id=777
        )
    assert len(await service.all_campaigns()) == before
    for language in ("en", "fr"):
        sentence = translate(refusal.value.key, language, **refusal.value.params)
        assert refusal.value.key not in sentence and "{" not in sentence
    return refusal.value


async def test_two_current_holders_of_one_seat_are_refused(service: CampaignService) -> None:
    document = await _finished_export(service)
    document["tenures"].append(copy.deepcopy(document["tenures"][0]))
    refusal = await _refused(service, document)
    assert refusal.key == "trust.error.import_bad_tenure"
    assert refusal.params["seat"] == document["tenures"][0]["seat"]


async def test_a_holder_of_a_seat_the_game_does_not_have_is_refused(
    service: CampaignService,
) -> None:
    document = await _finished_export(service)
    document["tenures"][0]["seat"] = "atlantis"
    refusal = await _refused(service, document)
    assert (refusal.key, refusal.params["seat"]) == ("trust.error.import_unknown_seat", "atlantis")


async def test_a_holder_leaving_before_arriving_is_refused(service: CampaignService) -> None:
    document = await _finished_export(service)
    document["tenures"][0]["ended_at"] = "2000-01-01T00:00:00Z"
    refusal = await _refused(service, document)
    assert refusal.key == "trust.error.import_bad_tenure"
