"""What the bot needs in a campaign's channel, checked before a campaign is made or started,
so a missing permission is told in words instead of silently losing posts and maps."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.errors import Refusal

# Posting prompts and reports, drawing maps, embedding reports; threads when asked for one.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history")
NEEDED_IN_THREADS = ("send_messages_in_threads",)
NEEDED_TO_OPEN_THREAD = ("create_public_threads",)
# A locked thread (a game space's actions thread) takes posts only from those who may
# manage threads; locking it takes the same.
NEEDED_IN_LOCKED_THREAD = ("manage_threads",)


def missing_permissions(
    granted: discord.Permissions,
    *,
    in_thread: bool,
    opens_thread: bool,
    locked_thread: bool = False,
) -> list[str]:
    needed = NEEDED + (NEEDED_IN_THREADS if in_thread or opens_thread else ())
    needed += NEEDED_TO_OPEN_THREAD if opens_thread else ()
    needed += NEEDED_IN_LOCKED_THREAD if locked_thread else ()
    return [name for name in needed if not getattr(granted, name)]


def require_channel_permissions(
    interaction: discord.Interaction[Any],
    channel: discord.abc.GuildChannel | discord.Thread | None = None,
    *,
    opens_thread: bool = False,
    locks_thread: bool = False,
) -> None:
    """Refuse, naming each permission the bot lacks in `channel` (default: where the command
    was typed), before anything is created or started (`locks_thread`: the thread to open
    is locked, a game space's actions thread)."""
    if interaction.guild_id is None:
        return  # a direct message: nothing to post in a channel
    if channel is None or interaction.guild is None or interaction.guild.me is None:
        granted = interaction.app_permissions
        channel = interaction.channel  # type: ignore[assignment]
    else:
        granted = channel.permissions_for(interaction.guild.me)
    in_thread = isinstance(channel, discord.Thread)
    locked = locks_thread or (isinstance(channel, discord.Thread) and channel.locked)
    lacking = missing_permissions(
        granted, in_thread=in_thread, opens_thread=opens_thread, locked_thread=locked
    )
    if lacking:
        raise Refusal(
            "discord.error.missing_permissions",
            permissions=[f"permission.{name}" for name in lacking],
        )
