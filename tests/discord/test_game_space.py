"""A game's own space (issue 22): /campaign create space:threads opens an actions thread
where Courier posts the campaign and a table-talk thread beside it; a single channel stays
the default."""

from __future__ import annotations

import pytest

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
