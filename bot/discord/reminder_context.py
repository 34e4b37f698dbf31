"""A reminder read anywhere (a DM, another server's channel) names its campaign, its game
and its server, and links to the prompt message that waits for the answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.services.outbox import OutboxMessage, ScheduleNotice

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

REMINDER = "schedule.notice.reminder"


async def with_reminder_context(bot: CourierBot, message: OutboxMessage) -> OutboxMessage:
    """A reminder with its campaign, game, server and prompt link; anything else unchanged."""
    if not isinstance(message, ScheduleNotice) or message.key != REMINDER:
        return message
    if message.campaign_id is None:
        return message
    campaign = await bot.service.lobby.get_campaign(message.campaign_id)
    guild = bot.get_guild(campaign.guild_id) if campaign.guild_id else None
    params = {
        **message.params,
        "campaign": campaign.id,
        "game": f"game.{campaign.ruleset}",
        "server": guild.name if guild else "-",
    }
    link = await prompt_link(
        bot, campaign.id, campaign.guild_id, str(params.get("user_id", "")), campaign.channel_id
    )
    key = "discord.notice.reminder" if link else "discord.notice.reminder_unlinked"
    return message.model_copy(update={"key": key, "params": params | {"link": link or ""}})


async def prompt_link(
    bot: CourierBot,
    campaign_id: int,
    guild_id: int | None,
    user_id: str,
    channel_id: int | None = None,
) -> str | None:
    """The jump URL of the newest open prompt message that pings `user_id` (else the
    campaign's newest open prompt message), None when none is up. A private prompt sent by
    DM (not in the campaign's `channel_id`) is linked in the DMs."""
    posts = await bot.service.delivery.prompt_posts(campaign_id, open_only=True)
    if not posts:
        return None
    mention = f"<@{user_id}>"
    theirs = [post for post in posts if user_id and mention in post.content]
    post = max(theirs or posts, key=lambda row: row.id)
    in_channel = channel_id is None or post.channel_id == str(channel_id)
    where = guild_id if guild_id is not None and in_channel else "@me"
    return f"https://discord.com/channels/{where}/{post.channel_id}/{post.message_id}"
