"""One campaign per channel at a time, and a finished one stays the channel's (issue 13)."""

from __future__ import annotations

from tests.discord.conftest import Table, open_mini_campaign, text_of


async def test_a_second_campaign_in_a_busy_channel_is_refused_with_the_way_forward(
    table: Table,
) -> None:
    t = table
    first = await open_mini_campaign(t)
    refused = await t.bob.slash(t.channel, "campaign create", game="mini")
    assert refused.ephemeral
    told = text_of(refused)
    assert f"Campaign {first}" in told and "thread" in told and "/admin end" in told
    assert (await t.bot.service.campaign_for_channel(t.channel.id)).id == first  # type: ignore[union-attr]
    # In a thread of its own, the second campaign is welcome.
    await t.bob.slash(t.channel, "campaign create", game="mini", thread=True)
    assert len(await t.bot.service.all_campaigns()) == 2


async def test_a_finished_campaign_stays_the_channels_until_another_is_created(
    table: Table,
) -> None:
    t = table
    first = await open_mini_campaign(t)
    await t.moderator.slash(t.channel, "admin end", reason="the table broke up")
    assert (await t.bot.service.get_campaign(first)).status == "finished"
    status = await t.spectator.slash(t.channel, "campaign status")
    assert f"{first}" in text_of(status) and "No campaign" not in text_of(status)
    history = await t.spectator.slash(t.channel, "history")
    assert history.ephemeral and text_of(history)
    # A new campaign may now be created here, and becomes the channel's.
    await t.bob.slash(t.channel, "campaign create", game="mini")
    current = await t.bot.service.campaign_for_channel(t.channel.id)
    assert current is not None and current.id != first
