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
    """The campaign named by the option, else the one bound to this channel.

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
    raise Refusal("discord.error.no_campaign_here")


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
