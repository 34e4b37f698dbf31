"""Outbox rows the schedule writes: reminders, misses, extensions, vacations, substitutes.

Each payload is `{"kind", "campaign_id", "key", "params"}`: adapters show
`translate(key, language, **params)`. Times travel as UNIX seconds (`*_unix` params) so
the Discord catalogue can show them as `<t:…:R>` in every reader's own time zone.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.storage import CampaignRow, OutboxRecord


def unix(moment: datetime) -> int:
    return int(moment.timestamp())


def tidy_hours(hours: float) -> int | float:
    """4.0 reads as 4 in a sentence; 1.5 stays 1.5."""
    return int(hours) if float(hours).is_integer() else round(float(hours), 2)


def channel_notice(
    campaign: CampaignRow, key: str, /, payload_kind: str = "schedule", **params: Any
) -> list[OutboxRecord]:
    """A notice to the campaign's channel (none for a campaign without one)."""
    if campaign.channel_id is None:
        return []
    payload = {"kind": payload_kind, "campaign_id": campaign.id, "key": key, "params": params}
    return [OutboxRecord("channel", str(campaign.channel_id), payload)]


def direct_notice(
    campaign: CampaignRow, user_id: str, key: str, /, payload_kind: str = "schedule", **params: Any
) -> list[OutboxRecord]:
    payload = {"kind": payload_kind, "campaign_id": campaign.id, "key": key, "params": params}
    return [OutboxRecord("dm", user_id, payload)]


def notice(
    campaign: CampaignRow, route: str, to_user: str | None, key: str, /, **params: Any
) -> list[OutboxRecord]:
    """By DM when the player asked for it (and there is a player), else in the channel."""
    if route == "dm" and to_user is not None:
        return direct_notice(campaign, to_user, key, **params)
    return channel_notice(campaign, key, **params)
