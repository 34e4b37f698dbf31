"""Who may do what: which campaign a command is about, moderators, creators and holders."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.discord.errors import Refusal

if TYPE_CHECKING:
    from bot.discord.client import CourierBot


async def campaign_in_scope(
    bot: CourierBot, interaction: discord.Interaction[Any], campaign_id: int | None
) -> Any:
    """The campaign named by the option, else the one bound to this channel, else the game
    space's campaign whose locked actions thread was opened beside this thread or in this
    channel (players cannot type commands in a locked thread: they type them in the
    table-talk thread or the channel).

    A campaign of another server is treated as unknown: its existence is nobody's business here.
    """
    if campaign_id is not None:
        campaign = await bot.service.lobby.get_campaign(campaign_id)
        if campaign.guild_id is not None and campaign.guild_id != interaction.guild_id:
            raise Refusal("discord.error.unknown_campaign", campaign=campaign_id)
        return campaign
    if interaction.channel_id is not None:
        bound = await bot.service.lobby.campaign_for_channel(interaction.channel_id)
        if bound is not None:
            return bound
        beside = await _game_space_beside(bot, interaction)
        if beside is not None:
            return beside
    raise Refusal("discord.error.no_campaign_here")


async def _game_space_beside(bot: CourierBot, interaction: discord.Interaction[Any]) -> Any:
    """The one unfinished campaign played in a locked thread of this channel, or of this
    thread's channel; None when there is none, or several (then the option must say)."""
    here = interaction.channel
    home = here.parent_id if isinstance(here, discord.Thread) else interaction.channel_id
    found = []
    for campaign in await bot.service.lobby.list_campaigns(interaction.guild_id):
        if campaign.status == "finished" or campaign.channel_id is None:
            continue
        thread = bot.get_channel(campaign.channel_id)
        if isinstance(thread, discord.Thread) and thread.locked and thread.parent_id == home:
            found.append(campaign)
    return found[0] if len(found) == 1 else None


def is_moderator(bot: CourierBot, interaction: discord.Interaction[Any]) -> bool:
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    role = bot.moderator_role
    return bool(role) and any(r.name == role for r in member.roles)


def require_moderator(bot: CourierBot, interaction: discord.Interaction[Any]) -> None:
    if not is_moderator(bot, interaction):
        raise Refusal("discord.error.moderators_only")


def require_creator_or_moderator(
    bot: CourierBot, interaction: discord.Interaction[Any], campaign: Any
) -> None:
    if str(interaction.user.id) != str(campaign.creator) and not is_moderator(bot, interaction):
        raise Refusal("discord.error.creator_or_moderator")
