"""What the services hand to adapters: campaigns, holders, reports, log and audit entries."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.services.outbox import OutboxMessage, parse_message
from bot.storage import ActionRecord, AuditRow, CampaignRow, CampaignStatus, OutboxRow, TenureRow
from rulesets.core import Event, Prompt, Roll


@dataclass(frozen=True)
class CampaignInfo:
    """A campaign as players may see it: the seed itself only once the campaign is over."""

    id: int
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    language: str
    status: CampaignStatus
    creator: str
    guild_id: int | None
    channel_id: int | None
    seq: int
    seed_commitment: str
    created_at: datetime
    has_data: bool
    revealed_seed: str | None
    maps: str = "resolution"
    """When the channel gets a map (see bot.services.board)."""

    @classmethod
    def from_row(cls, row: CampaignRow) -> CampaignInfo:
        return cls(
            id=row.id,
            ruleset=row.ruleset,
            ruleset_version=row.ruleset_version,
            options=dict(row.options),
            language=row.language,
            status=row.status,
            creator=row.creator,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            seq=row.seq,
            seed_commitment=row.seed_commitment,
            created_at=row.created_at,
            has_data=row.data is not None,
            revealed_seed=row.seed_hex if row.status == "finished" else None,
            maps=row.maps,
        )


@dataclass(frozen=True)
class SeatHolder:
    seat: str
    user_id: str
    display_name: str
    since: datetime
    until: datetime | None = None

    @classmethod
    def from_row(cls, row: TenureRow) -> SeatHolder:
        return cls(row.seat, row.user_id, row.display_name, row.started_at, row.ended_at)


@dataclass(frozen=True)
class ActionReport:
    """What one accepted step (or an undo) produced.

    `events` include private ones (check `Event.visible_to`); `rolls` include draws made
    for secrets, so never show their values publicly — the public outbox report leaves
    them out for any step with a private event.
    """

    campaign_id: int
    seq: int
    seat: str | None
    actor: str
    events: list[Event]
    rolls: list[Roll]
    prompts: list[Prompt]
    finished: bool
    scores: dict[str, int] | None

    @property
    def public_events(self) -> list[Event]:
        return [event for event in self.events if event.is_public]


@dataclass(frozen=True)
class LogEntry:
    """One entry of the action log; seq 0 is the set-up. Events include private ones."""

    seq: int
    seat: str | None
    actor: str
    action: dict[str, Any]
    events: list[Event]
    rolls: list[Roll]
    state_hash: str
    at: datetime

    @classmethod
    def from_record(cls, record: ActionRecord) -> LogEntry:
        return cls(
            seq=record.seq,
            seat=record.seat,
            actor=record.actor,
            action=record.action,
            events=[Event.model_validate(raw) for raw in record.events],
            rolls=[Roll.model_validate(raw) for raw in record.rolls],
            state_hash=record.state_hash,
            at=record.at,
        )

    def events_for(self, seat: str | None) -> list[Event]:
        """The events `seat` may see (None: the public ones)."""
        return [event for event in self.events if event.visible_for(seat)]


@dataclass(frozen=True)
class AuditEntry:
    id: int
    actor: str
    act: str
    reason: str
    at: datetime
    seqs: list[int] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_row(cls, row: AuditRow) -> AuditEntry:
        return cls(row.id, row.actor, row.act, row.reason, row.at, row.seqs, row.detail)


@dataclass(frozen=True)
class OutboxItem:
    """A message to deliver: `payload` is the stored JSON, `message()` its typed form (see
    `bot.services.outbox`)."""

    id: int
    campaign_id: int
    target_kind: str
    target_id: str
    payload: dict[str, Any]
    created_at: datetime
    attempts: int
    last_error: str | None
    given_up_at: datetime | None = None

    def message(self) -> OutboxMessage:
        """The typed message (pydantic's ValidationError for a payload that is none)."""
        return parse_message(self.payload)

    @classmethod
    def from_row(cls, row: OutboxRow) -> OutboxItem:
        return cls(
            id=row.id,
            campaign_id=row.campaign_id,
            target_kind=row.target_kind,
            target_id=row.target_id,
            payload=row.payload,
            created_at=row.created_at,
            attempts=row.attempts,
            last_error=row.last_error,
            given_up_at=row.given_up_at,
        )
