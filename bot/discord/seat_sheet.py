"""A seat's sheet as a Discord embed: the /me embed and a substitute's welcome (the sections
come from `bot.i18n.sheets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n.sheets import seat_sections

FIELD_LIMIT = 1000
FIELDS = 24  # Discord allows 25 fields an embed
SHEET_COLOUR = discord.Colour(0xE69F00)


def _clip(text: str) -> str:
    return text if len(text) <= FIELD_LIMIT else text[: FIELD_LIMIT - 1] + "…"


def seat_embed(
    title: str, ruleset: str, seat: str, view: Mapping[str, Any], language: str
) -> discord.Embed:
    embed = discord.Embed(title=title[:250], colour=SHEET_COLOUR)
    for heading, text in seat_sections(ruleset, seat, view, language)[:FIELDS]:
        embed.add_field(name=heading[:250], value=_clip(text) or "—", inline=False)
    return embed
