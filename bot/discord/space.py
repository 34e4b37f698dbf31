"""A game's own space: an actions thread where Courier posts the campaign (prompts, reports,
maps) and a table-talk thread beside it where the players talk, both opened in the channel
where the campaign is created. They keep the channel's permissions (Discord threads take
their parent's), so the actions thread is locked: only Courier and whoever may manage
threads (the server's moderators) post there. Players press its buttons, and type their
commands and talk in the talk thread or the channel (a locked thread takes no commands from
them either; `campaign_in_scope` finds the campaign from there). Courier checks first that
it may open, lock and post in threads, and keeps them from archiving for a week of silence."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import discord

from bot.discord.errors import Refusal
from bot.discord.language import tr

SPACES = ("channel", "threads")
WEEK_MINUTES: Literal[10080] = 10080  # the longest silence Discord allows before archiving
THREAD_NAME_LIMIT = 100


@dataclass(frozen=True)
class ThreadSet:
    actions: discord.Thread
    talk: discord.Thread


async def open_thread_set(here: object, game: str, language: str) -> ThreadSet:
    """The actions and table-talk threads of a new campaign of `game` (its title)."""
    if not isinstance(here, discord.TextChannel):
        raise Refusal("discord.error.thread_needs_text_channel")
    threads = []
    for part in ("actions", "talk"):
        name = tr(f"discord.space.{part}_name", language, game=game)[:THREAD_NAME_LIMIT]
        threads.append(
            await here.create_thread(
                name=name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=WEEK_MINUTES,
            )
        )
    actions = await threads[0].edit(locked=True)
    return ThreadSet(actions=actions, talk=threads[1])
