"""Carrying out a player's order from a button, a select menu, a modal or `/play`.

Every path ends here, so the checks are the same everywhere: the click must be for the
campaign's current seq (else "no longer open"), the user must hold the seat, and the choice
must still be listed; the service then re-checks everything against the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from bot.discord.choices import PromptSlot, button_label, choice_at, concrete_action, find_prompt
from bot.discord.errors import Refusal
from bot.discord.language import tr, user_language
from bot.discord.reports import private_embed
from bot.discord.takeback import takeback_view
from bot.i18n import localise_value
from bot.services import StaleSeq
from rulesets.core import Choice

if TYPE_CHECKING:
    from bot.discord.client import CourierBot


def courier_of(interaction: discord.Interaction[Any]) -> CourierBot:
    """The bot that registered the components: every interaction it sees is its own (no
    runtime import of the client, which imports the components: no import circle)."""
    return cast("CourierBot", interaction.client)


async def open_choice(
    interaction: discord.Interaction[Any], slot: PromptSlot, index: int
) -> Choice:
    """The choice a component points at, if it is still open to this user."""
    service = courier_of(interaction).service
    campaign = await service.lobby.get_campaign(slot.campaign_id)
    # A click in a DM (no guild) answers a private prompt sent there: the seat check below
    # is the guard.
    in_other_guild = interaction.guild_id is not None and campaign.guild_id != interaction.guild_id
    if campaign.guild_id is not None and in_other_guild:
        # A component forged to point at another server's campaign: as if it did not exist.
        raise Refusal("discord.error.unknown_campaign", campaign=slot.campaign_id)
    if campaign.seq != slot.seq:
        raise Refusal("discord.error.stale")
    if slot.seat not in await service.lobby.seats_of(slot.campaign_id, str(interaction.user.id)):
        raise Refusal("discord.error.not_your_seat", seat=slot.seat)
    prompts = await service.play.prompts(slot.campaign_id, slot.seat)
    choice = choice_at(find_prompt(prompts, slot.seat, slot.number), index)
    if choice is None:
        # The step is current, so this choice was never offered: a forged or mistyped order.
        raise Refusal("discord.error.not_a_choice")
    return choice


async def carry_out(
    interaction: discord.Interaction[Any],
    slot: PromptSlot,
    choice: Choice,
    numbers: dict[str, Any] | None = None,
    texts: dict[str, str] | None = None,
) -> None:
    """Submit the order, answer its author privately, then publish what changed."""
    bot = courier_of(interaction)
    language = user_language(interaction)
    campaign = await bot.service.lobby.get_campaign(slot.campaign_id)
    try:
        report = await bot.service.play.submit(
            slot.campaign_id,
            str(interaction.user.id),
            concrete_action(choice, numbers, texts),
            seat=slot.seat,
            expected_seq=slot.seq,
        )
    except StaleSeq:
        raise Refusal("discord.error.stale") from None
    label = button_label(campaign.ruleset, choice, language)
    if numbers:
        label += " " + ", ".join(_given(value, language) for value in numbers.values())
    text = tr("discord.order.accepted", language, order=label, seq=report.seq)
    mine = [
        event for event in report.events if not event.is_public and event.visible_for(slot.seat)
    ]
    embeds = (
        [
            private_embed(
                title=tr("discord.me.private_news", language), events=mine, language=language
            )
        ]
        if mine
        else []
    )
    undo = takeback_view(slot.campaign_id, report.seq, language)
    # Its button is a dynamic item the client dispatches by custom id, so the view needs no
    # keeping: stopped, it is sent as components only. Kept, discord.py would hold every
    # ephemeral confirmation for 15 minutes, each with an expiry task of its own.
    undo.stop()
    if interaction.response.is_done():
        await interaction.followup.send(text, embeds=embeds, view=undo, ephemeral=True)
    else:
        await interaction.response.send_message(text, embeds=embeds, view=undo, ephemeral=True)
    await bot.courier.hand_over_held(interaction)


def _given(value: Any, language: str) -> str:
    """A number as typed, a list of picked items by their names ("card 3 card 1 …")."""
    if isinstance(value, list):
        return " ".join(str(localise_value(item, language)) for item in value)
    return str(value)
