"""Private talk (issue 22): /campaign talk with: @a @b opens a private thread between
players of the campaign, listed in /campaign talks; Courier keeps only the thread, its
members and when it opened."""

from __future__ import annotations

import discord
import simcord

from bot.services.talks import TALK_ACT
from tests.discord.conftest import Table, open_mini_campaign, text_of


def _thread(t: Table, thread_id: int) -> simcord.ChannelHandle:
    [found] = [handle for handle in t.channel.threads if handle.id == thread_id]
    return found


async def test_two_players_talk_in_a_private_thread(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    public_before = len(t.public_messages())
    opened = await t.alice.slash(t.channel, "campaign talk", **{"with": t.bob.mention})
    assert opened.ephemeral and "private talk is open" in text_of(opened)
    [talk] = await t.bot.service.talks.list_talks(campaign_id, str(t.alice.id))
    assert talk.members == [str(t.alice.id), str(t.bob.id)]
    thread = _thread(t, int(talk.thread_id))
    stored = t.env.backend.channels[thread.id]
    assert stored.type == 12  # a private thread
    assert set(stored.thread_members) >= {t.alice.id, t.bob.id}
    assert t.carol.id not in stored.thread_members and t.spectator.id not in stored.thread_members
    welcome = thread.history(viewer=t.bob)
    assert "does not read" in welcome[0].content
    # The channel stays quiet: at most Discord's own one-line notice of a new thread.
    new = t.public_messages()[public_before:]
    assert all(message.type is discord.MessageType.thread_created for message in new)

    # Listed for its members; not for another player; every talk for a moderator.
    listed = await t.bob.slash(t.channel, "campaign talks")
    assert f"<#{talk.thread_id}>" in text_of(listed) and t.alice.mention in text_of(listed)
    assert f"<#{talk.thread_id}>" in text_of(await t.moderator.slash(t.channel, "campaign talks"))
    outsider = await t.spectator.slash(t.channel, "campaign talks")
    assert f"<#{talk.thread_id}>" not in text_of(outsider) and "no private talk" in text_of(
        outsider
    )

    # Only the thread, its members and the time are kept: no content.
    [record] = [
        e for e in await t.bot.service.moderation.audit_log(campaign_id) if e.act == TALK_ACT
    ]
    assert set(record.detail) == {"thread_id", "members"}


async def test_only_players_talk_and_each_refusal_is_a_sentence(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    stranger = await t.alice.slash(t.channel, "campaign talk", **{"with": t.carol.mention})
    assert stranger.ephemeral and "does not play in this campaign" in text_of(stranger)
    outsider = await t.spectator.slash(t.channel, "campaign talk", **{"with": t.bob.mention})
    assert "Only the players" in text_of(outsider)
    nobody = await t.alice.slash(t.channel, "campaign talk", **{"with": "bob please"})
    assert "Name the players" in text_of(nobody)
    alone = await t.alice.slash(t.channel, "campaign talk", **{"with": t.alice.mention})
    assert "Name the players" in text_of(alone)
    assert await t.bot.service.talks.list_talks(campaign_id, "1", every=True) == []
    assert t.channel.threads == []


async def test_a_french_player_opens_a_talk_in_french(table: Table) -> None:
    t = table
    t.locales[t.alice.id] = "fr"
    await open_mini_campaign(t, language="fr")
    opened = await t.alice.slash(t.channel, "campaign talk", **{"with": t.bob.mention})
    assert "Votre discussion privée est ouverte" in text_of(opened)
    refused = await t.alice.slash(t.channel, "campaign talk", **{"with": t.carol.mention})
    assert "ne joue pas dans cette campagne" in text_of(refused)
    listed = await t.alice.slash(t.channel, "campaign talks")
    assert "avec" in text_of(listed)
