"""Which language a reply is written in: the user's locale for ephemeral replies, the
campaign's language for public posts."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.command_names import localised_commands
from bot.i18n import language_for, translate


def user_language(interaction: discord.Interaction[Any]) -> str:
    return language_for(interaction.locale.value if interaction.locale else None)


def tr(key: str, language: str, **params: Any) -> str:
    """A bot sentence (`discord.*` keys) in `language`, commands named as in that language."""
    return localised_commands(translate(key, language, **params), language)
