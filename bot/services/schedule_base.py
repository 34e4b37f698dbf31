"""What every part of the schedule shares: the campaign's schedule record (loaded and
saved with an optimistic version check), when a deadline falls, and the names the
scheduler signs its moves with in the log."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.services.core import ServicePart
from bot.services.errors import ServiceError
from bot.services.pace import due_after, within_active_hours
from bot.services.schedule_notices import unix
from bot.services.schedule_record import ScheduleRecord
from bot.storage import AuditRecord, DeadlineRow, NewDeadline, OutboxRecord, SeqConflict

log = logging.getLogger("courier.services.schedule")

# The log's actor for moves the scheduler makes: the default or the autopilot's choice for
# a missed deadline, or the autopilot standing in for an absent player.
MISSED_ACTOR = "courier:deadline"
MISSED_AUTOPILOT_ACTOR = "courier:deadline-autopilot"
AUTOPILOT_ACTOR = "courier:autopilot"
FURTHEST_AHEAD = timedelta(days=366)


class ScheduleChanged(ServiceError):
    """Someone else changed the schedule record at the same moment: try again."""

    def __init__(self, campaign_id: int) -> None:
        super().__init__("schedule.error.changed", campaign=campaign_id)


class ScheduleBase(ServicePart):
    # The record ------------------------------------------------------------------------

    async def _record(self, campaign_id: int) -> tuple[ScheduleRecord, int | None]:
        row = await self._store.load_schedule(campaign_id)
        if row is None:
            return ScheduleRecord(), None
        return ScheduleRecord.model_validate(row.record), row.version

    async def _save(
        self,
        campaign_id: int,
        *,
        record: ScheduleRecord | None = None,
        version: int | None = None,
        new: list[NewDeadline] | None = None,
        changed: list[DeadlineRow] | None = None,
        outbox: list[OutboxRecord] | None = None,
        audit: AuditRecord | None = None,
    ) -> None:
        try:
            await self._store.save_schedule(
                campaign_id,
                self._clock.now(),
                record=None if record is None else record.model_dump(mode="json"),
                expected_version=version,
                new_deadlines=new or [],
                changed_deadlines=changed or [],
                outbox=outbox or [],
                audit=audit,
            )
        except SeqConflict:
            raise ScheduleChanged(campaign_id) from None

    # When a deadline falls -------------------------------------------------------------

    @staticmethod
    def _due(record: ScheduleRecord, seat: str, start: datetime, urgency: str) -> datetime:
        """The deadline of a decision asked at `start`: the pace's duration, with the clock
        stopped while the seat's holder is away (pause-mode vacations), moved into the
        next active period."""
        pace = record.pace
        pausing = pace.vacation_mode == "pause"
        away = record.away(seat, start) if pausing else None
        if away is not None:
            start = away.ends_at
        due = due_after(pace, start, urgency)
        if pausing:
            for vacation in record.vacations_of(seat):
                if start <= vacation.starts_at < due:
                    due += vacation.ends_at - vacation.starts_at
        return within_active_hours(pace, due)

    @staticmethod
    def _require_future(moment: datetime, now: datetime) -> None:
        """A moment a player or moderator may name: aware, ahead, and within a year (so
        date arithmetic on it can never run off the calendar)."""
        if not isinstance(moment, datetime) or moment.tzinfo is None:
            raise ServiceError("schedule.error.naive_time")
        if moment <= now:
            raise ServiceError("schedule.error.in_the_past", when=unix(moment), now=unix(now))
        if moment > now + FURTHEST_AHEAD:
            raise ServiceError("schedule.error.too_far", when=unix(moment))
