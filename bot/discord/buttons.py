"""The base of Courier's persistent buttons: a button whose custom id carries all its click
needs, rebuilt from that id after a restart, answering any error as a sentence."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.discord.errors import handle_interaction_error

# The base itself matches no custom id: only its subclasses are registered.
_NO_ID = r"(?!)"


class PersistentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_NO_ID):
    """Subclasses give their `template`, rebuild themselves from its match (`from_match`)
    and answer a click (`clicked`)."""

    def __init__(
        self,
        custom_id: str,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))

    @classmethod
    def from_match(cls, match: re.Match[str], label: str) -> Self:
        """The button a custom id of `cls.template` names (`label`: the one clicked)."""
        raise NotImplementedError

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.from_match(match, getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.clicked(interaction)
        except Exception as error:
            await handle_interaction_error(interaction, error)
