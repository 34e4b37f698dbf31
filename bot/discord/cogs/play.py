"""/play: the same orders as the buttons, typed, with autocomplete from the legal choices."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.access import campaign_in_scope
from bot.discord.choices import PromptSlot, button_label, seat_prompts
from bot.discord.client import CourierBot
from bot.discord.components import NumberModal
from bot.discord.errors import Refusal
from bot.discord.language import user_language
from bot.discord.limits import clip_words
from bot.discord.orders import carry_out, open_choice
from bot.i18n import localise_value, render

# An order picked from the autocomplete: seq, seat, the prompt's number, the choice's index.
ORDER_VALUE = re.compile(
    r"(?P<seq>\d+):(?P<seat>[A-Za-z0-9_\-]{1,40})(?::(?P<prompt>\d{1,3}))?:(?P<index>\d+)"
)


class Play(commands.Cog):
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Give an order for your seat")
    @app_commands.describe(order="One of your legal choices", number="The number a choice needs")
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction[Any],
        order: str,
        number: int | None = None,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        parsed = ORDER_VALUE.fullmatch(order)
        if parsed is None:
            raise Refusal("discord.error.pick_from_list")
        number_of_prompt = int(parsed["prompt"]) if parsed["prompt"] else 0
        slot = PromptSlot(found.id, int(parsed["seq"]), parsed["seat"], number_of_prompt)
        index = int(parsed["index"])
        choice = await open_choice(interaction, slot, index)
        if not choice.ranges and not choice.picks and not choice.texts:
            await carry_out(interaction, slot, choice)
            return
        if choice.picks or choice.texts or number is None or len(choice.ranges) > 1:
            modal = NumberModal(slot, index, choice, user_language(interaction))
            await interaction.response.send_modal(modal)
            return
        name, bounds = next(iter(choice.ranges.items()))
        if number not in bounds:
            raise Refusal("discord.error.number_range", name=name, low=bounds.low, high=bounds.high)
        await carry_out(interaction, slot, choice, {name: number})

    @play.autocomplete("order")
    async def _legal_orders(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        language = user_language(interaction)
        try:
            found = await campaign_in_scope(
                self.bot, interaction, getattr(interaction.namespace, "campaign", None)
            )
            held = await self.bot.service.lobby.seats_of(found.id, str(interaction.user.id))
            pending = await self.bot.service.play.prompts(found.id) if held else []
        except Exception:
            return []
        listed = []
        for seat in held:
            mine = seat_prompts(pending, seat)
            for number, prompt in enumerate(mine):
                for index, choice in enumerate(prompt.choices):
                    label = button_label(found.ruleset, choice, language)
                    if len(mine) > 1:
                        # Several prompts of one seat at once: say which one each answers.
                        label = f"{clip_words(render(prompt.text, language), 40)}: {label}"
                    if len(held) > 1:
                        label = f"{localise_value(seat, language)}: {label}"
                    if typed.lower() in label.lower():
                        value = f"{found.seq}:{seat}:{number}:{index}"
                        name = clip_words(label, 100)
                        listed.append(app_commands.Choice(name=name, value=value))
        return listed[:25]


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Play(bot))
