"""Substitutes: a moderator opens a seat, a volunteer takes it and is told the seat's secrets.

The seat's tenure history (the `seats` table) keeps who held it when, and the log keeps who
gave each order, so the game's record stays true across the hand-over.
"""

from __future__ import annotations

import json

from bot.logging_setup import campaign_context
from bot.services.deadlines import ScheduleCore
from bot.services.errors import ServiceError, StaleSeq
from bot.services.notices import audit_record
from bot.services.outbox import SeatView, to_user
from bot.services.schedule_base import log
from bot.services.schedule_notices import channel_notice
from bot.storage import NewHolder, SeatTaken, SeqConflict

VIEW_TEXT_LIMIT = 1500  # the DM's text shows the view; the payload carries it whole


class ScheduleSubstitutes(ScheduleCore):
    async def open_seat(self, campaign_id: int, seat: str, *, actor: str, reason: str) -> None:
        """Offer a seat to a substitute (its holder, if any, keeps it until one takes it)."""
        campaign = await self._campaign(campaign_id)
        if campaign.status not in ("active", "paused"):
            raise ServiceError(f"service.error.campaign_{campaign.status}", campaign=campaign_id)
        if seat not in (await self._state(campaign)).seats:
            raise ServiceError("service.error.seat_not_in_campaign", seat=str(seat)[:40])
        record, version = await self._record(campaign_id)
        now = self._clock.now()
        holder = (await self._current_tenures(campaign_id)).get(seat)
        record.open_seats[seat] = 0 if holder is None else holder.id
        audit = audit_record(
            campaign,
            actor=actor,
            act="open_seat",
            reason=reason,
            at=now,
            seqs=[campaign.seq],
            detail={"seat": seat},
        )
        outbox = channel_notice(
            campaign, "schedule.notice.seat_open", seat=seat, campaign=campaign_id
        )
        await self._save(campaign_id, record=record, version=version, outbox=outbox, audit=audit)

    async def open_seats(self, campaign_id: int) -> list[str]:
        """Seats waiting for a substitute: opened, and not taken by anyone since."""
        await self._campaign(campaign_id)
        record, _ = await self._record(campaign_id)
        holders = await self._current_tenures(campaign_id)
        return sorted(
            seat
            for seat, tenure in record.open_seats.items()
            if (holders[seat].id if seat in holders else 0) == tenure
        )

    async def substitute(
        self, campaign_id: int, user_id: str, display_name: str, seat: str | None = None
    ) -> str:
        """The volunteer takes an open seat (the only one, if `seat` is None); their private
        view of it goes to them by DM at once."""
        campaign = await self._campaign(campaign_id)
        if campaign.status not in ("active", "paused"):
            raise ServiceError(f"service.error.campaign_{campaign.status}", campaign=campaign_id)
        open_now = await self.open_seats(campaign_id)
        if seat is None and len(open_now) == 1:
            seat = open_now[0]
        if seat is None or seat not in open_now:
            raise ServiceError(
                "schedule.error.seat_not_open", seat=str(seat or "-")[:40], open=open_now
            )
        holders = await self._current_tenures(campaign_id)
        if any(row.user_id == user_id for row in holders.values()):
            raise ServiceError("service.error.already_seated", seat=seat)
        state = await self._state(campaign)
        view = self._ruleset(campaign.ruleset).view(state, seat)
        now = self._clock.now()
        previous = holders.get(seat)
        audit = audit_record(
            campaign,
            actor=user_id,
            act="substitute",
            reason="volunteer",
            at=now,
            announce=False,
            seqs=[campaign.seq],
            detail={"seat": seat, "user_id": user_id, "previous": previous and previous.user_id},
        )
        welcome = SeatView(
            campaign_id=campaign_id,
            key="schedule.notice.your_seat",
            params={
                "seat": seat,
                "campaign": campaign_id,
                "ruleset": campaign.ruleset,
                "view": json.dumps(view, ensure_ascii=False, sort_keys=True)[:VIEW_TEXT_LIMIT],
            },
            view=view,
        )
        outbox = [to_user(campaign, user_id, welcome)]
        outbox += channel_notice(
            campaign, "schedule.notice.substituted", seat=seat, user_id=user_id
        )
        try:
            await self._store.replace_holder(
                campaign_id,
                NewHolder(seat, user_id, display_name, now),
                expected_seq=campaign.seq,
                audit=audit,
                outbox=outbox,
            )
        except (SeqConflict, SeatTaken):
            raise StaleSeq(campaign_id, (await self._campaign(campaign_id)).seq) from None
        with campaign_context(campaign_id):
            log.info("%s took %s as a substitute", user_id, seat)
        return seat
