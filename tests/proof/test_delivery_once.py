"""Each outbox row is posted once even when the process dies between posting it and
marking it delivered: the courier sends the outbox id as an enforced nonce, and Discord
answers a repeated nonce with the message it already created; hours later, when Discord
has forgotten the nonce, the courier finds the message among the channel's recent ones."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest

from bot.services import CampaignService, FakeClock
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


class ForgetfulChannel(NonceChannel):
    """Discord hours later: the nonce is forgotten (every send posts), but the channel's
    recent messages can be read, newest first, as the bot's own."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__()
        self._clock = clock
        self.posted: list[Any] = []

    async def send(self, content: str | None = None, **options: Any) -> Any:
        self.requests.append(options.get("nonce"))
        message = SimpleNamespace(
            id=10_000 + len(self.posted),
            content=content or "",
            embeds=list(options.get("embeds") or []),
            created_at=self._clock.now(),
            author=SimpleNamespace(id=1),
        )
        self.posted.append(message)
        return message

    async def history(self, limit: int) -> AsyncIterator[Any]:
        for message in list(reversed(self.posted))[:limit]:
            yield message


async def test_a_row_sent_just_before_a_long_outage_is_found_again_not_resent(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await mini_table(service)
    reports = [
        item.id
        for item in await service.pending_outbox(100)
        if item.payload["kind"] not in ("prompts_opened", "board_changed")
    ]
    assert len(reports) >= 2
    clock = service.core.clock
    assert isinstance(clock, FakeClock)
    channel = ForgetfulChannel(clock)
    real_mark = service.delivery.mark_delivered

    async def dies_marking_the_second_report(outbox_id: int) -> None:
        if outbox_id == reports[1]:
            raise SystemExit("killed between the send and the mark")
        await real_mark(outbox_id)

    monkeypatch.setattr(service.delivery, "mark_delivered", dies_marking_the_second_report)
    with pytest.raises(SystemExit):
        await courier_over(service, channel).deliver_pending()
    monkeypatch.setattr(service.delivery, "mark_delivered", real_mark)
    clock.advance(hours=6)  # far longer than Discord keeps a nonce
    await courier_over(service, channel).deliver_pending()  # the restarted process

    assert await service.pending_outbox(100) == []
    assert Counter(channel.requests)[reports[1]] == 1, "the interrupted row was not resent"
    assert all(Counter(channel.requests)[outbox_id] == 1 for outbox_id in reports)


async def test_a_row_written_before_the_restart_but_never_sent_is_sent(
    service: CampaignService,
) -> None:
    await mini_table(service)
    reports = [
        item.id
        for item in await service.pending_outbox(100)
        if item.payload["kind"] not in ("prompts_opened", "board_changed")
    ]
    clock = service.core.clock
    assert isinstance(clock, FakeClock)
    clock.advance(hours=6)
    channel = ForgetfulChannel(clock)
    await courier_over(service, channel).deliver_pending()
    assert await service.pending_outbox(100) == []
    assert all(Counter(channel.requests)[outbox_id] == 1 for outbox_id in reports)
