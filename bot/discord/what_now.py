"""The "What now?" button on every prompt: a private sentence on what the decision is about.

Each game's prompt kinds have their own explanation in the catalogues
(`help.prompt.<game>.<kind>`); a kind without one gets the generic sentence. The custom id
(`courier:w:<campaign>:<seq>:<seat>:<prompt>`) names the prompt like the choice buttons do,
so the answer is about the prompt the reader pressed it on; anyone may press it, since it
only explains what the public prompt already shows.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.buttons import PersistentButton
from bot.discord.choices import PromptSlot, button_label, find_prompt
from bot.discord.errors import Refusal
from bot.discord.language import tr, user_language
from bot.i18n import catalogue, localise_value, render
from rulesets.core import Prompt

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

_SEAT = r"[A-Za-z0-9_\-]{1,40}"
CHOICES_SHOWN = 8


def what_now_id(slot: PromptSlot) -> str:
    return f"courier:w:{slot.campaign_id}:{slot.seq}:{slot.seat}:{slot.number}"


def explanation(ruleset: str, prompt: Prompt, language: str) -> str:
    """The sentence for the prompt's kind in this game, else the generic one."""
    key = f"help.prompt.{ruleset}.{prompt.kind}"
    if key in catalogue("en"):
        return tr(key, language)
    return tr("help.prompt.generic", language)


def what_now_text(ruleset: str, prompt: Prompt, language: str) -> str:
    labels = [button_label(ruleset, choice, language) for choice in prompt.choices]
    shown = "; ".join(labels[:CHOICES_SHOWN]) + ("; …" if len(labels) > CHOICES_SHOWN else "")
    return "\n".join(
        [
            tr(
                "help.what_now.header",
                language,
                seat=str(localise_value(prompt.seat, language)),
                text=render(prompt.text, language),
            ),
            explanation(ruleset, prompt, language),
            tr("help.what_now.choices", language, count=len(labels), choices=shown),
        ]
    )


class WhatNowButton(
    PersistentButton,
    template=rf"courier:w:(?P<campaign>\d+):(?P<seq>\d+):(?P<seat>{_SEAT}):(?P<prompt>\d{{1,3}})",
):
    def __init__(self, slot: PromptSlot, label: str = "What now?") -> None:
        super().__init__(what_now_id(slot), label)
        self.slot = slot

    @classmethod
    def from_match(cls, match: re.Match[str], label: str) -> WhatNowButton:
        slot = PromptSlot(
            int(match["campaign"]), int(match["seq"]), match["seat"], int(match["prompt"])
        )
        return cls(slot)

    async def clicked(self, interaction: discord.Interaction[Any]) -> None:
        bot = cast("CourierBot", interaction.client)
        campaign = await bot.service.lobby.get_campaign(self.slot.campaign_id)
        if campaign.guild_id is not None and campaign.guild_id != interaction.guild_id:
            raise Refusal("discord.error.unknown_campaign", campaign=self.slot.campaign_id)
        if campaign.seq != self.slot.seq:
            raise Refusal("discord.error.stale")
        prompts = await bot.service.play.prompts(self.slot.campaign_id, self.slot.seat)
        prompt = find_prompt(prompts, self.slot.seat, self.slot.number)
        if prompt is None:
            raise Refusal("discord.error.stale")
        text = what_now_text(campaign.ruleset, prompt, user_language(interaction))
        await interaction.response.send_message(text[:1900], ephemeral=True)
