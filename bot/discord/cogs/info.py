"""/me (your private view), /history (paged) and /map (a drawn map, or a text board)."""

from __future__ import annotations

import importlib
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.access import campaign_in_scope
from bot.discord.client import CourierBot
from bot.discord.language import tr, user_language
from bot.discord.reports import event_lines, public_events, view_text
from rulesets.core import Event

log = logging.getLogger("bot.discord.info")
HISTORY_PAGE = 10


def _code_block(text: str, limit: int = 3900) -> str:
    return "```\n" + text[:limit] + "\n```"


def map_renderer() -> Any:
    """`bot.render.render_campaign_png` when the renderer is installed, else None."""
    try:
        module = importlib.import_module("bot.render")
    except ImportError:
        return None
    return getattr(module, "render_campaign_png", None)


class Info(commands.Cog):
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    @app_commands.command(name="me", description="Your private view (only you see it)")
    @app_commands.guild_only()
    async def me(self, interaction: discord.Interaction[Any], campaign: int | None = None) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        language = user_language(interaction)
        view = await self.bot.service.private_view(found.id, str(interaction.user.id))
        public = await self.bot.service.public_view(found.id)
        # What only this player may see comes first: the whole board may not fit an embed.
        secrets = {key: value for key, value in view.items() if public.get(key) != value}
        embed = discord.Embed(
            title=tr("discord.me.title", language, campaign=found.id),
            description=_code_block(view_text(secrets, language)),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="history", description="What happened, ten steps a page")
    @app_commands.describe(page="1 is the newest page")
    async def history(
        self,
        interaction: discord.Interaction[Any],
        page: app_commands.Range[int, 1, 1000] = 1,
        campaign: int | None = None,
    ) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        language = user_language(interaction)
        before = found.seq + 1 - (page - 1) * HISTORY_PAGE
        entries = await self.bot.service.history(
            found.id, limit=HISTORY_PAGE, before_seq=max(before, 0)
        )
        lines: list[str] = []
        for entry in entries:
            events = [e if isinstance(e, Event) else Event.model_validate(e) for e in entry.events]
            for line in event_lines(public_events(events), language):
                lines.append(f"`{entry.seq:>4}` {line}")
        embed = discord.Embed(
            title=tr("discord.history.title", language, campaign=found.id, page=page),
            description="\n".join(lines)[:3900] or tr("discord.history.empty", language),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="map", description="The board as it stands")
    async def map(self, interaction: discord.Interaction[Any], campaign: int | None = None) -> None:
        """Posted in the channel for everyone, so in the campaign's language."""
        found = await campaign_in_scope(self.bot, interaction, campaign)
        language = found.language
        view = await self.bot.service.public_view(found.id)
        embed = discord.Embed(
            title=tr("discord.map.title", language, campaign=found.id, seq=found.seq)
        )
        renderer = map_renderer()
        png = None
        if renderer is not None:
            await interaction.response.defer(thinking=True)
            try:
                png = await renderer(
                    found.ruleset, view, campaign_id=found.id, seq=found.seq, language=language
                )
            except LookupError:
                log.info("no map art for %s: a text board instead", found.ruleset)
            except Exception:
                log.exception("map of campaign %s at seq %s failed", found.id, found.seq)
        if png is None:
            embed.description = _code_block(view_text(view, language))
            await self._send(interaction, embed=embed)
            return
        embed.set_image(url="attachment://map.png")
        await self._send(
            interaction, embed=embed, file=discord.File(io.BytesIO(png), filename="map.png")
        )

    async def _send(self, interaction: discord.Interaction[Any], **content: Any) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(**content)
        else:
            await interaction.response.send_message(**content)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Info(bot))
