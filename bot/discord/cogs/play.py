"""/play: the same orders as the buttons, typed, with autocomplete from the legal choices."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.access import campaign_in_scope
from bot.discord.choices import button_label, find_prompt
from bot.discord.client import CourierBot
from bot.discord.components import NumberModal
from bot.discord.errors import Refusal
from bot.discord.language import user_language
from bot.discord.orders import carry_out, open_choice

ORDER_VALUE = re.compile(r"(?P<seq>\d+):(?P<seat>[A-Za-z0-9_\-]{1,40}):(?P<index>\d+)")


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
        seq, seat, index = int(parsed["seq"]), parsed["seat"], int(parsed["index"])
        choice = await open_choice(interaction, found.id, seq, seat, index)
        if not choice.ranges:
            await carry_out(interaction, found.id, seq, seat, choice)
            return
        if number is None or len(choice.ranges) > 1:
            modal = NumberModal(found.id, seq, seat, index, choice, user_language(interaction))
            await interaction.response.send_modal(modal)
            return
        name, bounds = next(iter(choice.ranges.items()))
        if number not in bounds:
            raise Refusal("discord.error.number_range", name=name, low=bounds.low, high=bounds.high)
        await carry_out(interaction, found.id, seq, seat, choice, {name: number})

    @play.autocomplete("order")
    async def _legal_orders(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        language = user_language(interaction)
        try:
            found = await campaign_in_scope(
                self.bot, interaction, getattr(interaction.namespace, "campaign", None)
            )
            seat = await self.bot.service.lobby.seat_of(found.id, str(interaction.user.id))
            prompt = (
                find_prompt(await self.bot.service.play.prompts(found.id, seat), seat)
                if seat
                else None
            )
        except Exception:
            return []
        if prompt is None:
            return []
        listed = []
        for index, choice in enumerate(prompt.choices):
            label = button_label(found.ruleset, choice, language)
            if typed.lower() in label.lower():
                listed.append(
                    app_commands.Choice(
                        name=label[:100], value=f"{found.seq}:{prompt.seat}:{index}"
                    )
                )
        return listed[:25]


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Play(bot))
