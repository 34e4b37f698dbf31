"""The base of confirmation views that only the moderator who asked may press."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.errors import Refusal, handle_interaction_error

CONFIRMATION_SECONDS = 300


class AskerOnlyView(discord.ui.View):
    """A view whose buttons answer only the member who opened it; others get a sentence."""

    def __init__(self, asker_id: int) -> None:
        super().__init__(timeout=CONFIRMATION_SECONDS)
        self.moderator_id = asker_id

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.moderator_id:
            await handle_interaction_error(interaction, Refusal("discord.error.not_yours"))
            return False
        return True
