"""Deadlines that follow the prompts: armed when a seat is asked, closed when it answers.

`_sync` compares the stored pending deadlines with the prompts of the newest state and the
log since each was armed. It is idempotent and keyed on the newest log entry, so it can run
after every action, on every tick and after a restart with the same result: a deadline
closes as answered, missed (the scheduler played the default), autopilot or cancelled, and
every seat that owes a decision and has none gets one. A moderator's pause, read from the
audit trail, pushes pending deadlines back by its length when play resumes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.services.misses import ScheduleMisses
from bot.services.models import ActionReport
from bot.services.schedule_base import (
    AUTOPILOT_ACTOR,
    MISSED_ACTOR,
    MISSED_AUTOPILOT_ACTOR,
    ScheduleChanged,
)
from bot.services.schedule_record import ScheduleRecord
from bot.storage import (
    ActionRecord,
    AuditRow,
    CampaignRow,
    DeadlineRow,
    NewDeadline,
    OutboxRecord,
    TenureRow,
)
from rulesets.core import BaseState, Prompt, legal_prompts

_CLOSED_BY_ACTOR = {
    MISSED_ACTOR: "missed",
    MISSED_AUTOPILOT_ACTOR: "missed",
    AUTOPILOT_ACTOR: "autopilot",
}
# Acts after which a new deadline counts from the act, not from the last log entry.
_RESTARTING_ACTS = {"undo", "rollback", "resume", "correct", "import"}
_SYNC_ATTEMPTS = 3


@dataclass(frozen=True)
class Synced:
    """The pending deadlines after a sync, and the schedule record (with its version)
    read before them."""

    pending: list[DeadlineRow]
    record: ScheduleRecord
    version: int | None


class ScheduleCore(ScheduleMisses):
    async def _follow_step(self, campaign: CampaignRow, report: ActionReport) -> None:
        """A step hook (see `CampaignSchedule`): the deadlines follow the new prompts at
        once. Sync is idempotent, so the tick would catch up anyway, but players should see
        their new deadline with the new prompt."""
        await self._sync(await self._campaign(campaign.id))

    # Following the prompts -------------------------------------------------------------

    async def _sync(self, campaign: CampaignRow) -> list[DeadlineRow]:
        """Bring the pending deadlines in line with the prompts; return the pending ones."""
        return (await self._synced(campaign)).pending

    async def _synced(self, campaign: CampaignRow) -> Synced:
        """Like `_sync`, with the schedule record the deadlines were brought in line with
        (read before them), so that a caller need not read it again."""
        for _ in range(_SYNC_ATTEMPTS):
            try:
                return await self._sync_once(campaign)
            except ScheduleChanged:
                campaign = await self._campaign(campaign.id)
        return await self._as_stored(campaign.id)

    async def _as_stored(self, campaign_id: int) -> Synced:
        # The record first: anyone who changes deadlines after this read bumps its version.
        record, version = await self._record(campaign_id)
        return Synced(await self._store.deadlines(campaign_id), record, version)

    async def _sync_once(self, campaign: CampaignRow) -> Synced:
        if campaign.status not in ("active", "finished") or campaign.seq < 0:
            # Paused: everything waits. Ended in the lobby: there is no log to follow.
            return await self._as_stored(campaign.id)
        record, version = await self._record(campaign.id)
        pending = await self._store.deadlines(campaign.id)
        [latest] = await self._store.recent_actions(campaign.id, limit=1)
        marker = f"{latest.seq}:{latest.state_hash}"
        audit = await self._store.audit_log(campaign.id)
        unseen = [row for row in audit if row.id > record.audit_seen]
        shift = _paused_for(audit, record.audit_seen)
        if marker == record.synced and not unseen:
            return Synced(pending, record, version)
        changed: dict[int, DeadlineRow] = {}
        if shift:
            for deadline in pending:
                changed[deadline.id] = replace(deadline, due_at=deadline.due_at + shift)
        outbox: list[OutboxRecord] = []
        state = await self._state(campaign)
        prompts = {p.seat: p for p in legal_prompts(self._ruleset(campaign.ruleset), state)}
        oldest = min((deadline.armed_seq for deadline in pending), default=campaign.seq)
        since = await self._store.actions(campaign.id, after_seq=oldest)
        now = self._clock.now()
        holders = await self._current_tenures(campaign.id)
        kept: set[str] = set()
        for deadline in pending:
            current = changed.get(deadline.id, deadline)
            closing = _closing_state(current, campaign.seq, since, prompts)
            if closing is None:
                kept.add(deadline.seat)
                continue
            changed[deadline.id] = replace(current, state=closing, closed_at=now)
            if closing == "missed":
                outbox += await self._miss_notices(campaign, record, current, holders)
        start = max([latest.at, *(row.at for row in unseen if row.act in _RESTARTING_ACTS)])
        new = self._arm(campaign, state, record, prompts, kept, start, holders)
        record.synced = marker
        record.audit_seen = max([record.audit_seen, *(row.id for row in unseen)])
        await self._save(
            campaign.id,
            record=record,
            version=version,
            new=new,
            changed=list(changed.values()),
            outbox=outbox,
        )
        return await self._as_stored(campaign.id)

    def _arm(
        self,
        campaign: CampaignRow,
        state: BaseState,
        record: ScheduleRecord,
        prompts: dict[str, Prompt],
        kept: set[str],
        start: datetime,
        holders: dict[str, TenureRow],
    ) -> list[NewDeadline]:
        if not prompts.keys() - kept:
            return []
        view = self._ruleset(campaign.ruleset).view(state, None)
        new = []
        for seat, prompt in sorted(prompts.items()):
            if seat in kept:
                continue
            phase = str(view.get("phase", prompt.kind))
            if record.extensions_used.get(seat, phase) != phase:
                del record.extensions_used[seat]  # a new phase: a new extension
            holder = holders.get(seat)
            new.append(
                NewDeadline(
                    seat=seat,
                    kind=prompt.kind,
                    urgency=prompt.urgency,
                    phase=phase,
                    user_id=None if holder is None else holder.user_id,
                    armed_seq=campaign.seq,
                    armed_at=start,
                    due_at=self._due(record, seat, start, prompt.urgency),
                )
            )
        return new

    async def _pending_of(self, campaign: CampaignRow, seat: str) -> DeadlineRow | None:
        return next((d for d in await self._sync(campaign) if d.seat == seat), None)


def _paused_for(audit: list[AuditRow], seen: int) -> timedelta:
    """How long the campaign stood paused in the pauses that ended after audit row `seen`
    (the pause itself may have been read before: only its resume counts it)."""
    total = timedelta()
    paused_at: datetime | None = None
    for row in audit:
        if row.act == "pause":
            paused_at = row.at
        elif row.act == "resume" and paused_at is not None:
            if row.id > seen:
                total += row.at - paused_at
            paused_at = None
    return total


def _closing_state(
    deadline: DeadlineRow, seq: int, since: list[ActionRecord], prompts: dict[str, Prompt]
) -> str | None:
    """How a pending deadline ends now, or None while its seat still owes the decision."""
    if deadline.armed_seq > seq:
        return "cancelled"  # the log was cut back behind it
    acted = next(
        (e for e in since if e.seat == deadline.seat and deadline.armed_seq < e.seq <= seq), None
    )
    if acted is not None:
        return _CLOSED_BY_ACTOR.get(acted.actor, "answered")
    prompt = prompts.get(deadline.seat)
    # Another seat's move may put a different question to this one (an ally's call for
    # support during its turn): a new decision gets its own deadline.
    return None if prompt is not None and prompt.kind == deadline.kind else "cancelled"
