"""The null character (U+0000), which PostgreSQL cannot store in a text or a jsonb value,
is refused with a sentence wherever a text enters the services, on both stores alike, and
the refusal changes nothing."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.i18n import translate
from bot.services import CampaignService, ServiceError
from tests.services.conftest import CHANNEL, RED, fingerprint, new_table, play_to_the_end

Attempt = Callable[[CampaignService, int], Awaitable[Any]]
ATTEMPTS: dict[str, Attempt] = {
    "a display name": lambda s, c: s.join(c, "1003", "Gre\x00en", "green"),
    "a reason": lambda s, c: s.release_seat(c, "blue", actor="mod", reason="gone\x00"),
    "an order": lambda s, c: s.submit(c, RED, '{"type": "pass", "note": "\\u0000"}'),
    "options": lambda s, c: s.create_campaign(
        ruleset="mini", creator_id=RED, guild_id=7, channel_id=CHANNEL + 1,
        options={"treasure\x00": 1},
    ),
    "a posted prompt's fingerprint": lambda s, c: s.record_prompt_post(
        1, 0, "20", "30", "Your turn", fingerprint="\x00"
    ),
    "a data file": lambda s, c: s.replace_data_file(
        c, {"name": "a\x00b"}, actor="mod", reason="new data"
    ),
}  # fmt: skip


@pytest.mark.parametrize("where", ATTEMPTS)
async def test_a_null_character_is_refused_with_a_sentence(
    service: CampaignService, where: str
) -> None:
    campaign_id = await new_table(service)
    before = await fingerprint(service, campaign_id)
    campaigns = len(await service.store.all_campaigns())
    with pytest.raises(ServiceError) as refused:
        await ATTEMPTS[where](service, campaign_id)
    assert refused.value.key == "service.error.null_character"
    assert "null character" in translate(refused.value.key, "en")
    assert await fingerprint(service, campaign_id) == before
    assert len(await service.store.all_campaigns()) == campaigns


async def test_an_export_carrying_a_null_character_is_refused(service: CampaignService) -> None:
    campaign_id = await new_table(service)
    await service.start(campaign_id, RED)
    await play_to_the_end(service, campaign_id)
    document = await service.export_campaign(campaign_id)
    document["campaign"] = {**document.get("campaign", {}), "creator": "x\x00"}
    campaigns = len(await service.store.all_campaigns())
    for form in (document, json.dumps(document), json.dumps(document).encode()):
        with pytest.raises(ServiceError) as refused:
            await service.import_campaign(
                form, actor="mod", reason="moving", guild_id=8, channel_id=CHANNEL + 2
            )
        assert refused.value.key == "service.error.null_character"
    assert len(await service.store.all_campaigns()) == campaigns
