"""Outbox messages (typed by the services) into message text and embeds."""

from __future__ import annotations

import discord

from bot.discord.command_names import localised_commands
from bot.discord.reports import private_embed, report_embed
from bot.discord.seat_sheet import seat_embed
from bot.i18n import translate
from bot.services.outbox import OutboxMessage, PrivateNote, Recap, Report, SeatView
from rulesets.core import Event, Roll


def _events(raw: list[dict[str, object]]) -> list[Event]:
    return [Event.model_validate(event) for event in raw]


def outbox_message(
    message: OutboxMessage, language: str, standings: str | None = None
) -> tuple[str, list[discord.Embed]]:
    """The text and embeds of one outbox message, in `language` (`standings`: a final
    report's scores with their players, when the caller could look them up)."""
    campaign = message.campaign_id if message.campaign_id is not None else ""
    if isinstance(message, Report):
        events = _events(message.events)
        title = translate("discord.report.title", language, campaign=campaign, seq=message.seq)
        embed = report_embed(
            title=title,
            events=events,
            rolls=[Roll.model_validate(raw) for raw in message.rolls],
            language=language,
            scores=message.scores or None,
            standings=standings,
        )
        return "", [embed]
    if isinstance(message, PrivateNote):
        title = translate(
            "discord.report.private_title", language, campaign=campaign, seq=message.seq
        )
        return "", [private_embed(title=title, events=_events(message.events), language=language)]
    if isinstance(message, SeatView):
        return _welcome(message, language)
    if isinstance(message, Recap):
        return "", [recap_embed(message, language)]
    key = getattr(message, "key", None)
    if isinstance(key, str):
        text = translate(key, language, **getattr(message, "params", {}))
        return localised_commands(text, language), []
    return "", []


def _welcome(message: SeatView, language: str) -> tuple[str, list[discord.Embed]]:
    """A new holder's welcome: a sentence, and the seat's sheet as /me shows it."""
    seat = str(message.params.get("seat", ""))
    campaign = message.params.get("campaign", message.campaign_id)
    text = translate("discord.sheet.welcome", language, seat=seat, campaign=campaign)
    title = translate("discord.sheet.title", language, seat=seat, campaign=campaign)
    ruleset = str(message.params.get("ruleset", ""))
    return localised_commands(text, language), [
        seat_embed(title, ruleset, seat, message.view, language)
    ]


RECAP_COLOUR = 0x4A6FA5
RECAP_TEXT_LIMIT = 4000  # under Discord's 4096 characters of an embed's description


def recap_embed(message: Recap, language: str) -> discord.Embed:
    """A recap as one embed: its title, then one line each."""
    lines = [
        localised_commands(
            translate(str(line["key"]), language, **line.get("params", {})), language
        )
        for line in message.lines
    ]
    return discord.Embed(
        title=translate(message.key, language, **message.params)[:256],
        description="\n".join(lines)[:RECAP_TEXT_LIMIT],
        colour=RECAP_COLOUR,
    )
