"""The services' boundary: over-long texts, impossible user ids and unknown languages are
refused with a sentence in both languages before anything changes, whoever calls."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import translate
from bot.services import CampaignService, ServiceError
from bot.services.limits import NAME_LIMIT, REASON_LIMIT
from tests.services.conftest import BLUE, RED, fingerprint, new_table, started_table


async def _refused(call: Any, key: str) -> ServiceError:
    with pytest.raises(ServiceError) as refusal:
        await call
    assert refusal.value.key == key
    english = translate(key, "en", **refusal.value.params)
    french = translate(key, "fr", **refusal.value.params)
    assert english != french and key not in english and key not in french
    assert len(english) < 400 and len(french) < 400  # the refusal itself fits a message
    return refusal.value


async def test_a_reason_longer_than_an_announcement_holds_is_refused_and_changes_nothing(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 2})
    before = await fingerprint(service, campaign_id)
    for method in (service.undo_last, service.pause, service.end_campaign):
        refusal = await _refused(
            method(campaign_id, actor="mod", reason="x" * 2_500), "service.error.reason_too_long"
        )
        assert refusal.params == {"length": 2_500, "limit": REASON_LIMIT}
    await _refused(
        service.force_default(campaign_id, "blue", actor="mod", reason="y" * (REASON_LIMIT + 1)),
        "service.error.reason_too_long",
    )
    assert await fingerprint(service, campaign_id) == before
    assert await service.audit_log(campaign_id) == []
    await service.pause(campaign_id, actor="mod", reason="z" * REASON_LIMIT)  # the limit fits


@pytest.mark.parametrize(
    "user_id",
    ["abc", "", "0", "12345678901234567890123", "18446744073709551616", "<@&1>", "console:"],
)
async def test_a_seat_goes_only_to_a_discord_user_or_a_console_player(
    service: CampaignService, user_id: str
) -> None:
    campaign_id = await new_table(service, seats=("red",))
    before = await fingerprint(service, campaign_id)
    await _refused(
        service.join(campaign_id, user_id, "Someone", "blue"), "service.error.bad_user_id"
    )
    await _refused(
        service.assign_seat(campaign_id, "blue", user_id, "Someone", actor="mod", reason="x"),
        "service.error.bad_user_id",
    )
    assert await fingerprint(service, campaign_id) == before
    assert set(await service.holders(campaign_id)) == {"red"}


async def test_console_players_and_snowflakes_take_seats(service: CampaignService) -> None:
    campaign_id = await new_table(service, seats=())
    assert await service.join(campaign_id, "console:red", "Red", "red") == "red"
    assert await service.join(campaign_id, "18446744073709551615", "Blue", "blue") == "blue"


async def test_a_display_name_longer_than_discord_allows_is_refused(
    service: CampaignService,
) -> None:
    campaign_id = await new_table(service, seats=("red",))
    await _refused(
        service.join(campaign_id, BLUE, "n" * (NAME_LIMIT + 1), "blue"),
        "service.error.name_too_long",
    )
    assert await service.join(campaign_id, BLUE, "n" * NAME_LIMIT, "blue") == "blue"


@pytest.mark.parametrize("actor", ["@everyone", "a" * 2_500, "mod\nline", ""])
async def test_an_actor_is_a_user_a_console_player_or_a_short_plain_name(
    service: CampaignService, actor: str
) -> None:
    campaign_id = await started_table(service)
    before = await fingerprint(service, campaign_id)
    await _refused(service.pause(campaign_id, actor=actor, reason="r"), "service.error.bad_actor")
    await _refused(
        service.create_campaign(
            ruleset="mini", creator_id=actor, guild_id=7, channel_id=9, options={}
        ),
        "service.error.bad_actor",
    )
    assert await fingerprint(service, campaign_id) == before


async def test_a_language_not_in_the_catalogues_is_refused(service: CampaignService) -> None:
    count = len(await service.all_campaigns())
    await _refused(
        service.create_campaign(
            ruleset="mini", creator_id=RED, guild_id=7, channel_id=9, options={}, language="x" * 300
        ),
        "service.error.unknown_language",
    )
    assert len(await service.all_campaigns()) == count


async def test_a_text_argument_given_as_something_else_is_refused(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await _refused(
        service.pause(campaign_id, actor="mod", reason=["not", "text"]),  # type: ignore[arg-type]
        "service.error.not_text",
    )
