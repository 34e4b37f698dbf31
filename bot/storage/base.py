"""The storage interface the services code against, and the records it reads and writes.

A store keeps campaigns, seat tenures, the action log (the truth), state snapshots (a
cache), deadlines, the outbox and the audit trail. Every method that changes a campaign
takes the campaign's `expected_seq` and refuses with `SeqConflict` when the campaign has
moved on (optimistic concurrency), so two writers working from the same state can never
both succeed. Each method is one transaction: it happens entirely or not at all.

Values are plain Python (dicts, lists, datetimes); the store owns their encoding.
`SqliteStore` (a file) and `PostgresStore` (a server) implement it; `open_store` picks one
from the `COURIER_DATABASE` setting, so nothing outside bot/storage knows which it has.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

CampaignStatus = Literal["lobby", "active", "paused", "finished"]
TargetKind = Literal["channel", "dm", "table"]
"""Where a row goes: a channel id, a user id by DM, or the table of a campaign without a
channel (the console prints those)."""
LOBBY_SEQ = -1
"""A campaign's seq before it starts: the set-up is log entry 0."""


class StoreError(Exception):
    """Base of the errors a store raises for a refused write."""


class SeqConflict(StoreError):
    """The campaign is no longer at the expected seq (or status): someone wrote first."""

    def __init__(self, campaign_id: int, expected_seq: int) -> None:
        super().__init__(f"campaign {campaign_id} is not at seq {expected_seq}")
        self.campaign_id = campaign_id
        self.expected_seq = expected_seq


class SeatTaken(StoreError):
    """The seat already has a current holder."""


@dataclass(frozen=True)
class NewCampaign:
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    data: dict[str, Any] | None
    seed_hex: str
    seed_commitment: str
    guild_id: int | None
    channel_id: int | None
    language: str
    creator: str
    created_at: datetime


@dataclass(frozen=True)
class CampaignRow:
    id: int
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    data: dict[str, Any] | None
    seed_hex: str
    seed_commitment: str
    guild_id: int | None
    channel_id: int | None
    language: str
    status: CampaignStatus
    creator: str
    created_at: datetime
    seq: int
    maps: str = "resolution"
    """When the channel gets a map: "resolution", "round" or "on_demand"."""


@dataclass(frozen=True)
class NewHolder:
    seat: str
    user_id: str
    display_name: str
    started_at: datetime


@dataclass(frozen=True)
class TenureRow:
    """One holder's time in a seat; `ended_at` is None while they still hold it."""

    id: int
    campaign_id: int
    seat: str
    user_id: str
    display_name: str
    started_at: datetime
    ended_at: datetime | None


@dataclass(frozen=True)
class TenureRecord:
    """A tenure copied from elsewhere (an imported campaign): it may already have ended."""

    seat: str
    user_id: str
    display_name: str
    started_at: datetime
    ended_at: datetime | None


@dataclass(frozen=True)
class ActionRecord:
    """One log entry: seq 0 is the set-up (seat None), later seqs are accepted actions."""

    seq: int
    seat: str | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    rolls: list[dict[str, Any]]
    state_hash: str
    actor: str
    at: datetime


@dataclass(frozen=True)
class SnapshotRow:
    seq: int
    state: dict[str, Any]


@dataclass(frozen=True)
class OutboxRecord:
    """A message to deliver: to a channel id, by DM to a user id, or to a console table.
    `payload` is opaque JSON to the store (its shapes are `bot.services.outbox`)."""

    target_kind: TargetKind
    target_id: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class OutboxRow:
    id: int
    campaign_id: int
    target_kind: TargetKind
    target_id: str
    payload: dict[str, Any]
    created_at: datetime
    delivered_at: datetime | None
    attempts: int
    last_error: str | None
    next_attempt_at: datetime | None = None
    given_up_at: datetime | None = None
    guild_id: int | None = None
    """The campaign's guild, copied on the row so that a process claims its shards' rows."""
    held: bool = False
    """A DM the player's closed DMs refused, handed over when they next use a command."""


DM_SHARD = 0
"""The shard whose process sends every DM (and the rows of a campaign with no guild)."""


