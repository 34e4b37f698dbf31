"""Localised command names and descriptions, from the `discord.cmd.*` catalogue keys.

A command `campaign create` reads `discord.cmd.campaign.create.name` and `.description`; its
option `game` reads `discord.cmd.campaign.create.game.name` and `.description`, else the shared
`discord.option.game.*` (options such as `campaign` or `reason` mean the same in every command);
a fixed choice reads `discord.choice.<value>`. English is the default text written in the code.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue


def catalogue_keys(context: Any) -> list[str]:
    """The catalogue keys for one translated string, the most specific first."""
    location, data = context.location, context.data
    if location in (Where.parameter_name, Where.parameter_description):
        suffix = "name" if location is Where.parameter_name else "description"
        command = data.command.qualified_name.replace(" ", ".")
        return [
            f"discord.cmd.{command}.{data.name}.{suffix}",
            f"discord.option.{data.name}.{suffix}",
        ]
    key = catalogue_key(context)
    return [key] if key else []


def catalogue_key(context: Any) -> str | None:
    location, data = context.location, context.data
    if location in (Where.command_name, Where.group_name):
        return f"discord.cmd.{data.qualified_name.replace(' ', '.')}.name"
    if location in (Where.command_description, Where.group_description):
        return f"discord.cmd.{data.qualified_name.replace(' ', '.')}.description"
    if location in (Where.parameter_name, Where.parameter_description):
        suffix = "name" if location is Where.parameter_name else "description"
        command = data.command.qualified_name.replace(" ", ".")
        return f"discord.cmd.{command}.{data.name}.{suffix}"
    if location is Where.choice_name:
        return f"discord.choice.{data.value}"
    return None


class CourierTranslator(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: Any
    ) -> str | None:
        language = locale.value.split("-")[0]
        if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
            return None
        texts = catalogue(language)
        return next((texts[key] for key in catalogue_keys(context) if key in texts), None)
