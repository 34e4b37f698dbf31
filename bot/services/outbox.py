"""What leaves the application: one typed message per outbox row, and where it goes.

Every result reaches players through the outbox, written in the transaction of the act
that caused it: step reports, private notes, notices, audit announcements, moderator
alerts, and the two rows that make an adapter publish the board and the prompts
("board changed", "prompts opened"). The store keeps each message as opaque JSON; the
adapters parse it back with `parse_message` and render it (the Discord delivery loop, the
console's table). Messages carry keys and parameters, never composed text or mentions.

A campaign without a channel (a console table) has every row addressed to its table.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    model_serializer,
)

from bot.storage import CampaignRow, OutboxRecord, TargetKind


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True)

    campaign_id: int | None = None


class Report(_Message):
    """The public report of one step: public events only. `rolls` is empty for a step that
    also had private events, since a draw's value could give a secret away."""

    kind: Literal["report"] = "report"
    seq: int
    seat: str | None
    actor: str
    events: list[dict[str, Any]]
    rolls: list[dict[str, Any]]
    waiting_for: list[str]
    finished: bool
    scores: dict[str, int] | None


class PrivateNote(_Message):
    """The private events of one step that `seat` may see, for its holder."""

    kind: Literal["private"] = "private"
    seq: int
    seat: str
    events: list[dict[str, Any]]


class _Keyed(_Message):
    """A sentence from the catalogue: adapters show `translate(key, language, **params)`."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)


class Notice(_Keyed):
    """News for the table (the dice commitment, the seed revealed)."""

    kind: Literal["notice"] = "notice"


class Recap(_Keyed):
    """One post that sums a round, a war or the whole game up: a title (`key`, `params`)
    and its lines, each a catalogue key with its parameters."""

    kind: Literal["recap"] = "recap"
    lines: list[dict[str, Any]] = Field(default_factory=list)


class ScheduleNotice(_Keyed):
    """Deadlines, reminders, extensions, vacations, substitutes. Reminders and overdue
    notices name the user who must act (`params["user_id"]`)."""

    kind: Literal["schedule"] = "schedule"


class ModeratorAlert(_Keyed):
    """Something only a moderator can sort out: adapters call the moderators to it."""

    kind: Literal["moderator_alert"] = "moderator_alert"


class SeatView(_Keyed):
    """A new holder's welcome with the seat's private view."""

    kind: Literal["seat_view"] = "seat_view"
    view: dict[str, Any] = Field(default_factory=dict)


class AuditNotice(_Keyed):
    """A moderator's act told to the table: `params` hold act, actor, reason and seqs.
    The actor stays an id: the adapter decides how to name it (a mention, a plain name)."""

    kind: Literal["audit"] = "audit"
    key: str = "trust.audit.announce"


class BoardChanged(_Message):
    """The board moved at `seq`: the adapter draws the map of that step and posts it."""

    kind: Literal["board_changed"] = "board_changed"
    seq: int


class PromptsOpened(_Message):
    """From `seq` on, these are the campaign's decisions: the adapter closes the prompts it
    posted before and, when `open`, posts the prompts of `seq` (a paused or finished
    campaign has none open). After an undo, a take-back or a rollback, `undone_from` is the
    step the campaign went back from and `undone_since` when the first undone step was made:
    what the undone steps' reports told in prompt messages since then is taken out."""

    kind: Literal["prompts_opened"] = "prompts_opened"
    seq: int
    open: bool
    undone_from: int | None = None
    undone_since: datetime | None = None

    @model_serializer(mode="wrap")
    def _without_undo_unless_one(self, dump: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """Rows of ordinary steps keep the short form they always had."""
        dumped: dict[str, Any] = dump(self)
        if self.undone_from is None:
            dumped.pop("undone_from", None)
            dumped.pop("undone_since", None)
        return dumped


OutboxMessage = Annotated[
    Report
    | PrivateNote
    | Notice
    | Recap
    | ScheduleNotice
    | ModeratorAlert
    | SeatView
    | AuditNotice
    | BoardChanged
    | PromptsOpened,
    Field(discriminator="kind"),
]
_MESSAGES: TypeAdapter[OutboxMessage] = TypeAdapter(OutboxMessage)


def parse_message(payload: dict[str, Any]) -> OutboxMessage:
    """The typed message of a stored payload (pydantic's ValidationError if it is none)."""
    return _MESSAGES.validate_python(payload)


def _record(kind: TargetKind, target: str, message: _Message) -> OutboxRecord:
    return OutboxRecord(kind, target, message.model_dump(mode="json"))


def to_channel(channel_id: int | None, message: _Message) -> OutboxRecord:
    """A row for a campaign's channel, or its console table when it has none."""
    if channel_id is None:
        return _record("table", "", message)
    return _record("channel", str(channel_id), message)


def to_table(campaign: CampaignRow, message: _Message) -> OutboxRecord:
    """A row for everyone at the campaign's table: its channel, or the console's table."""
    return to_channel(campaign.channel_id, message)


def to_user(campaign: CampaignRow, user_id: str, message: _Message) -> OutboxRecord:
    """A row for one user: by DM, or on the console's table for a campaign without channel."""
    if campaign.channel_id is None:
        return _record("table", "", message)
    return _record("dm", user_id, message)
