"""Persistence: the `Store` interface and its SQLite implementation (the only code with SQL)."""

from bot.storage.base import (
    LOBBY_SEQ,
    ActionRecord,
    AuditRecord,
    AuditRow,
    CampaignRow,
    CampaignStatus,
    DeadlineRow,
    NewCampaign,
    NewDeadline,
    NewHolder,
    OutboxRecord,
    OutboxRow,
    ScheduleRow,
    SeatTaken,
    SeqConflict,
    SnapshotRow,
    Store,
    StoreError,
    TenureRow,
)
from bot.storage.integrity import DamagedDatabase
from bot.storage.sqlite import SqliteStore

__all__ = [
    "LOBBY_SEQ",
    "ActionRecord",
    "AuditRecord",
    "AuditRow",
    "CampaignRow",
    "CampaignStatus",
    "DamagedDatabase",
    "DeadlineRow",
    "NewCampaign",
    "NewDeadline",
    "NewHolder",
    "OutboxRecord",
    "OutboxRow",
    "ScheduleRow",
    "SeatTaken",
    "SeqConflict",
    "SnapshotRow",
    "SqliteStore",
    "Store",
    "StoreError",
    "TenureRow",
]
