"""What every part of the campaign service shares: finding a campaign, its rules, its
state and its holders, and committing one step to the log with its outbox rows."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from bot.services.clock import Clock, SystemClock
from bot.services.errors import ServiceError, StaleSeq
from bot.services.gates import StepGates
from bot.services.models import ActionReport
from bot.services.notices import step_outbox
from bot.services.replay import StateLoader
from bot.storage import (
    ActionRecord,
    AuditRecord,
    CampaignRow,
    CampaignStatus,
    SeqConflict,
    Store,
    TenureRow,
)
from rulesets import registry
from rulesets.core import BaseState, IllegalAction, Outcome, Ruleset, legal_prompts, state_hash

log = logging.getLogger("courier.services")


@contextmanager
def rules_refusals() -> Iterator[None]:
    """Turn the rules' `IllegalAction` into a `ServiceError` with the same key and params."""
    try:
        yield
    except IllegalAction as error:
        raise ServiceError.from_rules(error) from None


class ServiceCore:
    def __init__(self, store: Store, clock: Clock | None = None, snapshot_every: int = 50) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self._store = store
        self._clock: Clock = clock or SystemClock()
        self._snapshot_every = snapshot_every
        self._states = StateLoader(store)
        self._gates = StepGates()

    @property
    def store(self) -> Store:
        return self._store

    async def close(self) -> None:
        await self._store.close()

    # Lookups -------------------------------------------------------------------------

    async def _campaign(self, campaign_id: int) -> CampaignRow:
        campaign = await self._store.get_campaign(campaign_id)
        if campaign is None:
            raise ServiceError("service.error.unknown_campaign", campaign=campaign_id)
        return campaign

    @staticmethod
    def _ruleset(name: str) -> Ruleset[Any]:
        with rules_refusals():
            return registry.get(name)

    async def _state(self, campaign: CampaignRow, seq: int | None = None) -> BaseState:
        """The state after `seq` (default: now). Shared with the cache: do not mutate."""
        # A campaign ended in the lobby is finished with no log at all: no state either.
        if campaign.status == "lobby" or campaign.seq < 0:
            raise ServiceError("service.error.not_started", campaign=campaign.id)
        return await self._states.load(campaign, campaign.seq if seq is None else seq)

    async def _current_tenures(self, campaign_id: int) -> dict[str, TenureRow]:
        return {row.seat: row for row in await self._store.current_holders(campaign_id)}

    @staticmethod
    def _require_active(campaign: CampaignRow) -> None:
        if campaign.status != "active":
            raise ServiceError(f"service.error.campaign_{campaign.status}", campaign=campaign.id)

    # Committing a step ---------------------------------------------------------------

    async def _commit_step(
        self,
        campaign: CampaignRow,
        outcome: Outcome[Any],
        *,
        seat: str | None,
        actor: str,
        action: dict[str, Any],
        expected_status: CampaignStatus,
        audit: AuditRecord | None = None,
    ) -> ActionReport:
        """Write one accepted step as a single transaction; `StaleSeq` if beaten to it."""
        ruleset = self._ruleset(campaign.ruleset)
        state = outcome.state
        digest = state_hash(state)
        prompts = legal_prompts(ruleset, state)
        scores = ruleset.scores(state) if state.finished else None
        now = self._clock.now()
        tenures = await self._current_tenures(campaign.id)
        outbox = step_outbox(
            campaign,
            {seat_id: row.user_id for seat_id, row in tenures.items()},
            seq=state.seq,
            seat=seat,
            actor=actor,
            events=outcome.events,
            rolls=outcome.rolls,
            prompts=prompts,
            scores=scores,
            finished=state.finished,
        )
        entry = ActionRecord(
            seq=state.seq,
            seat=seat,
            action=action,
            events=[event.model_dump(mode="json") for event in outcome.events],
            rolls=[roll.model_dump() for roll in outcome.rolls],
            state_hash=digest,
            actor=actor,
            at=now,
        )
        due = state.seq > 0 and state.seq % self._snapshot_every == 0
        try:
            await self._store.append_action(
                campaign.id,
                entry,
                expected_status=expected_status,
                new_status="finished" if state.finished else "active",
                outbox=outbox,
                snapshot=state.model_dump(mode="json") if due else None,
                audit=audit,
            )
        except SeqConflict:
            fresh = await self._campaign(campaign.id)
            log.info("step for seq %s lost the race; the campaign is at %s", state.seq, fresh.seq)
            raise StaleSeq(campaign.id, fresh.seq) from None
        self._states.remember(campaign.id, state, digest)
        log.info("seq %s: %s by %s for %s", state.seq, action.get("type"), actor, seat or "-")
        return ActionReport(
            campaign_id=campaign.id,
            seq=state.seq,
            seat=seat,
            actor=actor,
            events=list(outcome.events),
            rolls=list(outcome.rolls),
            prompts=prompts,
            finished=state.finished,
            scores=scores,
        )
