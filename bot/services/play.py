"""Playing: submitting actions, forced defaults, prompts, views and the log."""

from __future__ import annotations

from typing import Any

from bot.logging_setup import campaign_context
from bot.services.core import ServicePart, rules_refusals
from bot.services.errors import ServiceError, StaleSeq
from bot.services.models import ActionReport, LogEntry
from bot.services.notices import audit_record
from bot.storage import CampaignRow
from rulesets.core import BaseState, Prompt, legal_prompts
from rulesets.core import submit as submit_action
from rulesets.core.engine import copy_state, decode_action


class CampaignPlay(ServicePart):
    async def _acting_seat(
        self, campaign: CampaignRow, state: BaseState, user_id: str, seat: str | None
    ) -> str:
        """The seat `user_id` acts for: the one named, or the one they hold that must act."""
        if seat is not None and seat not in state.seats:
            raise ServiceError("service.error.seat_not_in_campaign", seat=str(seat)[:40])
        tenures = await self._current_tenures(campaign.id)
        mine = [held for held, row in tenures.items() if row.user_id == user_id]
        if not mine:
            raise ServiceError("service.error.no_seat", campaign=campaign.id)
        if seat is not None:
            if seat not in mine:
                raise ServiceError("service.error.not_your_seat", seat=seat)
            return seat
        if len(mine) == 1:
            return mine[0]
        rules = self._ruleset(campaign.ruleset)
        waiting = [held for held in mine if legal_prompts(rules, state, held)]
        if len(waiting) == 1:
            return waiting[0]
        raise ServiceError("service.error.which_seat", seats=sorted(waiting or mine))

    async def submit(
        self,
        campaign_id: int,
        user_id: str,
        action: dict[str, Any] | str,
        *,
        seat: str | None = None,
        expected_seq: int | None = None,
    ) -> ActionReport:
        """Carry out a player's action (a dict or JSON text) for the seat they hold.

        With `expected_seq` (the seq the player saw), a campaign that has moved on since
        answers `StaleSeq` instead of applying the action to a situation they did not see.
        Orders for one campaign are taken one at a time (`bot.services.gates`), so that
        check comes before any rules run.
        """
        with campaign_context(campaign_id):
            async with self._gates.one_at_a_time(campaign_id):
                campaign = await self._campaign(campaign_id)
                # A click on a prompt already answered is stale, even if that answer ended
                # the game: the player is told the situation changed, then sees the end.
                if expected_seq is not None and expected_seq != campaign.seq:
                    raise StaleSeq(campaign_id, campaign.seq)
                self._require_active(campaign)
                state = await self._state(campaign)
                acting = await self._acting_seat(campaign, state, user_id, seat)
                rules = self._ruleset(campaign.ruleset)
                with rules_refusals():
                    outcome = submit_action(rules, state, acting, action)
                    normalised = rules.parse_action(decode_action(action)).model_dump(mode="json")
                return await self._commit_step(
                    campaign,
                    outcome,
                    seat=acting,
                    actor=user_id,
                    action=normalised,
                    expected_status="active",
                )

    async def force_default(
        self, campaign_id: int, seat: str, *, actor: str, reason: str
    ) -> ActionReport:
        """Play the seat's default (conservative) action for it, recorded in the audit."""
        with campaign_context(campaign_id):
            campaign = await self._campaign(campaign_id)
            self._require_active(campaign)
            state = await self._state(campaign)
            if seat not in state.seats:
                raise ServiceError("service.error.seat_not_in_campaign", seat=str(seat)[:40])
            rules = self._ruleset(campaign.ruleset)
            with rules_refusals():
                action = rules.default_action(state, seat)
                outcome = submit_action(rules, state, seat, action)
            audit = audit_record(
                campaign,
                actor=actor,
                act="force_default",
                reason=reason,
                at=self._clock.now(),
                seqs=[outcome.state.seq],
                detail={"seat": seat, "action": action},
            )
            return await self._commit_step(
                campaign,
                outcome,
                seat=seat,
                actor=actor,
                action=action,
                expected_status="active",
                audit=audit,
            )

    async def prompts(self, campaign_id: int, seat: str | None = None) -> list[Prompt]:
        """The pending decisions (of one seat, or all); none in the lobby or once over."""
        campaign = await self._campaign(campaign_id)
        if campaign.status in ("lobby", "finished"):
            return []
        return legal_prompts(self._ruleset(campaign.ruleset), await self._state(campaign), seat)

    async def public_view(self, campaign_id: int) -> dict[str, Any]:
        campaign = await self._campaign(campaign_id)
        state = await self._state(campaign)
        return self._ruleset(campaign.ruleset).view(state, None)

    async def private_view(
        self, campaign_id: int, user_id: str, seat: str | None = None
    ) -> dict[str, Any]:
        """What the user's seat may see; refused to anyone who holds no seat."""
        campaign = await self._campaign(campaign_id)
        state = await self._state(campaign)
        tenures = await self._current_tenures(campaign_id)
        mine = [held for held, row in tenures.items() if row.user_id == user_id]
        if not mine:
            raise ServiceError("service.error.no_seat", campaign=campaign_id)
        if seat is not None and seat not in mine:
            raise ServiceError("service.error.not_your_seat", seat=str(seat)[:40])
        return self._ruleset(campaign.ruleset).view(state, seat or mine[0])

    async def history(
        self, campaign_id: int, *, limit: int = 10, before_seq: int | None = None
    ) -> list[LogEntry]:
        """The `limit` newest log entries before `before_seq`, oldest first. Entries carry
        private events too: show each reader only `entry.events_for(their seat)`."""
        await self._campaign(campaign_id)
        records = await self._store.recent_actions(
            campaign_id, limit=max(limit, 0), before_seq=before_seq
        )
        return [LogEntry.from_record(record) for record in records]

    async def state_at(self, campaign_id: int, seq: int) -> BaseState:
        """The full state (secrets included: for the rules and moderators) after `seq`."""
        campaign = await self._campaign(campaign_id)
        if not 0 <= seq <= campaign.seq:
            raise ServiceError("service.error.no_such_seq", seq=seq, current=campaign.seq)
        state = await self._state(campaign, seq)
        return copy_state(state)
