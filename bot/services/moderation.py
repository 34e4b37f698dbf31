"""Moderators' acts: undo, rollback, pause, resume and ending a campaign; and the one undo
a player may do alone, taking back their own last order (`bot.services.takeback`).

Who may do these is the adapter's decision; the service records who did and why in the
audit trail, and keeps whatever an undo removes there, so nothing is ever lost.
"""

from __future__ import annotations

import logging
from dataclasses import asdict
from typing import Any

from bot.logging_setup import campaign_context
from bot.services.board import MAP_POLICIES, board_moment, board_signature
from bot.services.core import ServicePart
from bot.services.errors import ServiceError, StaleSeq
from bot.services.models import ActionReport, AuditEntry, LogEntry
from bot.services.notices import audit_record, publication, seed_revealed
from bot.services.takeback import takeback_refusal
from bot.storage import CampaignRow, CampaignStatus, OutboxRecord, SeqConflict
from rulesets.core import legal_prompts

log = logging.getLogger("courier.services.moderation")


class CampaignModeration(ServicePart):
    async def undo_last(self, campaign_id: int, *, actor: str, reason: str) -> ActionReport:
        """Take back the newest action (never the set-up)."""
        campaign = await self._campaign(campaign_id)
        if campaign.seq < 1:
            raise ServiceError("service.error.nothing_to_undo", campaign=campaign_id)
        return await self._truncate(campaign, campaign.seq - 1, "undo", actor, reason)

    async def take_back(
        self, campaign_id: int, user_id: str, *, seq: int | None = None
    ) -> ActionReport:
        """The player takes back their own newest order (the one of step `seq`, if given),
        if nothing came of it yet that anyone could have learned from; refused with the
        reason otherwise (the moderators' undo remains). Audited and announced like an
        undo; the deadline is not renewed."""
        with campaign_context(campaign_id):
            async with self._gates.one_at_a_time(campaign_id):
                campaign = await self._campaign(campaign_id)
                self._require_active(campaign)
                if seq is not None and seq != campaign.seq:
                    raise ServiceError("service.takeback.moved_on", seq=seq)
                if campaign.seq < 1:
                    raise ServiceError("service.takeback.nothing_yours", campaign=campaign_id)
                records = await self._store.actions(campaign_id, after_seq=campaign.seq - 1)
                entry = LogEntry.from_record(records[0])
                tenures = await self._current_tenures(campaign_id)
                held = [seat for seat, row in tenures.items() if row.user_id == user_id]
                rules = self._ruleset(campaign.ruleset)
                before = await self._state(campaign, campaign.seq - 1)
                asked = legal_prompts(rules, before, entry.seat) if entry.seat else []
                still_open = legal_prompts(rules, await self._state(campaign))
                refusal = takeback_refusal(entry, user_id, held, asked, still_open)
                if refusal is not None:
                    raise ServiceError(refusal.key, campaign=campaign_id, seq=entry.seq)
                return await self._truncate(
                    campaign, entry.seq - 1, "takeback", user_id, "", {"seat": entry.seat}
                )

    async def rollback(
        self, campaign_id: int, to_seq: int, *, actor: str, reason: str
    ) -> ActionReport:
        """Go back to the situation after log entry `to_seq`, removing every later one."""
        campaign = await self._campaign(campaign_id)
        if not 0 <= to_seq < campaign.seq:
            raise ServiceError("service.error.bad_rollback", seq=to_seq, current=campaign.seq)
        return await self._truncate(campaign, to_seq, "rollback", actor, reason)

    async def _truncate(
        self,
        campaign: CampaignRow,
        to_seq: int,
        act: str,
        actor: str,
        reason: str,
        detail: dict[str, Any] | None = None,
    ) -> ActionReport:
        # A finished campaign's seed is public: replaying its dice again would be known.
        if campaign.status in ("lobby", "finished"):
            raise ServiceError(f"service.error.campaign_{campaign.status}", campaign=campaign.id)
        with campaign_context(campaign.id):
            removed = await self._store.actions(campaign.id, after_seq=to_seq)
            audit = audit_record(
                campaign,
                actor=actor,
                act=act,
                reason=reason,
                at=self._clock.now(),
                seqs=[entry.seq for entry in removed],
                detail=(detail or {})
                | {"removed": [asdict(entry) | {"at": entry.at.isoformat()} for entry in removed]},
            )
            rules = self._ruleset(campaign.ruleset)
            earlier = await self._state(campaign, to_seq)
            signature = board_signature(rules, earlier)
            outbox = publication(
                campaign,
                to_seq,
                prompts_open=campaign.status == "active",
                board_changed=signature is not None,
                undone=(campaign.seq, removed[0].at) if removed else None,
            )
            try:
                await self._store.truncate_log(
                    campaign.id, to_seq, expected_seq=campaign.seq, audit=audit, outbox=outbox
                )
            except SeqConflict:
                raise StaleSeq(campaign.id, (await self._campaign(campaign.id)).seq) from None
            self._states.forget_after(campaign.id, to_seq)
            self._boards.remember(campaign.id, to_seq, board_moment(rules, earlier), signature)
            log.info("%s by %s back to seq %s: %s", act, actor, to_seq, reason)
            moved = await self._campaign(campaign.id)
            state = await self._state(moved)
            return ActionReport(
                campaign_id=campaign.id,
                seq=to_seq,
                seat=None,
                actor=actor,
                events=[],
                rolls=[],
                prompts=legal_prompts(rules, state),
                finished=state.finished,
                scores=None,
            )

    async def _set_status(
        self,
        campaign_id: int,
        *,
        allowed_from: tuple[CampaignStatus, ...],
        to: CampaignStatus,
        act: str,
        actor: str,
        reason: str,
    ) -> CampaignRow:
        campaign = await self._campaign(campaign_id)
        if campaign.status not in allowed_from:
            raise ServiceError(f"service.error.campaign_{campaign.status}", campaign=campaign_id)
        audit = audit_record(
            campaign, actor=actor, act=act, reason=reason, at=self._clock.now(), seqs=[campaign.seq]
        )
        outbox: list[OutboxRecord] = []
        if campaign.seq >= 0 and to != "paused":
            # A pause leaves the prompts up (a click is refused while it lasts); the
            # resume posts them afresh and an end closes them.
            outbox += self._publication(campaign, status=to, board_changed=False)
        if to == "finished":
            outbox.append(seed_revealed(campaign))
        try:
            await self._store.set_status(
                campaign_id,
                to,
                expected_seq=campaign.seq,
                expected_status=campaign.status,
                audit=audit,
                outbox=outbox,
            )
        except SeqConflict:
            raise StaleSeq(campaign_id, (await self._campaign(campaign_id)).seq) from None
        with campaign_context(campaign_id):
            log.info("%s by %s: %s", act, actor, reason)
        return campaign

    async def set_maps(self, campaign_id: int, maps: str, *, actor: str, reason: str) -> None:
        """When the channel gets a map from now on (see `bot.services.board.MAP_POLICIES`)."""
        if maps not in MAP_POLICIES:
            raise ServiceError("service.error.bad_maps", maps=str(maps)[:40])
        campaign = await self._campaign(campaign_id)
        if campaign.status == "finished":
            raise ServiceError("service.error.campaign_finished", campaign=campaign_id)
        audit = audit_record(
            campaign,
            actor=actor,
            act="maps",
            reason=reason,
            at=self._clock.now(),
            detail={"maps": maps},
        )
        await self._store.set_maps(campaign_id, maps, audit=audit)

    async def pause(self, campaign_id: int, *, actor: str, reason: str) -> None:
        """Stop play: actions are refused until `resume`."""
        await self._set_status(
            campaign_id,
            allowed_from=("active",),
            to="paused",
            act="pause",
            actor=actor,
            reason=reason,
        )

    async def resume(self, campaign_id: int, *, actor: str, reason: str) -> None:
        await self._set_status(
            campaign_id,
            allowed_from=("paused",),
            to="active",
            act="resume",
            actor=actor,
            reason=reason,
        )

    async def end_campaign(self, campaign_id: int, *, actor: str, reason: str) -> str:
        """Finish the campaign (whatever its state) and return the seed, now public."""
        campaign = await self._campaign(campaign_id)
        if campaign.status == "finished":
            return campaign.seed_hex
        await self._set_status(
            campaign_id,
            allowed_from=("lobby", "active", "paused"),
            to="finished",
            act="end",
            actor=actor,
            reason=reason,
        )
        return campaign.seed_hex

    async def audit_log(self, campaign_id: int) -> list[AuditEntry]:
        await self._campaign(campaign_id)
        return [AuditEntry.from_row(row) for row in await self._store.audit_log(campaign_id)]
