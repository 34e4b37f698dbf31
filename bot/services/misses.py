"""Missed deadlines: the table is told of each, moderators of one too many in a row."""

from __future__ import annotations

from bot.services.schedule_base import ScheduleBase, log
from bot.services.schedule_notices import channel_notice
from bot.services.schedule_record import ScheduleRecord
from bot.storage import CampaignRow, DeadlineRow, OutboxRecord, TenureRow


class ScheduleMisses(ScheduleBase):
    async def _miss_notices(
        self,
        campaign: CampaignRow,
        record: ScheduleRecord,
        deadline: DeadlineRow,
        holders: dict[str, TenureRow],
    ) -> list[OutboxRecord]:
        """The table hears of the miss; moderators hear when it is one too many in a row."""
        rows = channel_notice(
            campaign,
            "schedule.notice.missed",
            seat=deadline.seat,
            kind=deadline.kind,
            policy=record.pace.policy(deadline.urgency),
        )
        in_a_row = 1 + await self._misses_in_a_row(campaign.id, deadline.seat, holders)
        log.info(
            "campaign %s: %s missed a deadline (%s in a row)", campaign.id, deadline.seat, in_a_row
        )
        if in_a_row == record.pace.misses_before_flag:
            rows += channel_notice(
                campaign,
                "schedule.notice.replacement_needed",
                payload_kind="moderator_alert",
                seat=deadline.seat,
                misses=in_a_row,
            )
        return rows

    async def _misses_in_a_row(
        self, campaign_id: int, seat: str, holders: dict[str, TenureRow] | None = None
    ) -> int:
        """Closed deadlines the seat's current holder missed since they last answered."""
        if holders is None:
            holders = await self._current_tenures(campaign_id)
        holder = holders.get(seat)
        tenure_start = None if holder is None else holder.started_at
        count = 0
        for deadline in reversed(await self._store.deadlines(campaign_id, pending_only=False)):
            if deadline.seat != seat or deadline.state in ("pending", "cancelled", "autopilot"):
                continue
            if tenure_start is not None and deadline.armed_at < tenure_start:
                break
            if deadline.state != "missed":
                break
            count += 1
        return count
