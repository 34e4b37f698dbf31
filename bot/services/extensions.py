"""More time: once per phase a player may ask for a capped extension; moderators may move a
deadline as they see fit. Every extension is announced to the table."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from bot.services.deadlines import ScheduleCore
from bot.services.errors import ServiceError
from bot.services.notices import audit_record
from bot.services.pace import MAX_HOURS, Pace, reminder_times, within_active_hours
from bot.services.schedule_notices import channel_notice, tidy_hours, unix
from bot.services.schedule_record import Waiting
from bot.storage import CampaignRow, DeadlineRow, OutboxRecord


def _positive_hours(hours: float) -> timedelta:
    """A sane extension: more than nothing, less than the longest pace (no NaN, no 10¹⁶)."""
    number = isinstance(hours, int | float) and not isinstance(hours, bool)
    if not (number and 0 < hours <= MAX_HOURS):
        raise ServiceError("schedule.error.bad_extension", hours=str(hours)[:20])
    return timedelta(hours=hours)


class ScheduleExtensions(ScheduleCore):
    async def request_extension(self, campaign_id: int, user_id: str, hours: float) -> Waiting:
        """The player's own extension: only while on the clock, capped, once per phase."""
        campaign = await self._campaign(campaign_id)
        self._require_active(campaign)
        seats = [
            s
            for s, row in (await self._current_tenures(campaign_id)).items()
            if row.user_id == user_id
        ]
        if not seats:
            raise ServiceError("service.error.no_seat", campaign=campaign_id)
        pending = [d for d in await self._sync(campaign) if d.seat in seats]
        if not pending:
            raise ServiceError("schedule.error.not_on_the_clock", campaign=campaign_id)
        deadline = pending[0]
        extra = _positive_hours(hours)
        record, version = await self._record(campaign_id)
        if extra > timedelta(hours=record.pace.extension_cap_hours):
            raise ServiceError(
                "schedule.error.extension_too_long",
                hours=hours,
                cap=record.pace.extension_cap_hours,
            )
        if record.extensions_used.get(deadline.seat) == deadline.phase:
            raise ServiceError("schedule.error.extension_used", seat=deadline.seat)
        record.extensions_used[deadline.seat] = deadline.phase
        moved = self._moved(
            deadline, within_active_hours(record.pace, deadline.due_at + extra), record.pace
        )
        await self._save(
            campaign_id,
            record=record,
            version=version,
            changed=[moved],
            outbox=self._announce(campaign, moved, user_id, hours),
        )
        return self._waiting(moved, user_id)

    async def extend_deadline(
        self, campaign_id: int, seat: str, *, hours: float, actor: str, reason: str
    ) -> Waiting:
        """A moderator's extension of a seat's pending deadline: no cap, audited."""
        campaign, deadline = await self._pending_for_moderator(campaign_id, seat)
        return await self._move_by_moderator(
            campaign, deadline, deadline.due_at + _positive_hours(hours), actor, reason, hours
        )

    async def set_deadline(
        self, campaign_id: int, seat: str, due_at: datetime, *, actor: str, reason: str
    ) -> Waiting:
        """A moderator sets a seat's pending deadline to a given (future) moment."""
        campaign, deadline = await self._pending_for_moderator(campaign_id, seat)
        self._require_future(due_at, self._clock.now())
        hours = round((due_at - deadline.due_at) / timedelta(hours=1), 2)
        return await self._move_by_moderator(campaign, deadline, due_at, actor, reason, hours)

    async def _pending_for_moderator(
        self, campaign_id: int, seat: str
    ) -> tuple[CampaignRow, DeadlineRow]:
        campaign = await self._campaign(campaign_id)
        self._require_active(campaign)
        deadline = await self._pending_of(campaign, seat)
        if deadline is None:
            raise ServiceError("schedule.error.seat_not_on_the_clock", seat=str(seat)[:40])
        return campaign, deadline

    async def _move_by_moderator(
        self,
        campaign: CampaignRow,
        deadline: DeadlineRow,
        due_at: datetime,
        actor: str,
        reason: str,
        hours: float,
    ) -> Waiting:
        record, version = await self._record(campaign.id)
        # A moderator's chosen time is kept as given, even outside active hours.
        moved = self._moved(deadline, due_at, record.pace)
        audit = audit_record(
            campaign,
            actor=actor,
            act="extend_deadline",
            reason=reason,
            at=self._clock.now(),
            seqs=[campaign.seq],
            detail={
                "seat": deadline.seat,
                "from": deadline.due_at.isoformat(),
                "to": due_at.isoformat(),
            },
        )
        await self._save(
            campaign.id,
            record=record,
            version=version,
            changed=[moved],
            outbox=self._announce(campaign, moved, actor, hours),
            audit=audit,
        )
        return self._waiting(moved, deadline.user_id)

    def _moved(self, deadline: DeadlineRow, due_at: datetime, pace: Pace) -> DeadlineRow:
        """The deadline moved to `due_at`; reminders already behind the new schedule count
        as sent, so an extension never triggers an immediate ping."""
        now = self._clock.now()
        passed = sum(1 for t in reminder_times(pace, deadline.armed_at, due_at) if t <= now)
        return replace(deadline, due_at=due_at, reminders_sent=passed, overdue_noticed=False)

    @staticmethod
    def _announce(
        campaign: CampaignRow, moved: DeadlineRow, by: str, hours: float
    ) -> list[OutboxRecord]:
        return channel_notice(
            campaign,
            "schedule.notice.extended",
            seat=moved.seat,
            by=by,
            hours=tidy_hours(hours),
            due_unix=unix(moved.due_at),
        )

    @staticmethod
    def _waiting(deadline: DeadlineRow, user_id: str | None) -> Waiting:
        return Waiting(
            seat=deadline.seat,
            user_id=user_id,
            kind=deadline.kind,
            urgency=deadline.urgency,
            since=deadline.armed_at,
            due_at=deadline.due_at,
            on_vacation=False,
        )
