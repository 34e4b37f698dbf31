"""Each outbox row is posted once even when the process dies between posting it and
marking it delivered: the courier sends the outbox id as an enforced nonce, and Discord
answers a repeated nonce with the message it already created."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from bot.discord.delivery import OutboxCourier
from bot.services import CampaignService
from tests.proof.tables import mini_table


class NonceChannel:
    """Discord's side of `enforce_nonce`: one message per nonce, every request recorded."""

    def __init__(self) -> None:
        self.requests: list[Any] = []
        self.messages: dict[Any, str | None] = {}

    async def send(self, content: str | None = None, **options: Any) -> None:
        nonce = options.get("nonce")
        self.requests.append(nonce)
        if nonce is None or nonce not in self.messages:
            self.messages[nonce if nonce is not None else len(self.requests)] = content


def courier_over(service: CampaignService, channel: NonceChannel) -> OutboxCourier:
    async def language(campaign_id: Any) -> str:
        return "en"

    async def channel_by_id(channel_id: int) -> NonceChannel:
        return channel

    async def refresh(campaign_id: int) -> None:
        return None

    async def fetch_user(user_id: int) -> NonceChannel:
        return channel

    bot: Any = SimpleNamespace(
        service=service,
        campaign_language=language,
        channel_by_id=channel_by_id,
        get_user=lambda user_id: None,
        fetch_user=fetch_user,
        prompt_board=SimpleNamespace(refresh=refresh),
    )
    return OutboxCourier(bot)


async def test_a_row_sent_again_after_a_crash_is_posted_once(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await mini_table(service)
    pending = await service.pending_outbox(100)
    assert len(pending) >= 2
    channel = NonceChannel()
    real_mark = service.mark_delivered
    marks = 0

    async def dies_on_the_second_mark(outbox_id: int) -> None:
        nonlocal marks
        marks += 1
        if marks == 2:
            raise SystemExit("killed between the send and the mark")
        await real_mark(outbox_id)

    monkeypatch.setattr(service, "mark_delivered", dies_on_the_second_mark)
    with pytest.raises(SystemExit):
        await courier_over(service, channel).deliver_pending()
    monkeypatch.setattr(service, "mark_delivered", real_mark)
    await courier_over(service, channel).deliver_pending()  # the restarted process

    ids = [item.id for item in pending]
    assert await service.pending_outbox(100) == []
    assert sorted(channel.messages) == sorted(ids), "one message per outbox row"
    assert Counter(channel.requests)[ids[1]] == 2, "the interrupted row was sent twice"
