"""The application: campaign lifecycle, playing, moderation and the outbox, with no Discord.

Adapters use `CampaignService` (see `bot.services.campaigns`) and catch `ServiceError`.
"""

from bot.services.campaigns import CampaignService, open_service
from bot.services.clock import Clock, FakeClock, SystemClock
from bot.services.errors import ServiceError, StaleSeq
from bot.services.models import (
    ActionReport,
    AuditEntry,
    CampaignInfo,
    LogEntry,
    OutboxItem,
    SeatHolder,
)
from bot.services.replay import ReplayMismatch
from bot.services.verify import RollMismatch, Verification, verify_campaign

__all__ = [
    "ActionReport",
    "AuditEntry",
    "CampaignInfo",
    "CampaignService",
    "Clock",
    "FakeClock",
    "LogEntry",
    "OutboxItem",
    "ReplayMismatch",
    "RollMismatch",
    "SeatHolder",
    "ServiceError",
    "StaleSeq",
    "SystemClock",
    "Verification",
    "open_service",
    "verify_campaign",
]
