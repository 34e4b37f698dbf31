"""A missing permission is told in words when a campaign is made or started (issue 13),
instead of losing the commitment notice, the reports and the maps silently."""

from __future__ import annotations

import discord

from tests.discord.conftest import Table, text_of


async def test_create_names_each_permission_the_bot_lacks_and_creates_nothing(
    table: Table,
) -> None:
    t = table
    me = t.guild.me
    assert me is not None
    closed = t.guild.create_text_channel(
        "no-files",
        overwrites={me: discord.PermissionOverwrite(attach_files=False, embed_links=False)},
    )
    told = text_of(await t.alice.slash(closed, "campaign create", game="mini"))
    assert "Embed Links" in told and "Attach Files" in told and "Send Messages" not in told
    assert await t.bot.service.campaign_for_channel(closed.id) is None
    t.locales[t.bob.id] = "fr"
    told = text_of(await t.bob.slash(closed, "campaign create", game="mini"))
    assert "Joindre des fichiers" in told and "Intégrer des liens" in told


async def test_start_is_refused_when_a_permission_was_taken_away_since(table: Table) -> None:
    t = table
    me = t.guild.me
    assert me is not None
    await t.alice.slash(t.channel, "campaign create", game="mini")
    await t.alice.slash(t.channel, "campaign join", seat="red")
    await t.bob.slash(t.channel, "campaign join", seat="blue")
    campaign = await t.bot.service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    home = t.bot.get_channel(t.channel.id)
    assert isinstance(home, discord.TextChannel)
    await home.set_permissions(
        home.guild.me, overwrite=discord.PermissionOverwrite(attach_files=False)
    )
    told = text_of(await t.alice.slash(t.channel, "campaign start"))
    assert "Attach Files" in told
    assert (await t.bot.service.get_campaign(campaign.id)).status == "lobby"
