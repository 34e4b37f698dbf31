"""One bad outbox row never stops the others: a DM to a console player, a 400, an OSError
or a message over Discord's limits. The row is retried with a back-off or set aside with
its reason (the moderators told once), and every other row, of this campaign and of the
others, goes out; over-long messages are split, never refused."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord

from bot.discord.delivery import PERMANENT_ATTEMPTS
from bot.discord.limits import fit_message
from bot.services import CampaignService, FakeClock
from bot.services.outbox import Notice, Report, to_channel
from rulesets.core import Event
from tests.proof.delivery_fakes import (
    NonceChannel,
    courier_over,
    refuse_over_limits,
    refused,
)
from tests.proof.tables import CHANNEL, mini_table

OTHER_CHANNEL = CHANNEL + 1


def _clock(service: CampaignService) -> FakeClock:
    clock = service.core.clock
    assert isinstance(clock, FakeClock)
    return clock


async def _two_tables(service: CampaignService) -> tuple[int, int]:
    first = await mini_table(service, channel=CHANNEL)
    second = await mini_table(service, channel=OTHER_CHANNEL, seed_hex="ab" * 32)
    return first, second


def _fakes() -> dict[int, NonceChannel]:
    return {CHANNEL: NonceChannel(CHANNEL), OTHER_CHANNEL: NonceChannel(OTHER_CHANNEL)}


async def _play_to_the_end(service: CampaignService, campaign_id: int) -> None:
    """Every seat takes its first plain choice (a pass, a call) until the game ends."""
    while prompts := await service.prompts(campaign_id):
        prompt = prompts[0]
        holder = (await service.holders(campaign_id))[prompt.seat]
        choice = next(choice for choice in prompt.choices if not choice.ranges)
        await service.submit(campaign_id, holder.user_id, choice.instantiate(), seat=prompt.seat)


async def _alerts(service: CampaignService, campaign_id: int) -> list[Any]:
    rows = await service.store.campaign_outbox(campaign_id)
    return [row for row in rows if row.payload.get("key") == "delivery.alert.given_up"]


async def test_a_dm_to_a_console_player_is_set_aside_and_the_rest_goes_out(
    service: CampaignService,
) -> None:
    first, second = await _two_tables(service)
    # A seat held from the console (a moderator preparing the table): no Discord user.
    await service.assign_seat(first, "red", "console:red", "Red", actor="mod", reason="prep")
    await _play_to_the_end(service, first)
    channels = _fakes()
    courier = courier_over(service, channels)
    await courier.deliver_pending()
    await courier.deliver_pending()

    # Red's call is private to red: a DM to the console player, refused at once.
    [dead] = await service.dead_letters()
    assert (dead.target_kind, dead.target_id) == ("dm", "console:red")
    assert "not a Discord user" in str(dead.last_error)
    assert await service.store.pending_outbox(100) == []  # everything else went out
    [alert] = await _alerts(service, first)  # the moderators are told once
    assert alert.delivered_at is not None
    assert await _alerts(service, second) == []
    assert len(channels[OTHER_CHANNEL].messages) >= 2


async def test_a_400_is_tried_again_then_set_aside_while_the_rest_goes_out(
    service: CampaignService,
) -> None:
    first, _ = await _two_tables(service)
    channels = _fakes()
    [bad] = [
        row
        for row in await service.pending_outbox(100)
        if row.campaign_id == first and row.payload["kind"] == "report"
    ]

    def refuse_the_report(content: str | None, options: dict[str, Any]) -> None:
        if options.get("nonce") == bad.id:
            raise refused(400, "Invalid Form Body")

    channels[CHANNEL].fail = refuse_the_report
    courier = courier_over(service, channels)
    await courier.deliver_pending()
    pending = await service.store.pending_outbox(100)
    assert [row.id for row in pending] == [bad.id]  # every later row went out meanwhile
    assert channels[OTHER_CHANNEL].messages
    assert any(str(key).startswith("p") for key in channels[CHANNEL].messages)  # prompts

    for attempt in range(2, PERMANENT_ATTEMPTS + 1):
        _clock(service).advance(hours=2)
        await courier.deliver_pending()
        row = await service.store.outbox_row(bad.id)
        assert row is not None and row.attempts == attempt
    assert row.given_up_at is not None and str(row.last_error).startswith("400")
    _clock(service).advance(hours=2)
    await courier.deliver_pending()
    assert len(await _alerts(service, first)) == 1
    assert await service.store.pending_outbox(100) == []


async def test_an_oserror_is_tried_again_after_a_back_off(service: CampaignService) -> None:
    await _two_tables(service)
    channels = _fakes()
    failures = iter([OSError("Connection reset by peer")])

    def network_down_once(content: str | None, options: dict[str, Any]) -> None:
        error = next(failures, None)
        if error is not None:
            raise error

    channels[CHANNEL].fail = network_down_once
    courier = courier_over(service, channels)
    await courier.deliver_pending()
    [waiting] = await service.store.pending_outbox(100)
    assert waiting.attempts == 1 and "OSError" in str(waiting.last_error)
    assert waiting.next_attempt_at is not None
    await courier.deliver_pending()  # not yet due: left alone
    assert (await service.store.outbox_row(waiting.id)).attempts == 1  # type: ignore[union-attr]
    _clock(service).advance(waiting.next_attempt_at - _clock(service).now())
    await courier.deliver_pending()
    assert await service.store.pending_outbox(100) == []
    assert await service.dead_letters() == []


async def test_over_long_messages_are_split_and_never_refused(service: CampaignService) -> None:
    first, _ = await _two_tables(service)
    # The services refuse a reason this long (bot.services.limits); a text this long that
    # reached the outbox anyway (a game's own, a forged row) is still split, never refused.
    words = " ".join(f"word{number}" for number in range(1200))  # about 9,000 characters
    notice = Notice(campaign_id=first, key="trust.notice.commitment", params={"game": words})
    long_event = Event(key="mini.pass", params={"seat": "red " * 40}).model_dump(mode="json")
    report = Report(
        campaign_id=first,
        seq=0,
        seat=None,
        actor="mod",
        events=[long_event] * 120,  # a description of some 25,000 characters
        rolls=[],
        waiting_for=[],
        finished=False,
        scores=None,
    )
    await service.store.add_outbox(
        first, [to_channel(CHANNEL, notice), to_channel(CHANNEL, report)], _clock(service).now()
    )
    channels = _fakes()
    channels[CHANNEL].fail = refuse_over_limits
    await courier_over(service, channels).deliver_pending()

    assert await service.store.pending_outbox(100) == []
    assert await service.dead_letters() == []
    posted = channels[CHANNEL].in_order()
    text = "".join(message.content or "" for message in posted)
    assert all(f"word{number}" in text for number in range(1200))
    bullets = sum(
        (embed.description or "").count("• ") for message in posted for embed in message.embeds
    )
    assert bullets >= 120 + 1  # the long report whole, beside the step reports


def test_fitting_keeps_every_part_within_the_limits() -> None:
    embed = discord.Embed(title="T" * 400, description="line\n" * 2000)
    for _ in range(40):
        embed.add_field(name="n" * 300, value="v" * 2000)
    messages = fit_message("c" * 4500, [embed])
    for content, embeds in messages:
        refuse_over_limits(content, {"embeds": embeds})
    assert "".join(content for content, _ in messages) == "c" * 4500
    fields = [field for _, embeds in messages for part in embeds for field in part.fields]
    assert len(fields) == 40
    assert sum((part.description or "").count("line") for _, e in messages for part in e) == 2000


async def test_the_retry_delay_doubles_up_to_an_hour() -> None:
    from bot.services.delivery import retry_delay

    assert [retry_delay(n) for n in (1, 2, 3)] == [
        timedelta(seconds=30),
        timedelta(minutes=1),
        timedelta(minutes=2),
    ]
    assert retry_delay(40) == timedelta(hours=1)


async def test_prompts_that_backed_off_never_replace_newer_ones(service: CampaignService) -> None:
    first, _ = await _two_tables(service)
    channels = _fakes()
    [opened] = [
        row
        for row in await service.pending_outbox(100)
        if row.campaign_id == first and row.payload["kind"] == "prompts_opened"
    ]

    def refuse_the_prompt(content: str | None, options: dict[str, Any]) -> None:
        if options.get("nonce") == f"p{opened.id}.0":
            raise refused(500, "Discord unwell")

    channels[CHANNEL].fail = refuse_the_prompt
    courier = courier_over(service, channels)
    await courier.deliver_pending()  # the first prompts row backs off
    await service.submit(first, "2001", {"type": "pass"}, seat="red")
    await courier.deliver_pending()
    newest = await service.prompt_posts(first, open_only=True)
    assert [post.outbox_id for post in newest] == [newest[0].outbox_id]
    assert newest[0].outbox_id > opened.id
    _clock(service).advance(hours=2)
    await courier.deliver_pending()  # the old row is due again: overtaken, not posted
    assert await service.store.pending_outbox(100) == []
    assert f"p{opened.id}.0" not in channels[CHANNEL].messages
    assert await service.prompt_posts(first, open_only=True) == newest
