"""An undone step leaves the turn's message (issue 22): after /admin undo or a player's take
back, the seat's prompt message shows the campaign as it is after the undo, without the
report of the undone order, and the same order made again is reported there anew."""

from __future__ import annotations

import discord
import simcord

from tests.discord.conftest import Table, text_of
from tests.discord.test_quiet_channel import STRUGGLE_SEATS, _autopilot_step, _four_players


def _step_titles(message: discord.Message) -> list[str]:
    return [embed.title or "" for embed in message.embeds]


def _shown(t: Table, message_id: int) -> discord.Message:
    """The channel's message as a reader sees it now."""
    return next(message for message in t.public_messages() if message.id == message_id)


async def _struggle_sub_step(t: Table) -> tuple[int, simcord.MemberActor, discord.Message, int]:
    """A Struggle of Empires game up to a seat's turn of several steps: the campaign, the
    player, their turn's message and the step of an order of that turn told in it (no
    dice)."""
    players = await _four_players(t, "struggle", STRUGGLE_SEATS)
    service = t.bot.service
    campaign = await service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    for step in range(200):
        seat = (await service.prompts(campaign.id))[0].seat
        acted = await _autopilot_step(t, campaign.id, players, step)
        now = await service.get_campaign(campaign.id)
        [entry] = (await service.play.history(campaign.id))[-1:]
        if (await service.prompts(campaign.id))[0].seat == acted == seat and not entry.rolls:
            [message] = t.prompts_for(players[seat])
            if f"Campaign {campaign.id}, step {now.seq}" in _step_titles(message):
                return campaign.id, players[seat], message, now.seq
    raise AssertionError("no seat acted twice in a row")


async def test_an_undone_step_leaves_its_turns_message(table: Table) -> None:
    t = table
    campaign_id, player, turn, seq = await _struggle_sub_step(t)
    title = f"Campaign {campaign_id}, step {seq}"
    assert title in _step_titles(_shown(t, turn.id))
    await t.moderator.slash(t.channel, "admin undo", reason="a slip")
    after = _shown(t, turn.id)
    assert title not in _step_titles(after)  # the undone report is gone from the turn
    assert [m.id for m in t.prompts_for(player)] == [turn.id]  # the same message, reopened
    ids = [c.custom_id or "" for row in after.components for c in row.children]  # type: ignore[attr-defined]
    assert ids and all(f":{seq - 1}:" in custom_id for custom_id in ids)

    # Played again and taken back by the player: the same.
    audit = await t.bot.service.moderation.audit_log(campaign_id)
    [removed] = audit[-1].detail["removed"]
    await t.bot.service.submit(campaign_id, str(player.id), removed["action"], seat=removed["seat"])
    await t.bot.courier.deliver_pending()
    assert title in _step_titles(_shown(t, turn.id))
    undone = await player.slash(t.channel, "campaign takeback")
    assert "taken back" in text_of(undone)
    assert title not in _step_titles(_shown(t, turn.id))
