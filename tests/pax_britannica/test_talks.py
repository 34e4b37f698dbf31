"""Private negotiation threads in a Pax Britannica campaign (issue 20: "private negotiation
threads between any two or more players on request"): /campaign talk opens a private
thread for the players named, whatever the game; the table does not read it."""

from __future__ import annotations

from tests.discord.conftest import Table, seated_campaign, text_of


async def test_three_pax_players_negotiate_in_a_private_thread(table: Table) -> None:
    t = table
    dave = t.guild.add_member(t.env.create_user("dave"))
    players = {"britain": t.alice, "france": t.bob, "germany": t.carol, "usa": dave}
    campaign_id = await seated_campaign(t, "pax-britannica", players)
    opened = await t.alice.slash(
        t.channel, "campaign talk", **{"with": f"{t.bob.mention} {t.carol.mention}"}
    )
    assert opened.ephemeral and "private talk is open" in text_of(opened)
    [talk] = await t.bot.service.talks.list_talks(campaign_id, str(t.bob.id))
    assert talk.members == [str(t.alice.id), str(t.bob.id), str(t.carol.id)]
    [thread] = [handle for handle in t.channel.threads if handle.id == int(talk.thread_id)]
    stored = t.env.backend.channels[thread.id]
    assert stored.type == 12  # a private thread
    assert {t.alice.id, t.bob.id, t.carol.id} <= set(stored.thread_members)
    assert dave.id not in stored.thread_members and t.spectator.id not in stored.thread_members
    assert await t.bot.service.talks.list_talks(campaign_id, str(dave.id)) == []
