"""Table votes through Discord (issue 22): /campaign propose, /campaign vote and
/campaign votes; the vote and its result are announced in the channel (without pings) and
Courier carries out what passes."""

from __future__ import annotations

import pytest

from tests.discord.conftest import Table, open_mini_campaign, text_of
from tests.discord.test_french import mini_catalogues  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("mini_catalogues")


def _pings_after(t: Table, seen: set[int]) -> int:
    """The pings of the public messages posted since `seen` (the ids known before)."""
    return sum(
        len(t.env.backend.get_message(m.channel.id, m.id).ping_user_ids)
        for m in t.public_messages()
        if m.id not in seen
    )


async def test_the_table_agrees_to_end_the_game(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await t.bot.courier.deliver_pending()
    seen = {message.id for message in t.public_messages()}
    proposed = await t.alice.slash(t.channel, "campaign propose", what="agreement")
    assert proposed.ephemeral and "vote 1" in text_of(proposed)
    told = t.public_text()
    assert "proposes to end the game now, by agreement" in told
    assert t.alice.mention in told and t.bob.mention in told
    listed = await t.spectator.slash(t.channel, "campaign votes")
    assert "Vote 1 (end by agreement), open until <t:" in text_of(listed)
    assert "1 for, 0 against, 1 not cast" in text_of(listed)

    await t.bot.courier.deliver_pending()
    [asked] = [
        m.content for m in t.bob.user.dm_channel.history() if "Your vote is asked" in m.content
    ]
    assert f"{t.alice.mention} opened vote 1" in asked
    assert not [m for m in t.alice.user.dm_channel.history() if "Your vote is asked" in m.content]
    refused = await t.spectator.slash(t.channel, "campaign vote", number=1, ballot="yes")
    assert "not among the voters" in text_of(refused)
    cast = await t.bob.slash(t.channel, "campaign vote", number=1, ballot="yes")
    assert "Your yes in vote 1 is counted" in text_of(cast)
    await t.bot.courier.deliver_pending()
    assert "Vote 1 passed (2 for, 0 against): the game ends by agreement." in t.public_text()
    assert (await t.bot.service.get_campaign(campaign_id)).status == "finished"
    assert _pings_after(t, seen) == 0  # announced, nobody pinged
    closed = await t.alice.slash(t.channel, "campaign votes")
    assert "Vote 1 (end by agreement): passed, 2 for and 0 against." in text_of(closed)


async def test_a_replacement_vote_opens_the_seat_in_french(table: Table) -> None:
    t = table
    t.locales[t.alice.id] = "fr"
    await t.alice.slash(t.channel, "campaign create", game="mini", language="fr")
    campaign = await t.bot.service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    for player, seat in ((t.alice, "red"), (t.bob, "blue"), (t.carol, "green")):
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    proposed = await t.alice.slash(t.channel, "campaign propose", what="replace", seat="green")
    assert "Votre proposition est ouverte comme vote 1" in text_of(proposed)
    assert "propose de remplacer le joueur silencieux de" in t.public_text()
    refused = await t.alice.slash(t.channel, "campaign propose", what="agreement")
    assert "déjà un vote ouvert" in text_of(refused)
    await t.bob.slash(t.channel, "campaign vote", number=1, ballot="yes")
    await t.bot.courier.deliver_pending()
    assert "Le vote 1 est adopté (2 pour, 0 contre)" in t.public_text()
    assert await t.bot.service.schedule.open_seats(campaign.id) == ["green"]
