"""Outbox rows the schedule writes: reminders, misses, extensions, vacations, substitutes.

Each is a `ScheduleNotice` or a `ModeratorAlert` (see `bot.services.outbox`): adapters
show `translate(key, language, **params)`. Times travel as UNIX seconds (`*_unix` params) so
the Discord catalogue can show them as `<t:…:R>` in every reader's own time zone.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.services.outbox import ModeratorAlert, ScheduleNotice, to_table, to_user
from bot.storage import CampaignRow, OutboxRecord


def unix(moment: datetime) -> int:
    return int(moment.timestamp())


def tidy_hours(hours: float) -> int | float:
    """4.0 reads as 4 in a sentence; 1.5 stays 1.5."""
    return int(hours) if float(hours).is_integer() else round(float(hours), 2)


def _message(
    campaign: CampaignRow, key: str, payload_kind: str, params: dict[str, Any]
) -> ScheduleNotice | ModeratorAlert:
    kind = ModeratorAlert if payload_kind == "moderator_alert" else ScheduleNotice
    return kind(campaign_id=campaign.id, key=key, params=params)


def channel_notice(
    campaign: CampaignRow, key: str, /, payload_kind: str = "schedule", **params: Any
) -> list[OutboxRecord]:
    """A notice to the campaign's table (its channel, or the console)."""
    return [to_table(campaign, _message(campaign, key, payload_kind, params))]


def direct_notice(
    campaign: CampaignRow, user_id: str, key: str, /, **params: Any
) -> list[OutboxRecord]:
    return [to_user(campaign, user_id, _message(campaign, key, "schedule", params))]


def notice(
    campaign: CampaignRow, route: str, to_user_id: str | None, key: str, /, **params: Any
) -> list[OutboxRecord]:
    """By DM when the player asked for it (and there is a player), else in the channel."""
    if route == "dm" and to_user_id is not None:
        return direct_notice(campaign, to_user_id, key, **params)
    return channel_notice(campaign, key, **params)
