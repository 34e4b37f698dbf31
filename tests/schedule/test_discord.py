"""The /campaign schedule commands through SimCord: thin calls to the services, answered
privately, announced to the table through the outbox."""

from __future__ import annotations

from tests.discord import conftest as discord_fixtures
from tests.discord.conftest import Table, open_mini_campaign, text_of

# The SimCord table of the Discord tests, borrowed: fixtures live where they are used.
database = discord_fixtures.database
simcord_bot = discord_fixtures.simcord_bot
table = discord_fixtures.table


def _dm_text(actor: object) -> str:
    user = actor.user  # type: ignore[attr-defined]
    channel = user.dm_channel
    return "" if channel is None else "\n".join(m.content for m in channel.history())


async def test_waiting_extend_and_pace(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    waiting = await t.bob.slash(t.channel, "campaign waiting")
    assert waiting.ephemeral
    [red] = await t.bot.service.waiting(campaign_id)
    assert f"<t:{red.due_unix}:R>" in text_of(waiting)

    extended = await t.alice.slash(t.channel, "campaign extend", hours=4)
    assert extended.ephemeral
    assert f"<t:{red.due_unix + 4 * 3600}:R>" in text_of(extended)
    assert "4 more hours" in t.public_text()  # announced to the table

    refused = await t.bob.slash(t.channel, "campaign extend", hours=4)
    assert "no deadline to extend" in text_of(refused)

    not_a_moderator = await t.bob.slash(t.channel, "campaign pace", preset="brisk")
    assert not_a_moderator.ephemeral
    assert (await t.bot.service.pace(campaign_id)).hours["turn"] == 48
    shown = await t.moderator.slash(t.channel, "campaign pace", preset="brisk", reason="faster")
    assert "24" in text_of(shown)
    assert (await t.bot.service.pace(campaign_id)).hours["turn"] == 24


async def test_a_substitute_takes_an_open_seat_and_gets_its_view_by_dm(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    await t.bob.slash(t.channel, "campaign remind-me", route="dm")
    refused = await t.bob.slash(t.channel, "campaign open-seat", seat="blue", reason="leaving")
    assert await t.bot.service.open_seats(campaign_id) == []
    assert refused.ephemeral
    await t.moderator.slash(t.channel, "campaign open-seat", seat="blue", reason="bob leaves")
    taken = await t.carol.slash(t.channel, "campaign sub")
    assert taken.ephemeral
    holders = await t.bot.service.holders(campaign_id)
    assert holders["blue"].user_id == str(t.carol.user.id)
    assert "You now play" in _dm_text(t.carol)


async def test_a_short_handed_start_from_discord(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini")
    campaign = await t.bot.service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    await t.alice.slash(t.channel, "campaign join", seat="red")
    refused = await t.bob.slash(t.channel, "campaign start-short-handed", seats="blue")
    assert refused.ephemeral
    assert (await t.bot.service.get_campaign(campaign.id)).status == "lobby"
    started = await t.alice.slash(t.channel, "campaign start-short-handed", seats="blue")
    assert started.ephemeral and "autopilot" in text_of(started)
    assert (await t.bot.service.state_at(campaign.id, 0)).seats == ["red", "blue"]
