"""Forged exports: what the replay cannot prove (holders, actors, audit rows, sizes) is
checked on its own; the impossible is refused and creates nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.i18n import translate
from bot.services import CampaignService, FakeClock, ServiceError
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


async def _imported_audit(service: CampaignService, document: dict[str, Any]) -> dict[str, Any]:
    imported = await service.import_campaign(
        document, actor="mod", reason="moving", guild_id=8, channel_id=777
    )
    [*_, record] = await service.audit_log(imported.id)
    assert record.act == "import"
    return record.detail


async def test_an_untouched_export_is_marked_only_with_what_nothing_can_prove(
    service: CampaignService,
) -> None:
    detail = await _imported_audit(service, await _finished_export(service))
    assert detail["not_verifiable"] == ["actors", "timestamps"]
    assert detail["actors_not_holding"] == [] and detail["times_out_of_order"] == []


async def test_a_rewritten_actor_is_imported_but_marked_in_the_audit(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started_table(service)
    clock.advance(hours=1)
    await play_to_the_end(service, campaign_id)
    clock.advance(hours=1)
    document = await service.export_campaign(campaign_id)
    document["log"][2]["actor"] = "3001"  # a step signed by someone who never held a seat
    document["log"][2]["at"] = document["exported_at"]
    document["log"][3]["at"] = document["log"][1]["at"]  # before the step it follows
    detail = await _imported_audit(service, document)
    assert detail["actors_not_holding"] == [2]
    assert detail["times_out_of_order"] == [3]


async def test_an_invented_forced_move_is_refused(service: CampaignService) -> None:
    document = await _finished_export(service)
    entry = document["log"][2]
    document["audit"].append(
        {
            "actor": "mod",
            "act": "force_default",
            "reason": "absent",
            "at": entry["at"],
            "seqs": [2],
            "detail": {"seat": entry["seat"], "action": entry["action"]},
        }
    )
    refusal = await _refused(service, document)
    assert (refusal.key, refusal.params["seq"]) == ("trust.error.import_audit_contradicts", 2)


async def test_a_time_after_the_export_is_refused(service: CampaignService) -> None:
    document = await _finished_export(service)
    document["log"][1]["at"] = "2999-01-01T00:00:00Z"
    refusal = await _refused(service, document)
    assert (refusal.key, refusal.params["where"]) == ("trust.error.import_after_export", "log.1.at")


async def test_a_started_campaign_without_any_player_is_refused(
    service: CampaignService,
) -> None:
    document = await _finished_export(service)
    document["tenures"] = []
    assert (await _refused(service, document)).key == "trust.error.import_no_players"


async def test_a_language_that_is_not_a_catalogue_is_refused(service: CampaignService) -> None:
    document = await _finished_export(service)
    document["language"] = "x" * 10_000
    refusal = await _refused(service, document)
    assert refusal.key == "service.error.unknown_language" and len(refusal.params["code"]) <= 20


@pytest.mark.parametrize(
    ("where", "value", "key"),
    [
        (("audit", None, "reason"), "r" * 2_500, "trust.error.import_too_long"),
        (("tenures", 0, "display_name"), "n" * 200, "trust.error.import_too_long"),
        (("tenures", 0, "user_id"), "console:", "trust.error.import_bad_user"),
        (("log", 1, "actor"), "@everyone", "trust.error.import_bad_user"),
        (("audit", None, "detail"), {"blob": "b" * 9_000_000}, "trust.error.import_too_big"),
    ],
)
async def test_a_field_beyond_the_services_limits_is_refused(
    service: CampaignService, where: tuple[str, int | None, str], value: Any, key: str
) -> None:
    document = await _finished_export(service)
    part, index, name = where
    if index is None:  # a moderator's act of the forger's own making
        document[part].append(
            {"actor": "mod", "act": "pause", "reason": "r", "at": document["exported_at"]}
            | {"seqs": [1], "detail": {}}
        )
        index = -1
    document[part][index][name] = value
    assert (await _refused(service, document)).key == key
