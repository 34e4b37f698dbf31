"""/me (your private view), /history (paged) and /map (a drawn map now or at an earlier step,
a close-up of one region or area, the key as a picture of its own, the whole campaign as an
animated GIF, or a text board for a game without map art)."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import render as map_render
from bot.discord.access import campaign_in_scope
from bot.discord.client import CourierBot
from bot.discord.errors import Refusal
from bot.discord.language import tr, user_language
from bot.discord.maps import map_message, public_view_at, timeline_gif
from bot.discord.reports import event_lines, public_events, view_text
from bot.discord.seat_sheet import seat_embed
from bot.i18n import localise_value
from bot.render import has_map
from bot.render.areas import MapArea, find_area, suggest_areas
from bot.render.campaign import campaign_areas
from rulesets.core import Event

HISTORY_PAGE = 10
CLOSE_UP_EXAMPLES = 8  # names offered when a typed region is not on the map


def _area_named(ruleset: str, view: dict[str, Any], language: str, typed: str) -> MapArea:
    """The region or area `typed` names on the map (as picked from the list, or typed out)."""
    if not has_map(ruleset):
        raise Refusal("discord.map.no_close_up")
    areas = campaign_areas(ruleset, view, language)
    try:
        return find_area(areas, typed)
    except LookupError:
        names = ", ".join(area.name for area in areas[:CLOSE_UP_EXAMPLES])
        raise Refusal("discord.map.no_region", name=typed[:60], names=names) from None


def _code_block(text: str, limit: int = 3900) -> str:
    return "```\n" + text[:limit] + "\n```"


class Info(commands.Cog):
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    @app_commands.command(name="me", description="Your private view (only you see it)")
    @app_commands.guild_only()
    async def me(self, interaction: discord.Interaction[Any], campaign: int | None = None) -> None:
        found = await campaign_in_scope(self.bot, interaction, campaign)
        language = user_language(interaction)
        user = str(interaction.user.id)
        holders = await self.bot.service.lobby.holders(found.id)
        held = [seat for seat, holder in holders.items() if holder.user_id == user]
        if not held:
            await self.bot.service.play.private_view(found.id, user)  # refused: no seat
        embeds = []
        # Every seat the player holds, each on its own sheet (Discord shows ten at most).
        for seat in held[:10]:
            view = await self.bot.service.play.private_view(found.id, user, seat)
            name = localise_value(seat, language)
            title = tr("discord.sheet.title", language, seat=name, campaign=found.id)
            embeds.append(seat_embed(title, found.ruleset, seat, view, language))
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

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
        pages = max(1, -(-(found.seq + 1) // HISTORY_PAGE))
        if page > pages:
            raise Refusal("discord.error.no_such_page", page=page, pages=pages)
        before = found.seq + 1 - (page - 1) * HISTORY_PAGE
        entries = await self.bot.service.play.history(
            found.id, limit=HISTORY_PAGE, before_seq=max(before, 0)
        )
        lines: list[str] = []
        for entry in entries:
            events = [e if isinstance(e, Event) else Event.model_validate(e) for e in entry.events]
            for line in event_lines(public_events(events), language):
                lines.append(f"`{entry.seq:>4}` {line}")
        embed = discord.Embed(
            title=tr("discord.history.title", language, campaign=found.id, page=page, pages=pages),
            description="\n".join(lines)[:3900] or tr("discord.history.empty", language),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="map", description="The board as it stands")
    @app_commands.describe(
        at="An earlier step to show instead",
        timeline="The whole campaign as an animated GIF",
        region="A close-up of one region or area",
        legend="The key as a picture of its own, beside a map that keeps one line of it",
    )
    async def map(
        self,
        interaction: discord.Interaction[Any],
        at: int | None = None,
        timeline: bool = False,
        region: str | None = None,
        legend: bool = False,
        campaign: int | None = None,
    ) -> None:
        """Posted in the channel for everyone, so in the campaign's language."""
        found = await campaign_in_scope(self.bot, interaction, campaign)
        if found.status == "lobby":
            raise Refusal("discord.map.not_started", campaign=found.id)
        if at is not None and not 0 <= at <= found.seq:
            raise Refusal("discord.map.bad_seq", seq=at, current=found.seq)
        if timeline:
            await self._timeline(interaction, found)
            return
        seq = found.seq if at is None else at
        if at is None:
            view = await self.bot.service.play.public_view(found.id)
        else:
            view = await public_view_at(self.bot, found, seq)
        language = found.language
        area = None if region is None else _area_named(found.ruleset, view, language, region)
        await interaction.response.defer(thinking=True)
        try:
            # Looked up on the module at each call, so that tests can stand in for the renderer.
            png = await map_render.render_campaign_png(
                found.ruleset,
                view,
                campaign_id=found.id,
                seq=seq,
                language=language,
                region=area.key if area else None,
                legend_apart=legend,
            )
        except LookupError:  # a game without map art: the board as text
            embed = discord.Embed(
                title=tr("discord.map.title", language, campaign=found.id, seq=seq),
                description=_code_block(view_text(view, language)),
            )
            await self._send(interaction, embed=embed)
            return
        embed, file = map_message(png, campaign_id=found.id, seq=seq, language=language)
        if area is not None:
            embed.title = tr(
                "discord.map.close_up_title", language, area=area.name, campaign=found.id, seq=seq
            )
        files = [file]
        if legend:
            key = await asyncio.to_thread(
                map_render.render_legend_png, found.ruleset, view, language
            )
            files.append(discord.File(io.BytesIO(key), filename="legend.png"))
        await self._send(interaction, embed=embed, files=files)

    @map.autocomplete("region")
    async def _map_areas(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        """The current map's regions and areas, named in the campaign's language."""
        try:
            found = await campaign_in_scope(
                self.bot, interaction, getattr(interaction.namespace, "campaign", None)
            )
            if found.status == "lobby" or not has_map(found.ruleset):
                return []
            view = await self.bot.service.play.public_view(found.id)
            areas = campaign_areas(found.ruleset, view, found.language)
        except Exception:
            return []
        return [
            app_commands.Choice(name=area.name[:100], value=area.key[:100])
            for area in suggest_areas(areas, typed)
        ]

    async def _timeline(self, interaction: discord.Interaction[Any], found: Any) -> None:
        if not has_map(found.ruleset):
            raise Refusal("discord.map.no_art")
        await interaction.response.defer(thinking=True)
        gif = await timeline_gif(self.bot, found)
        await self._send(
            interaction,
            content=tr("discord.map.timeline", found.language, campaign=found.id, seq=found.seq),
            file=discord.File(io.BytesIO(gif), filename="timeline.gif"),
        )

    async def _send(self, interaction: discord.Interaction[Any], **content: Any) -> None:
        if interaction.response.is_done():
            await interaction.followup.send(**content)
        else:
            await interaction.response.send_message(**content)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CourierBot)
    await bot.add_cog(Info(bot))
