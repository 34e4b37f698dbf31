"""The "Take back" button on an order's private confirmation.

Its custom id carries the campaign and the step the order made
(`courier:back:<campaign>:<seq>`), so a click works after a restart and takes back only that
order: once anything happened after it, the service refuses with the reason. Buttons posted
before the prefix was `courier:back:` carry `courier:t:` (the number modal's text fields
have that prefix) and still work: a campaign lasts months.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.buttons import PersistentButton
from bot.discord.language import tr, user_language

if TYPE_CHECKING:
    from bot.discord.client import CourierBot


def takeback_id(campaign_id: int, seq: int) -> str:
    return f"courier:back:{campaign_id}:{seq}"


async def take_back(
    interaction: discord.Interaction[Any], campaign_id: int, seq: int | None
) -> None:
    """Take back the user's own last order (the one of step `seq`, when given) and say so."""
    bot = cast("CourierBot", interaction.client)
    report = await bot.service.moderation.take_back(campaign_id, str(interaction.user.id), seq=seq)
    text = tr("discord.takeback.done", user_language(interaction), seq=report.seq)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
    await bot.courier.hand_over_held(interaction)


class TakeBackButton(
    PersistentButton, template=r"courier:(?:back|t):(?P<campaign>\d+):(?P<seq>\d+)"
):
    def __init__(self, campaign_id: int, seq: int, label: str = "Take back") -> None:
        super().__init__(takeback_id(campaign_id, seq), label)
        self.campaign_id, self.seq = campaign_id, seq

    @classmethod
    def from_match(cls, match: re.Match[str], label: str) -> TakeBackButton:
        return cls(int(match["campaign"]), int(match["seq"]))

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        await take_back(interaction, self.campaign_id, self.seq)


def takeback_view(campaign_id: int, seq: int, language: str) -> discord.ui.View:
    """The confirmation's one button."""
    view = discord.ui.View(timeout=None)
    view.add_item(TakeBackButton(campaign_id, seq, tr("discord.takeback.button", language)))
    return view