@dataclass(frozen=True)
class ShardSet:
    """The Discord shards one bot process runs: it delivers only the outbox rows of their
    guilds, a guild's shard being `(guild_id >> 22) % count` (Discord's rule), and, when it
    runs shard `DM_SHARD`, every DM and every row of a campaign without a guild."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} are not among 0..{self.count - 1}")

    def shard_of(self, row: OutboxRow) -> int:
        if row.target_kind == "dm" or row.guild_id is None:
            return DM_SHARD
        return (row.guild_id >> 22) % self.count

    def owns(self, row: OutboxRow) -> bool:
        return self.shard_of(row) in self.ids

    @property
    def runs_dm_shard(self) -> bool:
        return DM_SHARD in self.ids


@dataclass(frozen=True)
class PromptPostRow:
    """A prompt message posted in a channel for a "prompts opened" outbox row."""

    id: int
    campaign_id: int
    outbox_id: int
    position: int
    channel_id: str
    message_id: str
    content: str
    closed_at: datetime | None
    seat: str = ""
    number: int = 0
    fingerprint: str = ""
    """What the prompt showed (its text and choices): an equal one needs no new message."""


@dataclass(frozen=True)
class AuditRecord:
    """A moderator's act: who, what, why, which log seqs, and what it removed or changed.

    `announcement` is the outbox row that tells the table of the act, composed by the
    services and written by the store in the act's own transaction; every act must say
    (None only for a trail copied from elsewhere, already announced where it happened)."""

    actor: str
    act: str
    reason: str
    at: datetime
    seqs: list[int] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    announcement: OutboxRecord | None = field(kw_only=True)


@dataclass(frozen=True)
class AuditRow:
    id: int
    campaign_id: int
    actor: str
    act: str
    reason: str
    at: datetime
    seqs: list[int]
    detail: dict[str, Any]


@dataclass(frozen=True)
class NewDeadline:
    """A deadline to arm: `seat` owes a decision of `kind` by `due_at`."""

    seat: str
    kind: str
    urgency: str
    phase: str
    user_id: str | None
    armed_seq: int
    armed_at: datetime
    due_at: datetime


@dataclass(frozen=True)
class DeadlineRow:
    """A stored deadline; `state` is pending, answered, missed, autopilot or cancelled."""

    id: int
    campaign_id: int
    seat: str
    kind: str
    urgency: str
    phase: str
    user_id: str | None
    armed_seq: int
    armed_at: datetime
    due_at: datetime
    state: str
    reminders_sent: int
    overdue_noticed: bool
    closed_at: datetime | None


@dataclass(frozen=True)
class ScheduleRow:
    """A campaign's schedule record (JSON owned by the services) and its version."""

    campaign_id: int
    record: dict[str, Any]
    version: int


@dataclass(frozen=True)
class WakeRow:
    """A running campaign the scheduler must look at; `changes` counts the writes to it, so
    that the scheduler's next wake time lands only if nothing changed meanwhile."""

    campaign_id: int
    changes: int


@runtime_checkable
class BackupStore(Protocol):
    """A store that can copy itself into one file while the bot runs (both stores can)."""

    backup_suffix: str
    """How its backup files end (".sqlite3", ".dump")."""

    def default_backup_directory(self) -> Path:
        """Where backups go unless told otherwise."""

    async def backup_to(self, target: Path) -> None:
        """Write a consistent copy of the whole database to `target`, complete or not at all."""


