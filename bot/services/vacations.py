"""Vacations: a player announces an absence in advance; their clock stops meanwhile, or the
autopilot plays for them, as the campaign's pace says."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from bot.services.deadlines import ScheduleCore
from bot.services.errors import ServiceError
from bot.services.pace import within_active_hours
from bot.services.schedule_notices import channel_notice, unix
from bot.services.schedule_record import Vacation


class ScheduleVacations(ScheduleCore):
    async def declare_vacation(
        self, campaign_id: int, user_id: str, starts_at: datetime, ends_at: datetime
    ) -> Vacation:
        """Record an absence of the user's seat, announced to the table."""
        campaign = await self._campaign(campaign_id)
        if campaign.status == "finished":
            raise ServiceError("service.error.campaign_finished", campaign=campaign_id)
        seat = next(
            (
                s
                for s, row in (await self._current_tenures(campaign_id)).items()
                if row.user_id == user_id
            ),
            None,
        )
        if seat is None:
            raise ServiceError("service.error.no_seat", campaign=campaign_id)
        now = self._clock.now()
        self._require_future(starts_at, now)
        self._require_future(ends_at, now)
        if ends_at <= starts_at:
            raise ServiceError("schedule.error.vacation_backwards")
        pending = await self._sync(campaign)
        record, version = await self._record(campaign_id)
        longest = timedelta(days=record.pace.vacation_max_days)
        if ends_at - starts_at > longest:
            raise ServiceError(
                "schedule.error.vacation_too_long",
                days=round((ends_at - starts_at) / timedelta(days=1), 1),
                cap=record.pace.vacation_max_days,
            )
        if any(v.starts_at < ends_at and starts_at < v.ends_at for v in record.vacations_of(seat)):
            raise ServiceError("schedule.error.vacation_overlaps", seat=seat)
        vacation = Vacation(seat=seat, user_id=user_id, starts_at=starts_at, ends_at=ends_at)
        record.vacations = [v for v in record.vacations if v.ends_at > now] + [vacation]
        changed = []
        if record.pace.vacation_mode == "pause":
            # A pending deadline that would fall during or after the absence keeps the time
            # that was left when the absence began.
            for deadline in pending:
                if deadline.seat == seat and starts_at < deadline.due_at:
                    later = within_active_hours(
                        record.pace, deadline.due_at + (ends_at - starts_at)
                    )
                    changed.append(replace(deadline, due_at=later))
        outbox = channel_notice(
            campaign,
            "schedule.notice.vacation",
            seat=seat,
            user_id=user_id,
            mode=record.pace.vacation_mode,
            from_unix=unix(starts_at),
            until_unix=unix(ends_at),
        )
        await self._save(
            campaign_id, record=record, version=version, changed=changed, outbox=outbox
        )
        return vacation

    async def vacations(self, campaign_id: int) -> list[Vacation]:
        """Absences not yet over, soonest first."""
        await self._campaign(campaign_id)
        record, _ = await self._record(campaign_id)
        now = self._clock.now()
        return sorted((v for v in record.vacations if v.ends_at > now), key=lambda v: v.starts_at)
