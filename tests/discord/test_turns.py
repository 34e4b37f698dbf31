"""My turns everywhere (issue 22): /turns lists what awaits the user in every campaign and
server they play in, with deadlines as Discord timestamps and jump links to the prompt
messages; a DM to the bot gets the same list."""

from __future__ import annotations

import discord
import pytest

from tests.discord.conftest import Table, open_mini_campaign, text_of
from tests.discord.test_french import mini_catalogues  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("mini_catalogues")


async def _second_server_campaign(t: Table) -> tuple[int, discord.Message]:
    """alice and bob play a mini game on another server too; alice must bid there."""
    other = t.env.create_guild("Another table")
    channel = other.create_text_channel("games")
    alice = other.add_member(t.alice.user)
    bob = other.add_member(t.bob.user)
    await alice.slash(channel, "campaign create", game="mini")
    await alice.slash(channel, "campaign join", seat="red")
    await bob.slash(channel, "campaign join", seat="blue")
    await alice.slash(channel, "campaign start")
    campaign = await t.bot.service.campaign_for_channel(channel.id)
    assert campaign is not None
    prompt = [m for m in channel.history(viewer=alice) if m.components][-1]
    return campaign.id, prompt


def _link(message: discord.Message, guild_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{message.channel.id}/{message.id}"


async def test_turns_lists_every_server_with_deadlines_and_links(table: Table) -> None:
    t = table
    here = await open_mini_campaign(t)
    there, there_prompt = await _second_server_campaign(t)
    listed = await t.alice.slash(t.channel, "turns")
    assert listed.ephemeral
    text = text_of(listed)
    assert "What awaits you (2)" in text
    assert f"Campaign {here} (Miniature), Red: Bid for the treasure or pass." in text
    assert f"Campaign {there}" in text
    assert _link(t.last_prompt_for(t.alice), t.guild.id) in text
    assert _link(there_prompt, there_prompt.guild.id) in text  # type: ignore[union-attr]
    for campaign_id in (here, there):
        [deadline] = await t.bot.service.store.deadlines(campaign_id)
        assert f"<t:{int(deadline.due_at.timestamp())}:R>" in text

    # bob waits for nobody here yet; after alice bids, his turn is listed, hers no longer.
    assert "Nothing awaits you" in text_of(await t.bob.slash(t.channel, "turns"))
    shown = await t.alice.click(t.last_prompt_for(t.alice), label="bid 1–10")
    await t.alice.submit_modal(shown, {"courier:n:amount": "2"})
    bobs = text_of(await t.bob.slash(t.channel, "turns"))
    assert f"Campaign {here}" in bobs and _link(t.last_prompt_for(t.bob), t.guild.id) in bobs
    alices = text_of(await t.alice.slash(t.channel, "turns"))
    assert "What awaits you (1)" in alices and f"Campaign {here}," not in alices
    # A spectator plays nowhere.
    assert "Nothing awaits you" in text_of(await t.spectator.slash(t.channel, "turns"))


async def test_a_dm_to_the_bot_answers_with_the_same_list(table: Table) -> None:
    t = table
    here = await open_mini_campaign(t)
    await t.alice.send_dm("what is up?")
    answer = t.alice.user.dm_channel.history()[-1]
    assert answer.author.bot
    assert "What awaits you (1)" in answer.content and f"Campaign {here}" in answer.content
    assert _link(t.last_prompt_for(t.alice), t.guild.id) in answer.content
    by_command = await t.alice.user.slash("turns")
    assert f"Campaign {here}" in text_of(by_command)


async def test_turns_in_french(table: Table) -> None:
    t = table
    t.locales[t.alice.id] = "fr"
    here = await open_mini_campaign(t, language="fr")
    text = text_of(await t.alice.slash(t.channel, "turns"))
    assert "Ce qui vous attend (1)" in text
    assert f"Campagne {here} (Miniature), Rouge : Enchérissez pour le trésor ou passez." in text
    assert "Échéance <t:" in text
    # The DM answer is in the language of the user's campaign.
    await t.alice.send_dm("?")
    answer = t.alice.user.dm_channel.history()[-1]
    assert answer.author.bot
    assert "Ce qui vous attend" in answer.content
