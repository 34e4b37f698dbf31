"""A long command's progress, shown by editing its deferred reply.

The services report `(done, total)` through a plain callback (`bot.services.offload`),
on the event loop's thread and at most about once a second; this turns each report into an
edit of the interaction's "thinking…" reply, one edit at a time (a report that arrives
while an edit is on its way replaces any older one still waiting), so that a moderator
importing a long campaign sees it move instead of a frozen spinner.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.i18n import translate

log = logging.getLogger("bot.discord.progress")


class ProgressReply:
    """Call it with `(done, total)`; `await finish()` before answering for good."""

    def __init__(self, interaction: discord.Interaction[Any], key: str, language: str) -> None:
        self._interaction = interaction
        self._key = key
        self._language = language
        self._waiting: tuple[int, int] | None = None
        self._editing: asyncio.Task[None] | None = None

    def __call__(self, done: int, total: int) -> None:
        self._waiting = (done, total)
        if self._editing is None:
            self._editing = asyncio.create_task(self._edit_while_waiting())

    async def _edit_while_waiting(self) -> None:
        try:
            while self._waiting is not None:
                done, total = self._waiting
                self._waiting = None
                text = translate(self._key, self._language, done=done, total=total)
                try:
                    await self._interaction.edit_original_response(content=text)
                except discord.HTTPException:
                    # Progress is a courtesy: the work goes on, and its answer follows.
                    log.warning("could not show progress (%s of %s)", done, total, exc_info=True)
        finally:
            self._editing = None

    async def finish(self) -> None:
        """Let the last report's edit land, so that it cannot arrive after the answer."""
        if self._editing is not None:
            await asyncio.shield(self._editing)
