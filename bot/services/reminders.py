"""Who the table is waiting for (and who keeps missing), and reminding them in time."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from bot.services.deadlines import ScheduleCore
from bot.services.errors import ServiceError
from bot.services.pace import reminder_times
from bot.services.schedule_notices import channel_notice, notice, unix
from bot.services.schedule_record import ReminderRoute, ScheduleRecord, TickReport, Waiting
from bot.storage import CampaignRow, DeadlineRow, OutboxRecord, TenureRow

ROUTES: tuple[ReminderRoute, ...] = ("channel", "dm")


class ScheduleReminders(ScheduleCore):
    async def waiting(self, campaign_id: int) -> list[Waiting]:
        """The seats that owe a decision now, with since when and their deadline."""
        campaign = await self._campaign(campaign_id)
        pending = await self._sync(campaign)
        record, _ = await self._record(campaign_id)
        holders = await self._current_tenures(campaign_id)
        now = self._clock.now()
        return [
            Waiting(
                seat=deadline.seat,
                user_id=holders[deadline.seat].user_id if deadline.seat in holders else None,
                kind=deadline.kind,
                urgency=deadline.urgency,
                since=deadline.armed_at,
                due_at=deadline.due_at,
                on_vacation=record.away(deadline.seat, now) is not None,
            )
            for deadline in pending
        ]

    async def flagged_seats(self, campaign_id: int) -> dict[str, int]:
        """Seats whose current holder missed at least the pace's number of deadlines in a
        row (moderators were told when it happened), with the count."""
        campaign = await self._campaign(campaign_id)
        await self._sync(campaign)
        record, _ = await self._record(campaign_id)
        seats = {d.seat for d in await self._store.deadlines(campaign_id, pending_only=False)}
        counts = {seat: await self._misses_in_a_row(campaign_id, seat) for seat in sorted(seats)}
        return {seat: n for seat, n in counts.items() if n >= record.pace.misses_before_flag}

    async def set_reminder_route(self, campaign_id: int, user_id: str, route: str) -> None:
        """Whether the player's reminders come in the channel or by direct message."""
        if route not in ROUTES:
            raise ServiceError("schedule.error.bad_route", route=str(route)[:20])
        await self._campaign(campaign_id)
        if user_id not in {
            row.user_id for row in (await self._current_tenures(campaign_id)).values()
        }:
            raise ServiceError("service.error.no_seat", campaign=campaign_id)
        record, version = await self._record(campaign_id)
        record.remind_via[user_id] = "dm" if route == "dm" else "channel"
        await self._save(campaign_id, record=record, version=version)

    def _reminders_due(
        self,
        campaign: CampaignRow,
        record: ScheduleRecord,
        pending: list[DeadlineRow],
        holders: dict[str, TenureRow],
        now: datetime,
        report: TickReport,
    ) -> tuple[list[DeadlineRow], list[OutboxRecord]]:
        """Reminders that came due, and the notice that a deadline passed into its grace.

        After a long outage only the latest reminder goes out: one ping, not a burst.
        """
        changed, outbox = [], []
        for deadline in pending:
            if record.away(deadline.seat, now) is not None:
                continue
            holder = holders.get(deadline.seat)
            user_id = None if holder is None else holder.user_id
            updated = deadline
            passed = sum(
                1
                for t in reminder_times(record.pace, deadline.armed_at, deadline.due_at)
                if t <= now
            )
            if passed > deadline.reminders_sent and now < deadline.due_at:
                outbox += notice(
                    campaign,
                    record.remind_via.get(user_id or "", "channel"),
                    user_id,
                    "schedule.notice.reminder",
                    seat=deadline.seat,
                    user_id=user_id or "",
                    due_unix=unix(deadline.due_at),
                )
                report.reminders += 1
            if passed > deadline.reminders_sent:
                updated = replace(updated, reminders_sent=passed)
            if now >= deadline.due_at and record.pace.grace_hours and not deadline.overdue_noticed:
                outbox += channel_notice(
                    campaign,
                    "schedule.notice.overdue",
                    seat=deadline.seat,
                    user_id=user_id or "",
                    grace_unix=unix(deadline.due_at + record.pace.grace),
                )
                updated = replace(updated, overdue_noticed=True)
                report.overdue_notices += 1
            if updated != deadline:
                changed.append(updated)
        return changed, outbox
