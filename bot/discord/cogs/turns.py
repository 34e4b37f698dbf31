"""/turns: what awaits the user in every campaign and server they play in, with deadlines
as Discord timestamps and jump links to the prompt messages; a DM to the bot gets the same
list. Works in DMs and on any server: it only ever shows the user their own decisions."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.client import CourierBot
from bot.discord.language import tr, user_language
from bot.i18n import game_title, localise_value, render
from bot.services.inbox import Awaiting

LIST_LIMIT = 1900  # room under Discord's 2000 characters for the list


def jump_link(item: Awaiting) -> str:
    """A link to the prompt message, or to the campaign's channel when none is posted."""
    if item.message_id and item.message_channel_id:
        guild = item.guild_id if item.guild_id is not None else "@me"
        return f"https://discord.com/channels/{guild}/{item.message_channel_id}/{item.message_id}"
    return f"<#{item.channel_id}>" if item.channel_id else ""


def turns_text(items: list[Awaiting], language: str) -> str:
    """The user's inbox as lines, soonest deadline first."""
    if not items:
        return tr("discord.turns.none", language)
    lines = [tr("discord.turns.header", language, count=len(items))]
    for item in items:
        params = {
            "campaign": item.campaign_id,
            "game": game_title(item.ruleset, language),
            "seat": str(localise_value(item.seat, language)),
            "text": render(item.text, language),
            "link": jump_link(item),
        }
        if item.due_at is None:
            line = tr("discord.turns.line_open", language, **params)
        else:
            line = tr(
                "discord.turns.line", language, due_unix=int(item.due_at.timestamp()), **params
            )
        if sum(len(text) + 1 for text in lines) + len(line) > LIST_LIMIT:
            lines.append(tr("discord.turns.more", language, count=len(items) - len(lines) + 1))
            break
        lines.append(line)
    return "\n".join(lines)


class Turns(commands.Cog):
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    @app_commands.command(name="turns", description="What awaits you in every campaign")
    async def turns(self, interaction: discord.Interaction[Any]) -> None:
        items = await self.bot.service.inbox.awaiting(str(interaction.user.id))
        text = turns_text(items, user_language(interaction))
        await interaction.response.send_message(text, ephemeral=True)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """A DM to the bot, whatever it says, is answered with the sender's inbox."""
        if message.guild is not None or message.author.bot:
            return
        if not isinstance(message.channel, discord.DMChannel):
            return
        items = await self.bot.service.inbox.awaiting(str(message.author.id))
        language = await self.bot.campaign_language(items[0].campaign_id) if items else None
        await message.channel.send(turns_text(items, language or self.bot.default_language))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Turns(bot))
