"""Asynchronous play over weeks: the campaign's pace and the scheduler that enforces it.

`CampaignSchedule` is the part of `CampaignService` that owns deadlines, reminders,
extensions, vacations, substitutes and the autopilot. `Scheduler.tick()` fires everything
due by the service's clock; the Discord adapter calls it in a loop, tests call it by hand
with a `FakeClock`. Everything lives in the database, so a restarted bot picks up exactly
where it stopped: a deadline missed while it was down fires once, at the first tick.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.logging_setup import campaign_context
from bot.services.autopilot import ScheduleAutopilot, Stand_in
from bot.services.core import ServiceCore
from bot.services.errors import ServiceError, StaleSeq
from bot.services.extensions import ScheduleExtensions
from bot.services.notices import audit_record
from bot.services.pace import PRESETS, Pace, checked_pace
from bot.services.reminders import ScheduleReminders
from bot.services.schedule_base import ScheduleChanged
from bot.services.schedule_notices import channel_notice, tidy_hours
from bot.services.schedule_record import ScheduleRecord, TickReport
from bot.services.substitutes import ScheduleSubstitutes
from bot.services.vacations import ScheduleVacations
from bot.services.wake import next_wake
from bot.storage import CampaignRow, DeadlineRow, TenureRow

log = logging.getLogger("courier.services.schedule")

# A tick plays at most this many stand-in moves per campaign, so that a game of autopilots
# cannot hold the scheduler; the next tick carries on.
MAX_STAND_INS_PER_TICK = 200
# How many due campaigns one read of the wake index returns.
WAKE_BATCH = 100
# How many of them are visited at the same time. Two let their writes share commits
# (`bot.storage.sqlite_commits`) and drained a little faster on a busy machine, but orders
# given meanwhile waited longer (p50 x2.3, p99 x1.7 of the quiet figures against x1.7 and
# x1.8 with one): players first.
VISITS_AT_ONCE = 1
# Players' orders go first: before each look and each move a visit steps aside while
# orders are in progress, this long at most. No longer than a turn of the loop: on a busy
# machine orders are nearly always in progress, and a 50 ms wait slowed a drain threefold
# without making the orders faster.
ORDERS_FIRST_FOR = 0.0


@dataclass(frozen=True)
class _Look:
    """What one look at a due campaign read. The wake index's count of changes is read
    first, so that a change made after any of the rest makes the wake time computed from
    them land nowhere (the campaign stays due)."""

    changes: int | None
    campaign: CampaignRow
    record: ScheduleRecord
    version: int | None
    pending: list[DeadlineRow]
    holders: dict[str, TenureRow]


class CampaignSchedule(
    ScheduleAutopilot,
    ScheduleReminders,
    ScheduleVacations,
    ScheduleExtensions,
    ScheduleSubstitutes,
):
    def __init__(self, core: ServiceCore) -> None:
        super().__init__(core)
        self._planned_wakes: list[tuple[int, datetime | None, int]] = []
        # Deadlines follow every committed step, whichever part committed it.
        core.step_hooks.append(self._follow_step)

    # Pace ------------------------------------------------------------------------------

    async def pace(self, campaign_id: int) -> Pace:
        await self._campaign(campaign_id)
        return (await self._record(campaign_id))[0].pace

    async def set_pace(
        self,
        campaign_id: int,
        changes: dict[str, Any],
        *,
        actor: str,
        reason: str,
        by_moderator: bool = True,
    ) -> Pace:
        """Change the pace (`{"preset": "brisk"}` or any `Pace` field); pending deadlines
        keep their time, new ones follow the new pace. Announced and audited; announced as a
        moderator's act only `by_moderator` (not the creator's choice at creation)."""
        campaign = await self._campaign(campaign_id)
        if campaign.status == "finished":
            raise ServiceError("service.error.campaign_finished", campaign=campaign_id)
        if not isinstance(changes, dict):
            raise ServiceError("schedule.error.bad_pace", setting="pace", value=str(changes)[:40])
        changes = dict(changes)
        preset = changes.pop("preset", None)
        if preset is not None:
            if not isinstance(preset, str) or preset not in PRESETS:
                raise ServiceError("schedule.error.unknown_preset", preset=str(preset)[:20])
            changes = PRESETS[preset] | changes
        record, version = await self._record(campaign_id)
        record.pace = checked_pace(record.pace, changes)
        audit = audit_record(
            campaign,
            actor=actor,
            act="set_pace",
            reason=reason,
            at=self._clock.now(),
            seqs=[max(campaign.seq, 0)],
            detail={"pace": record.pace.model_dump(mode="json")},
            announce=by_moderator,
        )
        outbox = channel_notice(
            campaign,
            "schedule.notice.pace",
            turn=tidy_hours(record.pace.hours["turn"]),
            reaction=tidy_hours(record.pace.hours["reaction"]),
            zone=record.pace.time_zone,
        )
        await self._save(campaign_id, record=record, version=version, outbox=outbox, audit=audit)
        return record.pace

    # The scheduler's work --------------------------------------------------------------

    async def run_due(self) -> TickReport:
        """Everything due by the clock in the running campaigns (paused ones wait). Only the
        campaigns whose wake time has come are read, in batches by id (`bot.services.wake`),
        so idle campaigns cost nothing; `VISITS_AT_ONCE` are visited at the same time, each
        stepping aside for players' orders between its steps; a batch's wake times are
        written together at its end."""
        report = TickReport()
        now = self._clock.now()
        after = 0
        while batch := await self._store.due_campaigns(now, after_id=after, limit=WAKE_BATCH):
            waiting = iter([due.campaign_id for due in batch])
            visitors = (self._visit_each(waiting, report) for _ in range(VISITS_AT_ONCE))
            await asyncio.gather(*visitors)
            await self._write_wakes()
            after = batch[-1].campaign_id
        return report

    async def _write_wakes(self) -> None:
        """The wake times planned in a batch, written together: they share a commit or two
        instead of one each (a campaign changed meanwhile keeps its earlier, sooner one)."""
        planned, self._planned_wakes = self._planned_wakes, []
        writes = (
            self._store.set_wake(campaign_id, wake, expected_changes=changes)
            for campaign_id, wake, changes in planned
        )
        for outcome in await asyncio.gather(*writes, return_exceptions=True):
            if isinstance(outcome, Exception):
                log.error("a wake time was not written (the campaign stays due): %r", outcome)

    async def _visit_each(self, waiting: Iterator[int], report: TickReport) -> None:
        """Visit the campaigns `waiting` holds, one after the other, until it is empty (the
        other visitors take from the same iterator)."""
        for campaign_id in waiting:
            try:
                report.add(await self._run_campaign(campaign_id))
            except Exception:
                # One broken campaign must not stop the clock of the others (it stays
                # due, so the next tick tries it again).
                with campaign_context(campaign_id):
                    log.exception("the scheduler failed on this campaign")
            await asyncio.sleep(0)  # players' orders between two campaigns

    async def _look(self, campaign_id: int) -> _Look:
        """Read what the scheduler decides from, bringing the deadlines in line first."""
        changes = await self._store.wake_changes(campaign_id)
        campaign = await self._campaign(campaign_id)
        synced = await self._synced(campaign)
        holders = await self._current_tenures(campaign_id)
        return _Look(changes, campaign, synced.record, synced.version, synced.pending, holders)

    def _plan_wake(self, look: _Look) -> None:
        """Plan when the clock next brings this campaign work, written at the end of the
        batch unless it changed since `look` read it (the wake time computed from a look
        before a change might be too late)."""
        if look.changes is None or look.campaign.status != "active":
            return  # not running: it has no wake time
        now = self._clock.now()
        held = set(look.holders)
        wake = next_wake(
            look.record,
            look.pending,
            now,
            lambda deadline: self._autopiloted(look.record, deadline, now, held),
        )
        self._planned_wakes.append((look.campaign.id, wake, look.changes))

    async def _run_campaign(self, campaign_id: int) -> TickReport:
        """One visit: stand-in moves while any is due (a bounded number), then the
        reminders, then the next wake time."""
        report = TickReport()
        for _ in range(MAX_STAND_INS_PER_TICK):
            await self._gates.after_orders(ORDERS_FIRST_FOR)
            look = await self._look(campaign_id)
            if look.campaign.status != "active":
                return report
            stand_in = self._next_stand_in(look.record, look.pending, set(look.holders))
            if stand_in is None:
                if await self._remind(look, report):
                    look = await self._look(campaign_id)  # its own write changed it
                self._plan_wake(look)
                return report
            deadline, how, missed = stand_in
            await self._gates.after_orders(ORDERS_FIRST_FOR)
            try:
                played = await self._play_for(look.campaign, deadline.seat, how, missed=missed)
            except StaleSeq:
                continue  # the player answered meanwhile: look again
            if played is None:
                break
            report.campaigns.add(campaign_id)
            if missed:
                report.missed += 1
            else:
                report.autopilots += 1
        self._plan_wake(await self._look(campaign_id))
        return report

    async def _remind(self, look: _Look, report: TickReport) -> bool:
        """Send the reminders and overdue notices due now; whether anything was written."""
        noticed = TickReport()
        changed, outbox = self._reminders_due(
            look.campaign, look.record, look.pending, look.holders, self._clock.now(), noticed
        )
        if not changed and not outbox:
            return False
        try:
            await self._save(
                look.campaign.id,
                record=look.record,
                version=look.version,
                changed=changed,
                outbox=outbox,
            )
        except ScheduleChanged:
            return True  # a player who moved meanwhile wins; the next tick looks again
        report.add(noticed)
        return True

    def _next_stand_in(
        self, record: ScheduleRecord, pending: list[DeadlineRow], held: set[str]
    ) -> tuple[DeadlineRow, Stand_in, bool] | None:
        """The first prompt the scheduler answers now, how, and whether it was missed."""
        now = self._clock.now()
        for deadline in pending:
            if self._autopiloted(record, deadline, now, held):
                return deadline, "autopilot", False
        for deadline in pending:
            away = record.away(deadline.seat, now) is not None
            if not away and now >= deadline.due_at + record.pace.grace:
                return deadline, record.pace.policy(deadline.urgency), True
        return None


class Scheduler:
    """Fires what is due by the service's clock: call `tick()` every minute or so."""

    def __init__(self, service: CampaignSchedule) -> None:
        self._service = service

    async def tick(self) -> TickReport:
        report = await self._service.run_due()
        if report.reminders or report.missed or report.autopilots:
            log.info(
                "tick: %s reminders, %s missed deadlines, %s autopilot moves",
                report.reminders,
                report.missed,
                report.autopilots,
            )
        return report
