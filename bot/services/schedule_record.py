"""What the schedule keeps per campaign, and what it hands to adapters.

The record is one JSON document per campaign (`campaign_schedule`): the pace, the seats
played by the autopilot, seats open to a substitute, vacations, reminder preferences and
the bookkeeping that lets the scheduler pick up where it stopped after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.services.pace import Pace

ReminderRoute = Literal["channel", "dm"]


class Vacation(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: str
    user_id: str
    starts_at: datetime
    ends_at: datetime

    def covers(self, moment: datetime) -> bool:
        return self.starts_at <= moment < self.ends_at


class ScheduleRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pace: Pace = Field(default_factory=Pace)
    autopilot_seats: list[str] = Field(default_factory=list)
    # seat -> the tenure (0: none) it had when a moderator opened it; the seat stays open
    # until that tenure is replaced
    open_seats: dict[str, int] = Field(default_factory=dict)
    vacations: list[Vacation] = Field(default_factory=list)
    remind_via: dict[str, ReminderRoute] = Field(default_factory=dict)
    # seat -> the phase in which the seat's holder used their one extension
    extensions_used: dict[str, str] = Field(default_factory=dict)
    # Bookkeeping: the log entry the deadlines last followed, the last audit row read.
    synced: str = ""
    audit_seen: int = 0

    def vacations_of(self, seat: str) -> list[Vacation]:
        return sorted(
            (vacation for vacation in self.vacations if vacation.seat == seat),
            key=lambda vacation: vacation.starts_at,
        )

    def away(self, seat: str, moment: datetime) -> Vacation | None:
        return next((v for v in self.vacations_of(seat) if v.covers(moment)), None)


@dataclass(frozen=True)
class Waiting:
    """A seat the table is waiting for: since when, until when (`due_unix` for
    Discord's `<t:…:R>`), and whether its holder is away."""

    seat: str
    user_id: str | None
    kind: str
    urgency: str
    since: datetime
    due_at: datetime
    on_vacation: bool

    @property
    def due_unix(self) -> int:
        return int(self.due_at.timestamp())


@dataclass
class TickReport:
    """What one scheduler tick did, and which campaigns changed (to refresh their prompts)."""

    reminders: int = 0
    overdue_notices: int = 0
    missed: int = 0
    autopilots: int = 0
    campaigns: set[int] = field(default_factory=set)

    def add(self, other: TickReport) -> None:
        self.reminders += other.reminders
        self.overdue_notices += other.overdue_notices
        self.missed += other.missed
        self.autopilots += other.autopilots
        self.campaigns |= other.campaigns
