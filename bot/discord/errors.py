"""The one error handler: refusals become a short ephemeral sentence, anything unexpected is
logged with its context and answered with a brief apology, never a traceback in a channel."""

from __future__ import annotations

import logging
import secrets
import traceback
from typing import Any

import discord
from discord import app_commands

from bot.discord.language import tr, user_language
from bot.i18n import translate
from bot.services import ServiceError
from rulesets.core import IllegalAction

log = logging.getLogger("bot.discord")


class Refusal(app_commands.AppCommandError):
    """A request the adapter itself refuses (permissions, bad input), as a message key.

    An `AppCommandError`, so that raised from a check it still reaches the tree's handler."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.original if isinstance(error, app_commands.CommandInvokeError) else None
        if inner is None:
            break
        error = inner
    return error


def refusal_text(error: BaseException, language: str) -> str | None:
    """The sentence for an error the user can act on, or None for an unexpected one."""
    error = _unwrap(error)
    if isinstance(error, Refusal | ServiceError | IllegalAction):
        return translate(error.key, language, **error.params)
    if isinstance(error, app_commands.CheckFailure):
        return tr("discord.error.not_allowed", language)
    if isinstance(error, app_commands.TransformerError | app_commands.CommandSignatureMismatch):
        return tr("discord.error.bad_input", language)
    return None


def describe_interaction(interaction: discord.Interaction[Any]) -> str:
    data: dict[str, Any] = dict(interaction.data or {})
    command = interaction.command.qualified_name if interaction.command else data.get("custom_id")
    return (
        f"command={command!r} user={interaction.user.id} guild={interaction.guild_id} "
        f"channel={interaction.channel_id} options={data.get('options') or data.get('values')}"
    )


async def reply_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def handle_interaction_error(
    interaction: discord.Interaction[Any], error: BaseException
) -> None:
    """Answer any failure of a command or a component, in the user's language."""
    language = user_language(interaction)
    text = refusal_text(error, language)
    if text is None:
        trace = secrets.token_hex(4)
        log.error(
            "unexpected error %s in %s",
            trace,
            describe_interaction(interaction),
            exc_info=(type(error), error, error.__traceback__),
        )
        await tell_operators(interaction, _unwrap(error), trace)
        text = tr("discord.error.unexpected", language, trace=trace)
    try:
        await reply_ephemeral(interaction, text)
    except discord.HTTPException:
        log.warning("could not answer %s", describe_interaction(interaction), exc_info=True)


def _where_it_broke(error: BaseException) -> str:
    """The error's type and the innermost line of our own code it came from."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [
        frame for frame in frames if "/bot/" in frame.filename or "/rulesets/" in frame.filename
    ]
    last = (ours or frames)[-1] if frames else None
    place = f" at {last.filename.rsplit('/', 2)[-2:]!s} line {last.lineno}" if last else ""
    return f"{type(error).__name__}{place}"


async def tell_operators(
    interaction: discord.Interaction[Any], error: BaseException, trace: str
) -> None:
    """Post the trace id, the command and the place to the operators' channel, if set.

    Options are left out: a sealed bid typed into /play is nobody else's business."""
    channel_id = getattr(interaction.client, "ops_channel_id", None)
    if channel_id is None:
        return
    data: dict[str, Any] = dict(interaction.data or {})
    command = interaction.command.qualified_name if interaction.command else "component"
    text = (
        f"Unexpected error `{trace}`: {command} in guild {interaction.guild_id}, channel "
        f"{interaction.channel_id} (<#{interaction.channel_id}>), by user {interaction.user.id}: "
        f"{_where_it_broke(error)}"
        + (f", component {str(data['custom_id'])[:100]}" if "custom_id" in data else "")
    )
    try:
        channel = interaction.client.get_channel(
            channel_id
        ) or await interaction.client.fetch_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            await channel.send(text[:2000], allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not tell the operators about %s", trace, exc_info=True)


class CourierTree(app_commands.CommandTree[Any]):
    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await handle_interaction_error(interaction, error)
