"""A game's own space (issue 22): /campaign create space:threads opens an actions thread
where Courier posts the campaign and a table-talk thread beside it; a single channel stays
the default."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

from tests.discord.conftest import Table, text_of
from tests.discord.test_french import mini_catalogues  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("mini_catalogues")


async def test_a_campaign_gets_an_actions_thread_and_a_talk_thread(table: Table) -> None:
    t = table
    created = await t.alice.slash(t.channel, "campaign create", game="mini", space="threads")
    assert created.ephemeral and "is open in" in text_of(created)
    names = sorted(thread.name or "" for thread in t.channel.threads)
    assert names == ["Miniature: actions", "Miniature: table talk"]
    actions = next(th for th in t.channel.threads if th.name == "Miniature: actions")
    talk = next(th for th in t.channel.threads if th.name == "Miniature: table talk")
    campaign = await t.bot.service.campaign_for_channel(actions.id)
    assert campaign is not None and campaign.channel_id == actions.id
    assert await t.bot.service.campaign_for_channel(talk.id) is None
    [opened] = [m.content for m in actions.history() if "is open" in m.content]
    assert f"talk about it in {talk.mention}" in opened
    welcome = talk.history()[-1].content
    assert f"Campaign {campaign.id}" in welcome or f"campaign {campaign.id}" in welcome
    assert actions.mention in welcome
    for thread in (actions, talk):
        settings = t.env.backend.channels[thread.id].thread_metadata
        assert settings is not None and settings.auto_archive_duration == 10080

    # The game is played in the actions thread: its prompts go there, not to the channel.
    await t.alice.slash(actions, "campaign join", seat="red")
    await t.bob.slash(actions, "campaign join", seat="blue")
    await t.alice.slash(actions, "campaign start")
    await t.bot.courier.deliver_pending()
    assert any(message.components for message in actions.history())
    assert not any(message.components for message in t.public_messages())


async def test_a_single_channel_stays_the_default(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini")
    assert t.channel.threads == []
    assert await t.bot.service.campaign_for_channel(t.channel.id) is not None


async def test_the_thread_set_in_french(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini", space="threads", language="fr")
    names = sorted(thread.name or "" for thread in t.channel.threads)
    assert names == ["Miniature : actions", "Miniature : discussions"]
    talk = next(th for th in t.channel.threads if th.name == "Miniature : discussions")
    assert "Discussions de la table pour la campagne" in talk.history()[-1].content


def _may_post(t: Table, member: simcord.MemberActor, thread: Any) -> bool:
    """Whether Discord lets `member` post in `thread`: they need Send Messages in Threads,
    and in a locked thread Manage Threads as well, which a locked thread also asks for
    slash commands (SimCord keeps a thread's lock but leaves this rule to the caller, so it
    is written out here)."""
    backend = t.env.backend
    granted = discord.Permissions(backend.compute_permissions(t.guild.id, member.id, thread.id))
    locked = backend.channels[thread.id].thread_metadata.locked
    return granted.send_messages_in_threads and (not locked or granted.manage_threads)


async def test_players_cannot_post_in_the_actions_thread_but_courier_does(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini", space="threads")
    actions = next(th for th in t.channel.threads if th.name == "Miniature: actions")
    talk = next(th for th in t.channel.threads if th.name == "Miniature: table talk")
    assert t.env.backend.channels[actions.id].thread_metadata.locked
    assert not t.env.backend.channels[talk.id].thread_metadata.locked
    for player in (t.alice, t.bob, t.spectator):
        assert not _may_post(t, player, actions)  # talk belongs in the talk thread
        assert _may_post(t, player, talk)
    # Players type their commands in the talk thread (or the channel) instead, and press
    # the buttons of the prompts Courier posts in the actions thread.
    joined = await t.alice.slash(talk, "campaign join", seat="red")
    assert "takes the seat" in text_of(joined)
    await t.bob.slash(t.channel, "campaign join", seat="blue")
    await t.alice.slash(talk, "campaign start")
    await t.bot.courier.deliver_pending()
    [prompt] = [m for m in actions.history() if m.components and t.alice.mention in m.content]
    answered = await t.alice.click(prompt, label="pass")
    assert "Order accepted" in text_of(answered)
    await t.bot.courier.deliver_pending()
    assert any(m.components and t.bob.mention in m.content for m in actions.history())
    assert not any(m.components for m in talk.history())  # the talk stays talk
    status = await t.spectator.slash(talk, "campaign status")
    assert "Miniature" in text_of(status)


async def test_commands_beside_two_game_spaces_ask_which_campaign(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini", space="threads")
    await t.alice.slash(t.channel, "campaign create", game="mini", space="threads")
    talk = next(th for th in t.channel.threads if th.name == "Miniature: table talk")
    told = await t.bob.slash(talk, "campaign join", seat="blue")
    assert "give the campaign number" in text_of(told)
    assert "takes the seat" not in t.public_text()


async def test_a_bot_that_may_not_manage_threads_is_told_before_the_space_opens(
    table: Table,
) -> None:
    t = table
    me = t.guild.me
    assert me is not None
    home = t.bot.get_channel(t.channel.id)
    assert isinstance(home, discord.TextChannel)
    await home.set_permissions(me, overwrite=discord.PermissionOverwrite(manage_threads=False))
    told = text_of(await t.alice.slash(t.channel, "campaign create", game="mini", space="threads"))
    assert "Manage Threads" in told
    assert t.channel.threads == []
    # A campaign in the channel itself needs no such thing.
    await t.alice.slash(t.channel, "campaign create", game="mini")
    assert await t.bot.service.campaign_for_channel(t.channel.id) is not None
