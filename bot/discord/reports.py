"""Embeds built from engine events: what happened, the dice with their draw numbers, scores.

Only public events ever reach a public embed. Dice are listed only when the step had no
private event, because a secret (a hidden value, a drawn card) may have been drawn from them;
such draws stay checkable at the end of the campaign, when the seed is revealed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

from bot.i18n import localise_value, render, translate
from rulesets.core import Event, Roll

FIELD_LIMIT = 1000
REPORT_COLOUR = discord.Colour(0x0072B2)
PRIVATE_COLOUR = discord.Colour(0xE69F00)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def event_lines(events: Iterable[Event], language: str) -> list[str]:
    return [render(event, language) for event in events]


def public_events(events: Iterable[Event]) -> list[Event]:
    return [event for event in events if event.is_public]


def dice_text(rolls: Iterable[Roll], language: str) -> str:
    return "\n".join(
        translate(
            "discord.report.roll", language, draw=roll.draw, sides=roll.sides, value=roll.value
        )
        for roll in rolls
    )


def scores_text(scores: Mapping[str, int], language: str) -> str:
    ranked = sorted(scores.items(), key=lambda item: -item[1])
    return "\n".join(
        translate("discord.report.score", language, seat=seat, score=score)
        for seat, score in ranked
    )


def report_embed(
    *,
    title: str,
    events: list[Event],
    rolls: list[Roll],
    language: str,
    scores: Mapping[str, int] | None = None,
    standings: str | None = None,
) -> discord.Embed:
    """The public report of one step. Private events are dropped here whatever the caller did.
    `standings` names the final scores' players and winner (see `standings.py`) when known."""
    shown = public_events(events)
    lines = event_lines(shown, language) or [translate("discord.report.nothing", language)]
    embed = discord.Embed(
        title=_clip(title, 250),
        # Not clipped: the delivery layer splits a long report into continuation embeds.
        description="\n".join(f"• {line}" for line in lines),
        colour=REPORT_COLOUR,
    )
    if rolls and len(shown) == len(events):
        embed.add_field(
            name=translate("discord.report.dice", language),
            value=_clip(dice_text(rolls, language), FIELD_LIMIT),
            inline=False,
        )
    if scores:
        embed.add_field(
            name=translate("discord.report.final_scores", language),
            value=_clip(standings or scores_text(scores, language), FIELD_LIMIT),
            inline=False,
        )
    return embed


def private_embed(*, title: str, events: list[Event], language: str) -> discord.Embed:
    """Private events for their owner (DM or ephemeral reply)."""
    lines = event_lines(events, language)
    return discord.Embed(
        title=_clip(title, 250),
        description="\n".join(f"• {line}" for line in lines),
        colour=PRIVATE_COLOUR,
    )


def view_text(view: Mapping[str, Any], language: str, indent: int = 0) -> str:
    """A plain-text rendering of a view dict (ids shown by name), for /me, /status and /map."""
    lines: list[str] = []
    pad = "  " * indent
    for name, value in view.items():
        label = localise_value(str(name), language)
        if isinstance(value, Mapping):
            if not value:
                lines.append(f"{pad}{label}: —")
                continue
            lines.append(f"{pad}{label}:")
            lines.append(view_text(value, language, indent + 1))
        else:
            shown = "—" if value is None else localise_value(value, language)
            lines.append(f"{pad}{label}: {shown}")
    return "\n".join(lines)
