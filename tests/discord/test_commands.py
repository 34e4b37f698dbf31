"""The reading commands, a campaign in its own thread, closed DMs and the error handler."""

from __future__ import annotations

import logging
import re

import pytest

from bot.discord.delivery import OutboxCourier
from tests.discord.conftest import Table, open_mini_campaign, text_of


async def test_rules_list_history_and_status_read_the_campaign(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini", options="treasure_points=7")
    rules = await t.spectator.slash(t.channel, "campaign rules")
    assert rules.ephemeral and "mini.option.treasure_points: 7" in text_of(rules)
    await t.alice.slash(t.channel, "campaign join", seat="red")
    await t.bob.slash(t.channel, "campaign join", seat="blue")
    await t.alice.slash(t.channel, "campaign start")
    await t.alice.click(t.last_prompt_for(t.alice), label="pass")
    listed = await t.carol.slash(t.channel, "campaign list")
    assert "#1" in text_of(listed) and "in play" in text_of(listed)
    history = await t.carol.slash(t.channel, "history")
    assert "mini.pass (seat=red)" in text_of(history)
    assert "luck" not in text_of(history)
    older = await t.carol.slash(t.channel, "history", page=2)
    assert "There is no page 2: the last page is 1." in text_of(older)
    board = await t.carol.slash(t.channel, "map")
    assert not board.ephemeral and "high_bid" in text_of(board)
    assert "luck" not in text_of(board)


async def test_options_are_suggested_and_bad_ones_refused(table: Table) -> None:
    t = table
    offered = await t.alice.autocomplete(t.channel, "campaign create", "options", "", game="mini")
    assert [choice["value"] for choice in offered] == ["treasure_points=5"]
    refused = await t.alice.slash(t.channel, "campaign create", game="mini", options="gold=3")
    assert refused.ephemeral and "'gold=3'" in text_of(refused)
    assert await t.bot.service.campaign_for_channel(t.channel.id) is None


async def test_a_campaign_can_live_in_its_own_thread(table: Table) -> None:
    t = table
    created = await t.alice.slash(t.channel, "campaign create", game="mini", thread=True)
    assert created.ephemeral
    (thread,) = t.channel.threads
    campaign = await t.bot.service.campaign_for_channel(thread.id)
    assert campaign is not None and campaign.channel_id == thread.id
    assert any("is open" in message.content for message in thread.history())


async def test_private_notes_refused_by_closed_dms_come_back_ephemerally(table: Table) -> None:
    t = table
    dm_path = f"/channels/{t.alice.user.dm_channel.id}/messages"
    t.env.inject_error(
        "POST",
        dm_path,
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await t.alice.slash(t.channel, "campaign create", game="mini")
    await t.alice.slash(t.channel, "campaign join", seat="red")
    await t.bob.slash(t.channel, "campaign join", seat="blue")
    started = await t.alice.slash(t.channel, "campaign start")
    state = await t.bot.service.state_at(1, 0)
    luck = state.luck["red"]  # type: ignore[attr-defined]
    # The DM was refused; the luck reaches alice privately with her next command's answer.
    held = [f for f in started.followups if f.embeds]
    assert held and all(f.ephemeral for f in held)
    assert f"luck={luck}" in str(held[0].embeds[0].to_dict())
    assert held[0].content.startswith("Your direct messages are closed")
    assert f"luck={luck}" not in t.public_text()
    assert await t.bot.service.pending_outbox() == []


async def test_held_notes_are_kept_in_the_database_for_whichever_process_answers_next(
    table: Table,
) -> None:
    t = table
    for player in (t.alice, t.bob):
        t.env.inject_error(
            "POST",
            f"/channels/{player.user.dm_channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )
    await t.alice.slash(t.channel, "campaign create", game="mini")
    await t.alice.slash(t.channel, "campaign join", seat="red")
    await t.bob.slash(t.channel, "campaign join", seat="blue")
    await t.alice.slash(t.channel, "campaign start")
    luck = (await t.bot.service.state_at(1, 0)).luck["blue"]  # type: ignore[attr-defined]
    # Bob's next command is answered by a courier with nothing in memory (another process,
    # or this one restarted): his refused note comes from the database.
    t.bot.courier = OutboxCourier(t.bot)
    status = await t.bob.slash(t.channel, "campaign status")
    held = [f for f in status.followups if f.embeds]
    assert held and all(f.ephemeral for f in held)
    assert f"luck={luck}" in str(held[0].embeds[0].to_dict())
    assert await t.bot.service.delivery.held_notes(str(t.bob.user.id)) == []


async def test_an_unexpected_error_is_logged_and_answered_with_an_apology(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    await open_mini_campaign(t)

    async def broken(campaign_id: int) -> dict[str, object]:
        raise RuntimeError("the board is on fire")

    ops = t.guild.create_text_channel("courier-ops")
    t.bot.ops_channel_id = ops.id
    monkeypatch.setattr(t.bot.service.play, "public_view", broken)
    with caplog.at_level(logging.ERROR, logger="bot.discord"):
        answer = await t.spectator.slash(t.channel, "map")
    assert answer.ephemeral
    apology = text_of(answer)
    trace = re.fullmatch(
        r"Sorry, something went wrong on our side \(reference (\w{8})\)\..*", apology
    )
    assert trace is not None, apology
    assert "on fire" not in t.public_text()
    logged = caplog.records[-1]
    assert "command='map'" in logged.getMessage() and logged.exc_info is not None
    assert trace[1] in logged.getMessage()
    # The operators' channel names the same reference, the command and where it broke.
    [told] = ops.history(viewer=t.moderator)
    assert trace[1] in told.content and "map" in told.content
    assert "RuntimeError" in told.content and "on fire" not in told.content
    (seen,) = t.env.errors_since(t.errors_checked)
    assert "on fire" in str(seen.__cause__ or seen)
    t.errors_checked = t.env.error_cursor


async def test_play_takes_a_number_directly_and_checks_its_range(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    (bid,) = await t.alice.autocomplete(t.channel, "play", "order", "bid")
    too_high = await t.alice.slash(t.channel, "play", order=bid["value"], number=11)
    assert text_of(too_high) == "amount must be a whole number from 1 to 10."
    accepted = await t.alice.slash(t.channel, "play", order=bid["value"], number=4)
    assert "Order accepted: bid 1–10 4" in text_of(accepted)
    state = await t.bot.service.state_at(campaign_id, 1)
    assert state.high_bid == 4  # type: ignore[attr-defined]


async def test_status_shows_each_pending_deadline_as_a_discord_timestamp(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    deadlines = await t.bot.service.waiting(campaign_id)
    assert [seat.seat for seat in deadlines] == ["red"]
    status = text_of(await t.carol.slash(t.channel, "campaign status"))
    assert f"Waiting for red: deadline <t:{deadlines[0].due_unix}:R>" in status
