"""/help: Courier's commands by role (players, creators, moderators), in the user's
language, read from the command tree itself so the list never falls behind the commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.client import CourierBot
from bot.discord.language import tr, user_language
from bot.i18n import catalogue

ROLES = ("player", "creator", "moderator")
# Commands only moderators may use, by name or by group; the creator's are those that set a
# campaign up. Every other command is the players'.
MODERATOR_COMMANDS = ("admin", "campaign open-seat")
CREATOR_COMMANDS = ("campaign create", "campaign start", "campaign start-short-handed")
EMBED_LIMIT = 4000  # under Discord's 4096 characters of an embed's description


def role_of(qualified_name: str) -> str:
    for name in MODERATOR_COMMANDS:
        if qualified_name == name or qualified_name.startswith(f"{name} "):
            return "moderator"
    return "creator" if qualified_name in CREATOR_COMMANDS else "player"


def command_line(command: app_commands.Command[Any, Any, Any], language: str) -> str:
    """'/campaign join: Take a seat in the campaign', named and described in `language`."""
    names = catalogue(language)

    def local(qualified: str, plain: str) -> str:
        return names.get(f"discord.cmd.{qualified.replace(' ', '.')}.name", plain)

    shown = local(command.qualified_name, command.name)
    if command.parent is not None:
        shown = f"{local(command.parent.qualified_name, command.parent.name)} {shown}"
    key = f"discord.cmd.{command.qualified_name.replace(' ', '.')}.description"
    description = names.get(key, command.description)
    return tr("discord.help.line", language, command=f"/{shown}", description=description)


def help_embeds(bot: CourierBot, language: str) -> list[discord.Embed]:
    lines: dict[str, list[str]] = {role: [] for role in ROLES}
    for command in bot.tree.walk_commands():
        if isinstance(command, app_commands.Command):
            lines[role_of(command.qualified_name)].append(command_line(command, language))
    return [
        discord.Embed(
            title=tr(f"discord.help.{role}", language),
            description="\n".join(sorted(lines[role]))[:EMBED_LIMIT],
        )
        for role in ROLES
        if lines[role]
    ]


class Help(commands.Cog):
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="Courier's commands, by role")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        language = user_language(interaction)
        await interaction.response.send_message(
            tr("discord.help.intro", language),
            embeds=help_embeds(self.bot, language),
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Help(bot))
