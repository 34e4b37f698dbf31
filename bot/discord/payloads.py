"""Outbox payloads (written by the services) into message text and embeds."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.reports import private_embed, report_embed
from bot.i18n import translate
from rulesets.core import Event, Roll


def _events(payload: dict[str, Any]) -> list[Event]:
    return [Event.model_validate(raw) for raw in payload.get("events") or []]


def _rolls(payload: dict[str, Any]) -> list[Roll]:
    return [Roll.model_validate(raw) for raw in payload.get("rolls") or []]


def outbox_message(payload: dict[str, Any], language: str) -> tuple[str, list[discord.Embed]]:
    """The text and embeds of one outbox row, in `language`."""
    text = ""
    if isinstance(payload.get("key"), str):
        text = translate(payload["key"], language, **(payload.get("params") or {}))
    events = _events(payload)
    if not events:
        return text, []
    campaign = payload.get("campaign_id", payload.get("campaign", ""))
    seq = payload.get("seq", "")
    if payload.get("kind") != "private" and all(event.is_public for event in events):
        title = translate("discord.report.title", language, campaign=campaign, seq=seq)
        scores = payload.get("scores") or None
        embed = report_embed(
            title=title, events=events, rolls=_rolls(payload), language=language, scores=scores
        )
    else:
        title = translate("discord.report.private_title", language, campaign=campaign, seq=seq)
        embed = private_embed(title=title, events=events, language=language)
    return text, [embed]
