"""What every part of the campaign service shares: the core (finding a campaign, its
rules, its state and its holders, committing one step to the log with its outbox rows and
running the step hooks) and `ServicePart`, the base of each part that holds it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from bot.logging_setup import campaign_context
from bot.services.board import BoardMemory, board_moment, map_due
from bot.services.clock import Clock, SystemClock
from bot.services.errors import ServiceError, StaleSeq
from bot.services.gates import StepGates
from bot.services.models import ActionReport
from bot.services.notices import publication, seed_revealed, step_outbox
from bot.services.replay import StateLoader
from bot.storage import (
    ActionRecord,
    AuditRecord,
    CampaignRow,
    CampaignStatus,
    OutboxRecord,
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


StepHook = Callable[[CampaignRow, ActionReport], Awaitable[None]]
"""Called after every committed step (the schedule arms the new deadlines with it)."""
OutboxHook = Callable[[CampaignRow, BaseState, ActionRecord], Awaitable[list[OutboxRecord]]]
"""Called before a step (its new state and log entry) is written, for more rows to write
with it, after its report and before its map and prompts (the recaps)."""


class ServiceCore:
    """The one core every part of the service holds: the store, the clock, the state and
    board caches, the lookups, and `commit_step` with its explicit list of `step_hooks`."""

    def __init__(self, store: Store, clock: Clock | None = None, snapshot_every: int = 50) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.store = store
        self.clock: Clock = clock or SystemClock()
        self.snapshot_every = snapshot_every
        self.states = StateLoader(store)
        self.boards = BoardMemory()
        self.step_hooks: list[StepHook] = []
        self.outbox_hooks: list[OutboxHook] = []
        self.gates = StepGates()

    async def close(self) -> None:
        await self.store.close()

    # Lookups -------------------------------------------------------------------------

    async def campaign(self, campaign_id: int) -> CampaignRow:
        campaign = await self.store.get_campaign(campaign_id)
        if campaign is None:
            raise ServiceError("service.error.unknown_campaign", campaign=campaign_id)
        return campaign

    @staticmethod
    def ruleset(name: str) -> Ruleset[Any]:
        with rules_refusals():
            return registry.get(name)

    async def state(self, campaign: CampaignRow, seq: int | None = None) -> BaseState:
        """The state after `seq` (default: now). Shared with the cache: do not mutate."""
        # A campaign ended in the lobby is finished with no log at all: no state either.
        if campaign.status == "lobby" or campaign.seq < 0:
            raise ServiceError("service.error.not_started", campaign=campaign.id)
        return await self.states.load(campaign, campaign.seq if seq is None else seq)

    async def current_tenures(self, campaign_id: int) -> dict[str, TenureRow]:
        return {row.seat: row for row in await self.store.current_holders(campaign_id)}

    @staticmethod
    def require_active(campaign: CampaignRow) -> None:
        if campaign.status != "active":
            raise ServiceError(f"service.error.campaign_{campaign.status}", campaign=campaign.id)

    # Committing a step ---------------------------------------------------------------

    async def board_moved(
        self,
        campaign: CampaignRow,
        ruleset: Ruleset[Any],
        state: BaseState,
        *,
        turn_goes_on: bool = False,
    ) -> bool:
        """Whether `state` (the step after `campaign.seq`) gets a map: its board moved, or
        set-up or a round ended, as the campaign's `maps` setting asks (see board.py)."""
        after = board_moment(ruleset, state)
        if after.signature is None:
            return False
        known = self.boards.known(campaign.id, campaign.seq)
        if known is not None:
            before, mapped = known
        else:  # after a restart: the board of the step before counts as mapped
            before = None
            if campaign.status != "lobby" and campaign.seq >= 0:
                before = board_moment(ruleset, await self.state(campaign))
            mapped = before.signature if before else None
        due = map_due(before, after, campaign.maps, mapped=mapped, turn_goes_on=turn_goes_on)
        self.boards.remember(campaign.id, state.seq, after, after.signature if due else mapped)
        return due

    def publication(
        self, campaign: CampaignRow, *, status: CampaignStatus, board_changed: bool
    ) -> list[OutboxRecord]:
        """The rows that republish a campaign after an act that moved it without a step
        (an undo, a pause, a resume, an end): its map if asked, and its prompts."""
        return publication(
            campaign, campaign.seq, prompts_open=status == "active", board_changed=board_changed
        )

    async def commit_step(
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
        ruleset = self.ruleset(campaign.ruleset)
        state = outcome.state
        digest = state_hash(state)
        prompts = legal_prompts(ruleset, state)
        scores = ruleset.scores(state) if state.finished else None
        now = self.clock.now()
        tenures = await self.current_tenures(campaign.id)
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
        for extra in self.outbox_hooks:
            try:
                outbox += await extra(campaign, state, entry)
            except Exception:
                # A recap that cannot be composed must never stop the game.
                with campaign_context(campaign.id):
                    log.exception("before step %s, %s failed", state.seq, extra)
        turn_goes_on = seat is not None and bool(prompts) and {p.seat for p in prompts} == {seat}
        board_changed = await self.board_moved(campaign, ruleset, state, turn_goes_on=turn_goes_on)
        outbox += publication(
            campaign, state.seq, prompts_open=not state.finished, board_changed=board_changed
        )
        if state.finished:
            outbox.append(seed_revealed(campaign))
        due = state.seq > 0 and state.seq % self.snapshot_every == 0
        try:
            await self.store.append_action(
                campaign.id,
                entry,
                expected_status=expected_status,
                new_status="finished" if state.finished else "active",
                outbox=outbox,
                snapshot=state.model_dump(mode="json") if due else None,
                audit=audit,
            )
        except SeqConflict:
            fresh = await self.campaign(campaign.id)
            log.info("step for seq %s lost the race; the campaign is at %s", state.seq, fresh.seq)
            raise StaleSeq(campaign.id, fresh.seq) from None
        self.states.remember(campaign.id, state, digest)
        log.info("seq %s: %s by %s for %s", state.seq, action.get("type"), actor, seat or "-")
        report = ActionReport(
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
        for hook in self.step_hooks:
            try:
                await hook(campaign, report)
            except Exception:
                # The step stands; whatever the hook keeps (deadlines) catches up later.
                with campaign_context(campaign.id):
                    log.exception("after step %s, %s failed", report.seq, hook)
        return report


class ServicePart:
    """One concern of the service (lobby, play, schedule…). It holds the shared core and
    reaches the store, the clock, the caches and the step commit only through it."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    @property
    def _store(self) -> Store:
        return self._core.store

    @property
    def _clock(self) -> Clock:
        return self._core.clock

    @property
    def _states(self) -> StateLoader:
        return self._core.states

    @property
    def _boards(self) -> BoardMemory:
        return self._core.boards

    @property
    def _snapshot_every(self) -> int:
        return self._core.snapshot_every

    @property
    def _gates(self) -> StepGates:
        return self._core.gates

    async def _campaign(self, campaign_id: int) -> CampaignRow:
        return await self._core.campaign(campaign_id)

    @staticmethod
    def _ruleset(name: str) -> Ruleset[Any]:
        return ServiceCore.ruleset(name)

    async def _state(self, campaign: CampaignRow, seq: int | None = None) -> BaseState:
        return await self._core.state(campaign, seq)

    async def _current_tenures(self, campaign_id: int) -> dict[str, TenureRow]:
        return await self._core.current_tenures(campaign_id)

    @staticmethod
    def _require_active(campaign: CampaignRow) -> None:
        ServiceCore.require_active(campaign)

    def _publication(
        self, campaign: CampaignRow, *, status: CampaignStatus, board_changed: bool
    ) -> list[OutboxRecord]:
        return self._core.publication(campaign, status=status, board_changed=board_changed)

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
        return await self._core.commit_step(
            campaign,
            outcome,
            seat=seat,
            actor=actor,
            action=action,
            expected_status=expected_status,
            audit=audit,
        )
