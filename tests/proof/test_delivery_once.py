"""Each outbox row is posted once even when the process dies between posting it and
marking it delivered: the courier sends the outbox id as an enforced nonce, and Discord
answers a repeated nonce with the message it already created."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.services import CampaignService
from tests.proof.delivery_fakes import NonceChannel, courier_over
from tests.proof.tables import mini_table


async def test_a_row_sent_again_after_a_crash_is_posted_once(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await mini_table(service)
    pending = await service.pending_outbox(100)
    assert len(pending) >= 2
    channel = NonceChannel()
    real_mark = service.delivery.mark_delivered
    marks = 0

    async def dies_on_the_second_mark(outbox_id: int) -> None:
        nonlocal marks
        marks += 1
        if marks == 2:
            raise SystemExit("killed between the send and the mark")
        await real_mark(outbox_id)

    monkeypatch.setattr(service.delivery, "mark_delivered", dies_on_the_second_mark)
    with pytest.raises(SystemExit):
        await courier_over(service, channel).deliver_pending()
    monkeypatch.setattr(service.delivery, "mark_delivered", real_mark)
    await courier_over(service, channel).deliver_pending()  # the restarted process

    ids = [item.id for item in pending]
    assert await service.pending_outbox(100) == []
    # One message per outbox row (a prompts row posts one message per prompt, nonce p<id>.<n>).
    prompts = {item.id for item in pending if item.payload["kind"] == "prompts_opened"}
    expected = {i for i in ids if i not in prompts} | {f"p{i}.0" for i in prompts}
    assert set(channel.messages) == expected, "one message per outbox row"
    assert Counter(channel.requests)[ids[1]] == 2, "the interrupted row was sent twice"