class Store(Protocol):
    """Where campaigns live. All methods are coroutines; writes are single transactions.

    The store composes no message: outbox rows (and each audit record's announcement) come
    from the services and are written in the transaction of the act they belong to."""

    async def close(self) -> None:
        """Release the connection; the store is unusable afterwards."""

    # Campaigns -----------------------------------------------------------------------

    async def create_campaign(
        self, new: NewCampaign, outbox: Sequence[OutboxRecord] = ()
    ) -> CampaignRow:
        """Insert a campaign in the lobby (status 'lobby', seq -1) with its first notices."""

    async def import_campaign(
        self,
        new: NewCampaign,
        *,
        status: CampaignStatus,
        tenures: Sequence[TenureRecord],
        entries: Sequence[ActionRecord],
        audit: Sequence[AuditRecord],
        snapshots: dict[int, dict[str, Any]],
        outbox: Sequence[OutboxRecord] = (),
    ) -> CampaignRow:
        """Insert a whole campaign (tenures, log, audit trail, snapshots) in one transaction,
        at the seq of its last log entry; nothing is written if any part fails. Only the
        last audit record (the import) is announced: the others were, where they happened."""

    async def get_campaign(self, campaign_id: int) -> CampaignRow | None:
        """The campaign, or None when there is no such id."""

    async def list_campaigns(self, guild_id: int | None) -> list[CampaignRow]:
        """The campaigns of a guild, oldest first; every campaign when `guild_id` is None."""

    async def all_campaigns(self) -> list[CampaignRow]:
        """Every campaign of every guild, oldest first (for operators and the console)."""

    async def campaign_for_channel(self, channel_id: int) -> CampaignRow | None:
        """The newest campaign bound to this channel, finished or not, else None."""

    async def set_status(
        self,
        campaign_id: int,
        status: CampaignStatus,
        *,
        expected_seq: int,
        expected_status: CampaignStatus,
        audit: AuditRecord,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        """Change the status if the campaign is at `expected_seq` and `expected_status`."""

    async def set_data(
        self, campaign_id: int, data: dict[str, Any] | None, *, audit: AuditRecord
    ) -> None:
        """Replace the data file of a campaign still in the lobby (`SeqConflict` otherwise:
        once started, the data file is part of the history the log replays)."""

    async def set_maps(self, campaign_id: int, maps: str, *, audit: AuditRecord) -> None:
        """Change when the campaign's channel gets a map, with the moderator's record."""

    # Seats ---------------------------------------------------------------------------

    async def current_holders(self, campaign_id: int) -> list[TenureRow]:
        """The tenures still open, one per held seat, in order of their start."""

    async def tenures(self, campaign_id: int) -> list[TenureRow]:
        """Every tenure, past and present, in order of their start."""

    async def take_seat(self, campaign_id: int, holder: NewHolder, *, expected_seq: int) -> None:
        """Open a tenure on a free seat; `SeatTaken` when it has a holder."""

    async def release_seat(
        self,
        campaign_id: int,
        seat: str,
        at: datetime,
        *,
        expected_seq: int,
        audit: AuditRecord | None = None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        """Close the current tenure of `seat` (nothing happens if it has none)."""

    async def replace_holder(
        self,
        campaign_id: int,
        holder: NewHolder,
        *,
        expected_seq: int,
        audit: AuditRecord | None = None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        """Close the seat's current tenure and open `holder`'s, in one transaction."""

    # The action log ------------------------------------------------------------------

    async def append_action(
        self,
        campaign_id: int,
        entry: ActionRecord,
        *,
        expected_status: CampaignStatus,
        new_status: CampaignStatus | None = None,
        outbox: Sequence[OutboxRecord] = (),
        snapshot: dict[str, Any] | None = None,
        audit: AuditRecord | None = None,
    ) -> None:
        """Append `entry` (seq must be the campaign's seq + 1) with its outbox rows, an
        optional snapshot of the state after it and an optional audit record, moving the
        campaign to `entry.seq` (and `new_status`). `SeqConflict` if someone wrote first."""

    async def actions(
        self, campaign_id: int, *, after_seq: int = LOBBY_SEQ, upto_seq: int | None = None
    ) -> list[ActionRecord]:
        """Log entries with after_seq < seq <= upto_seq, in order."""

    async def recent_actions(
        self, campaign_id: int, *, limit: int, before_seq: int | None = None
    ) -> list[ActionRecord]:
        """The `limit` newest entries with seq < before_seq, returned oldest first."""

    async def truncate_log(
        self,
        campaign_id: int,
        to_seq: int,
        *,
        expected_seq: int,
        audit: AuditRecord,
        new_status: CampaignStatus | None = None,
        outbox: Sequence[OutboxRecord] = (),
    ) -> None:
        """Delete log entries and snapshots after `to_seq`, set the campaign's seq to it."""

    async def replace_log_after(
        self,
        campaign_id: int,
        after_seq: int,
        entries: Sequence[ActionRecord],
        *,
        expected_seq: int,
        audit: AuditRecord,
        new_status: CampaignStatus | None = None,
        outbox: Sequence[OutboxRecord] = (),
        snapshots: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        """Replace every log entry after `after_seq` by `entries` (numbered from after_seq+1),
        dropping later snapshots: a retroactive correction, as one transaction."""

    async def latest_snapshot(self, campaign_id: int, upto_seq: int) -> SnapshotRow | None:
        """The newest snapshot at or before `upto_seq`."""

    # Audit and outbox ----------------------------------------------------------------

    async def add_audit(self, campaign_id: int, record: AuditRecord) -> None:
        """Record an act that changes nothing else (a verification, a note), with its
        announcement (see `AuditRecord.announcement`) in the same transaction."""

    async def audit_log(self, campaign_id: int) -> list[AuditRow]:
        """Every audit record of the campaign, oldest first."""

    async def pending_outbox(
        self,
        limit: int,
        *,
        due_by: datetime | None = None,
        targets: Sequence[TargetKind] = ("channel", "dm"),
        campaign_id: int | None = None,
        shards: ShardSet | None = None,
    ) -> list[OutboxRow]:
        """Undelivered messages to `targets` (of one campaign or all), oldest first, leaving
        out dead letters, given `due_by` rows whose next attempt is later, and given
        `shards` the rows another process delivers (see `ShardSet`)."""

    async def outbox_row(self, outbox_id: int) -> OutboxRow | None:
        """One outbox row by id, or None."""

    async def outbox_after(self, campaign_id: int, outbox_id: int) -> list[OutboxRow]:
        """The campaign's rows written after row `outbox_id`, delivered or not, in order."""

    async def add_outbox(
        self, campaign_id: int, outbox: Sequence[OutboxRecord], at: datetime
    ) -> None:
        """Queue messages that belong to no other act (a delivery alert)."""

    async def dead_letters(self, campaign_id: int | None = None) -> list[OutboxRow]:
        """Rows given up and not dropped since (of one campaign or all), oldest first."""

    def add_outbox_listener(self, listener: Callable[[], None]) -> None:
        """Call `listener` after each committed transaction that wrote outbox rows."""

    async def campaign_outbox(self, campaign_id: int) -> list[OutboxRow]:
        """Every message of the campaign, delivered or not, oldest first."""

    async def count_outbox(self, campaign_id: int) -> int:
        """How many messages, delivered or not, the campaign has produced."""

    async def mark_delivered(self, outbox_id: int, at: datetime) -> None:
        """Record a successful delivery; the row is no longer pending."""

    async def mark_failed(
        self,
        outbox_id: int,
        error: str,
        *,
        retry_at: datetime | None = None,
        given_up_at: datetime | None = None,
        held: bool = False,
    ) -> None:
        """Count a failed attempt and keep its error; the row stays pending (tried again
        from `retry_at`) unless `given_up_at` makes it a dead letter. `held`: a DM refused
        by closed DMs, also handed over when its player next uses a command."""

    async def held_outbox(self, user_id: str) -> list[OutboxRow]:
        """The user's held DMs (see `mark_failed`) still undelivered and not set aside."""

    # Prompt messages ------------------------------------------------------------------

    async def record_prompt_post(
        self,
        campaign_id: int,
        *,
        outbox_id: int,
        position: int,
        channel_id: str,
        message_id: str,
        content: str,
        seat: str = "",
        number: int = 0,
        fingerprint: str = "",
    ) -> None:
        """Remember a prompt message posted (or taken over, edited) for a "prompts opened"
        row, with the seat and number of the prompt it shows."""

    async def prompt_posts(
        self, campaign_id: int, *, outbox_id: int | None = None, open_only: bool = False
    ) -> list[PromptPostRow]:
        """The campaign's prompt messages (of one row, or only those still open), in order."""

    async def close_prompt_post(self, post_id: int, at: datetime) -> None:
        """Record that a prompt message lost its buttons."""

    # Deadlines and the schedule record --------------------------------------------------

    async def deadlines(self, campaign_id: int, *, pending_only: bool = True) -> list[DeadlineRow]:
        """The campaign's deadlines (only the pending ones by default), oldest first."""

    async def load_schedule(self, campaign_id: int) -> ScheduleRow | None:
        """The campaign's schedule record, or None before one was saved."""

    async def save_schedule(
        self,
        campaign_id: int,
        at: datetime,
        *,
        record: dict[str, Any] | None = None,
        expected_version: int | None = None,
        new_deadlines: Sequence[NewDeadline] = (),
        changed_deadlines: Sequence[DeadlineRow] = (),
        outbox: Sequence[OutboxRecord] = (),
        audit: AuditRecord | None = None,
    ) -> None:
        """One transaction: replace the schedule record (if given; `SeqConflict` unless it
        is still at `expected_version`, None meaning none saved yet), arm new deadlines,
        overwrite changed ones (by id) and write outbox rows and an audit record."""

    # When the scheduler looks next ------------------------------------------------------

    async def due_campaigns(self, now: datetime, *, after_id: int, limit: int) -> list[WakeRow]:
        """Up to `limit` running campaigns with id > `after_id`, by id, whose wake time is
        at or before `now` or that changed since the scheduler last looked. Every change to
        a running campaign, whichever method makes it, makes it due."""

    async def wake_changes(self, campaign_id: int) -> int | None:
        """How many changes the running campaign has had (None: it is not running)."""

    async def set_wake(
        self, campaign_id: int, at: datetime | None, *, expected_changes: int
    ) -> bool:
        """Make the campaign due at `at` (None: only on its next change), unless it changed
        since `wake_changes` said `expected_changes`; whether it was set."""

    # Which process runs the scheduler ---------------------------------------------------

    async def lead_scheduler(self) -> bool:
        """Whether this process runs the deadline scheduler now. One process alone holds
        the lead; asked again, the holder keeps it, and another process gets it once the
        holder has closed its store or died (SQLite: the only process always leads)."""
