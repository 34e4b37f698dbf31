"""Persistence: the `Store` interface and its SQLite implementation (the only code with SQL)."""

from bot.storage.base import (
    LOBBY_SEQ,
    ActionRecord,
    AuditRecord,
    AuditRow,
    CampaignRow,
    CampaignStatus,
    NewCampaign,
    NewHolder,
    OutboxRecord,
    OutboxRow,
    SeatTaken,
    SeqConflict,
    SnapshotRow,
    Store,
    StoreError,
    TenureRow,
)
from bot.storage.sqlite import SqliteStore

__all__ = [
    "LOBBY_SEQ",
    "ActionRecord",
    "AuditRecord",
    "AuditRow",
    "CampaignRow",
    "CampaignStatus",
    "NewCampaign",
    "NewHolder",
    "OutboxRecord",
    "OutboxRow",
    "SeatTaken",
    "SeqConflict",
    "SnapshotRow",
    "SqliteStore",
    "Store",
    "StoreError",
    "TenureRow",
]
