"""Asynchronous play over weeks: the campaign's pace and the scheduler that enforces it.

`CampaignSchedule` is the part of `CampaignService` that owns deadlines, reminders,
extensions, vacations, substitutes and the autopilot. `Scheduler.tick()` fires everything
due by the service's clock; the Discord adapter calls it in a loop, tests call it by hand
with a `FakeClock`. Everything lives in the database, so a restarted bot picks up exactly
where it stopped: a deadline missed while it was down fires once, at the first tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
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
from bot.storage import DeadlineRow

log = logging.getLogger("courier.services.schedule")

# A tick plays at most this many stand-in moves per campaign, so that a game of autopilots
# cannot hold the scheduler; the next tick carries on.
MAX_STAND_INS_PER_TICK = 200
# How many due campaigns one read of the wake index returns.
WAKE_BATCH = 100


class CampaignSchedule(
    ScheduleAutopilot,
    ScheduleReminders,
    ScheduleVacations,
    ScheduleExtensions,
    ScheduleSubstitutes,
):
    def __init__(self, core: ServiceCore) -> None:
        super().__init__(core)
        # Deadlines follow every committed step, whichever part committed it.
        core.step_hooks.append(self._follow_step)

    # Pace ------------------------------------------------------------------------------

    async def pace(self, campaign_id: int) -> Pace:
        await self._campaign(campaign_id)
        return (await self._record(campaign_id))[0].pace

    async def set_pace(
        self, campaign_id: int, changes: dict[str, Any], *, actor: str, reason: str
    ) -> Pace:
        """Change the pace (`{"preset": "brisk"}` or any `Pace` field); pending deadlines
        keep their time, new ones follow the new pace. Announced and audited."""
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
        so idle campaigns cost nothing and a backlog drains while clicks get their turn."""
        report = TickReport()
        now = self._clock.now()
        after = 0
        while batch := await self._store.due_campaigns(now, after_id=after, limit=WAKE_BATCH):
            for due in batch:
                try:
                    report.add(await self._run_campaign(due.campaign_id))
                    await self._plan_wake(due.campaign_id)
                except Exception:
                    # One broken campaign must not stop the clock of the others (it stays
                    # due, so the next tick tries it again).
                    with campaign_context(due.campaign_id):
                        log.exception("the scheduler failed on this campaign")
                await asyncio.sleep(0)  # players' orders between two campaigns
            after = batch[-1].campaign_id
        return report

    async def _plan_wake(self, campaign_id: int) -> None:
        """Store when the clock next brings this campaign work (unless it changed since)."""
        changes = await self._store.wake_changes(campaign_id)
        if changes is None:
            return  # no longer running: it has no wake time
        pending = await self._store.deadlines(campaign_id)
        record, _ = await self._record(campaign_id)
        held = set(await self._current_tenures(campaign_id))
        now = self._clock.now()
        wake = next_wake(
            record, pending, now, lambda deadline: self._autopiloted(record, deadline, now, held)
        )
        await self._store.set_wake(campaign_id, wake, expected_changes=changes)

    async def _run_campaign(self, campaign_id: int) -> TickReport:
        report = TickReport()
        for _ in range(MAX_STAND_INS_PER_TICK):
            campaign = await self._campaign(campaign_id)
            if campaign.status != "active":
                break
            pending = await self._sync(campaign)
            record, version = await self._record(campaign_id)
            holders = await self._current_tenures(campaign_id)
            now = self._clock.now()
            stand_in = self._next_stand_in(record, pending, set(holders))
            if stand_in is None:
                noticed = TickReport()
                changed, outbox = self._reminders_due(
                    campaign, record, pending, holders, now, noticed
                )
                if changed or outbox:
                    # A player who moved meanwhile wins; the next tick looks again.
                    with contextlib.suppress(ScheduleChanged):
                        await self._save(
                            campaign_id,
                            record=record,
                            version=version,
                            changed=changed,
                            outbox=outbox,
                        )
                        report.add(noticed)
                break
            deadline, how, missed = stand_in
            try:
                played = await self._play_for(campaign, deadline.seat, how, missed=missed)
            except StaleSeq:
                continue  # the player answered meanwhile: look again
            if played is None:
                break
            report.campaigns.add(campaign_id)
            if missed:
                report.missed += 1
            else:
                report.autopilots += 1
        await self._sync(await self._campaign(campaign_id))
        return report

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
