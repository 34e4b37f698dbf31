"""The export document: one JSON file holding everything needed to rebuild a campaign.

It names the ruleset and version, the options and data file, the seats and their tenures,
the whole action log (with events, dice and state hashes) and the audit trail. The seed is
in it only when the campaign is finished or a moderator chose to include it; without the
seed nobody can replay the log, so such an export can be read but not imported.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from bot.storage import ActionRecord, AuditRecord, AuditRow, CampaignRow, TenureRow
from bot.storage.base import CampaignStatus, TenureRecord

EXPORT_FORMAT: Literal["courier.campaign"] = "courier.campaign"


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ExportedTenure(_Part):
    seat: str
    user_id: str
    display_name: str
    started_at: datetime
    ended_at: datetime | None = None

    def record(self) -> TenureRecord:
        return TenureRecord(
            self.seat, self.user_id, self.display_name, self.started_at, self.ended_at
        )


class ExportedEntry(_Part):
    seq: int
    seat: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    rolls: list[dict[str, Any]]
    state_hash: str
    actor: str
    at: datetime

    def record(self) -> ActionRecord:
        return ActionRecord(
            self.seq,
            self.seat,
            self.action,
            self.events,
            self.rolls,
            self.state_hash,
            self.actor,
            self.at,
        )


class ExportedAudit(_Part):
    actor: str
    act: str
    reason: str
    at: datetime
    seqs: list[int]
    detail: dict[str, Any]

    def record(self) -> AuditRecord:
        # A copied trail was announced where it happened.
        return AuditRecord(
            self.actor, self.act, self.reason, self.at, self.seqs, self.detail, announcement=None
        )


class CampaignExport(_Part):
    format: Literal["courier.campaign"] = EXPORT_FORMAT
    format_version: Literal[1] = 1
    exported_at: datetime
    campaign_id: int
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    data: dict[str, Any] | None
    language: str
    status: CampaignStatus
    seq: int
    seed_commitment: str
    seed_hex: str | None
    tenures: list[ExportedTenure]
    log: list[ExportedEntry]
    audit: list[ExportedAudit]


def build_export(
    campaign: CampaignRow,
    *,
    tenures: list[TenureRow],
    log: list[ActionRecord],
    audit: list[AuditRow],
    include_seed: bool,
    exported_at: datetime,
) -> CampaignExport:
    return CampaignExport(
        exported_at=exported_at,
        campaign_id=campaign.id,
        ruleset=campaign.ruleset,
        ruleset_version=campaign.ruleset_version,
        options=campaign.options,
        data=campaign.data,
        language=campaign.language,
        status=campaign.status,
        seq=campaign.seq,
        seed_commitment=campaign.seed_commitment,
        seed_hex=campaign.seed_hex if include_seed else None,
        tenures=[
            ExportedTenure(
                seat=row.seat,
                user_id=row.user_id,
                display_name=row.display_name,
                started_at=row.started_at,
                ended_at=row.ended_at,
            )
            for row in tenures
        ],
        log=[
            ExportedEntry(
                seq=entry.seq,
                seat=entry.seat,
                action=entry.action,
                events=entry.events,
                rolls=entry.rolls,
                state_hash=entry.state_hash,
                actor=entry.actor,
                at=entry.at,
            )
            for entry in log
        ],
        audit=[
            ExportedAudit(
                actor=row.actor,
                act=row.act,
                reason=row.reason,
                at=row.at,
                seqs=row.seqs,
                detail=row.detail,
            )
            for row in audit
        ],
    )
