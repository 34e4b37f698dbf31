"""Retroactive correction: a moderator replaces one earlier action (a misclick a few steps back).

The corrected action must be legal where the original stood. Every later action is then
tried again, in order, on the corrected history: those still legal are kept (their dice are
drawn again from the same seed and counter, so they may fall differently), and the replay
stops at the first that is no longer legal, which is dropped with everything after it; its
seat is simply asked again. `preview_correction` shows all this without changing anything;
`correct_action` does it, as one transaction, audited and announced.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from bot.logging_setup import campaign_context
from bot.services.board import board_signature
from bot.services.core import ServicePart, rules_refusals
from bot.services.errors import ServiceError, StaleSeq
from bot.services.models import ActionReport
from bot.services.notices import audit_record, publication, seed_revealed, step_outbox
from bot.storage import ActionRecord, AuditRecord, CampaignRow, OutboxRecord, SeqConflict
from rulesets.core import IllegalAction, Outcome, Prompt, legal_prompts, state_hash, submit
from rulesets.core.engine import decode_action

log = logging.getLogger("courier.services.correction")


@dataclass(frozen=True)
class Replayed:
    """One step of the corrected history: the original entry and what it gives now."""

    original: ActionRecord
    outcome: Outcome[Any]
    action: dict[str, Any]


@dataclass(frozen=True)
class CorrectionPreview:
    """What a correction would do, computed for the campaign at `expected_seq`."""

    campaign_id: int
    seq: int
    seat: str
    original_action: dict[str, Any]
    corrected_action: dict[str, Any]
    kept: list[int]
    """The later seqs whose actions stay legal and are replayed."""
    stopped_at: int | None
    """The first later seq no longer legal (dropped with all after it), or None."""
    stop_reason: str | None
    dropped: list[int]
    expected_seq: int
    prompts: list[Prompt]
    """Who must decide next on the corrected history."""
    finished: bool


@dataclass(frozen=True)
class _Rewrite:
    """What the corrected history writes: its log entries, reports and snapshots."""

    entries: list[ActionRecord]
    outbox: list[OutboxRecord]
    snapshots: dict[int, dict[str, Any]]
    scores: dict[str, int] | None


@dataclass(frozen=True)
class _Plan:
    campaign: CampaignRow
    steps: list[Replayed]
    preview: CorrectionPreview
    removed: list[ActionRecord]


def _correction_audit(plan: _Plan, actor: str, reason: str, now: datetime) -> AuditRecord:
    """The audit record of a correction: what it changed, kept, dropped, and the old rows."""
    preview = plan.preview
    return audit_record(
        plan.campaign,
        actor=actor,
        act="correct",
        reason=reason,
        at=now,
        seqs=[entry.seq for entry in plan.removed],
        detail={
            "seq": preview.seq,
            "corrected_action": preview.corrected_action,
            "kept": preview.kept,
            "stopped_at": preview.stopped_at,
            "stop_reason": preview.stop_reason,
            "removed": [asdict(entry) | {"at": entry.at.isoformat()} for entry in plan.removed],
        },
    )


class CampaignCorrection(ServicePart):
    async def _rewrite(self, plan: _Plan, actor: str, now: datetime) -> _Rewrite:
        campaign = plan.campaign
        tenures = await self._current_tenures(campaign.id)
        holders = {seat: row.user_id for seat, row in tenures.items()}
        rules = self._ruleset(campaign.ruleset)
        entries: list[ActionRecord] = []
        outbox: list[OutboxRecord] = []
        snapshots: dict[int, dict[str, Any]] = {}
        for step in plan.steps:
            state = step.outcome.state
            corrected = step is plan.steps[0]
            entries.append(
                ActionRecord(
                    seq=state.seq,
                    seat=step.original.seat,
                    action=step.action,
                    events=[event.model_dump(mode="json") for event in step.outcome.events],
                    rolls=[roll.model_dump() for roll in step.outcome.rolls],
                    state_hash=state_hash(state),
                    # The corrected step is the moderator's; replayed ones stay their players'.
                    actor=actor if corrected else step.original.actor,
                    at=now if corrected else step.original.at,
                )
            )
            if state.seq % self._snapshot_every == 0:
                snapshots[state.seq] = state.model_dump(mode="json")
            # The channel is told the corrected history step by step, dice included.
            outbox += step_outbox(
                campaign,
                holders,
                seq=state.seq,
                seat=step.original.seat,
                actor=entries[-1].actor,
                events=step.outcome.events,
                rolls=step.outcome.rolls,
                prompts=legal_prompts(rules, state),
                scores=rules.scores(state) if state.finished else None,
                finished=state.finished,
            )
        final = plan.steps[-1].outcome.state
        scores = rules.scores(final) if final.finished else None
        outbox += publication(
            campaign,
            final.seq,
            prompts_open=campaign.status == "active" and not final.finished,
            board_changed=board_signature(rules, final) is not None,
        )
        if final.finished:
            outbox.append(seed_revealed(campaign))
        return _Rewrite(entries, outbox, snapshots, scores)

    async def _plan_correction(
        self, campaign_id: int, seq: int, action: dict[str, Any] | str
    ) -> _Plan:
        campaign = await self._campaign(campaign_id)
        # As for undo: once the seed is public, redrawing dice would be drawing known dice.
        if campaign.status not in ("active", "paused"):
            raise ServiceError(f"service.error.campaign_{campaign.status}", campaign=campaign_id)
        if not 1 <= seq <= campaign.seq:
            raise ServiceError("trust.error.bad_correction_seq", seq=seq, current=campaign.seq)
        rules = self._ruleset(campaign.ruleset)
        later = await self._store.actions(campaign_id, after_seq=seq - 1)
        original, following = later[0], later[1:]
        assert original.seat is not None  # seq >= 1 is always a seat's action
        state = await self._state(campaign, seq - 1)
        with rules_refusals():
            corrected = rules.parse_action(decode_action(action)).model_dump(mode="json")
            outcome = submit(rules, state, original.seat, corrected)
        steps = [Replayed(original, outcome, corrected)]
        stopped_at: int | None = None
        stop_reason: str | None = None
        for entry in following:
            assert entry.seat is not None
            try:
                outcome = submit(rules, outcome.state, entry.seat, entry.action)
            except IllegalAction as refusal:
                stopped_at, stop_reason = entry.seq, refusal.key
                break
            steps.append(Replayed(entry, outcome, entry.action))
        final = steps[-1].outcome.state
        preview = CorrectionPreview(
            campaign_id=campaign_id,
            seq=seq,
            seat=original.seat,
            original_action=original.action,
            corrected_action=corrected,
            kept=[step.original.seq for step in steps[1:]],
            stopped_at=stopped_at,
            stop_reason=stop_reason,
            dropped=[] if stopped_at is None else list(range(stopped_at, campaign.seq + 1)),
            expected_seq=campaign.seq,
            prompts=legal_prompts(rules, final),
            finished=final.finished,
        )
        return _Plan(campaign, steps, preview, later)

    async def preview_correction(
        self, campaign_id: int, seq: int, action: dict[str, Any] | str
    ) -> CorrectionPreview:
        """What replacing the action of step `seq` by `action` would keep and drop."""
        return (await self._plan_correction(campaign_id, seq, action)).preview

    async def correct_action(
        self,
        campaign_id: int,
        seq: int,
        action: dict[str, Any] | str,
        *,
        actor: str,
        reason: str,
        expected_seq: int,
    ) -> ActionReport:
        """Carry out the correction previewed at `expected_seq` (`StaleSeq` if play moved)."""
        with campaign_context(campaign_id):
            plan = await self._plan_correction(campaign_id, seq, action)
            campaign = plan.campaign
            if campaign.seq != expected_seq:
                raise StaleSeq(campaign_id, campaign.seq)
            now = self._clock.now()
            rewrite = await self._rewrite(plan, actor, now)
            preview = plan.preview
            audit = _correction_audit(plan, actor, reason, now)
            final = plan.steps[-1].outcome.state
            try:
                await self._store.replace_log_after(
                    campaign_id,
                    seq - 1,
                    rewrite.entries,
                    expected_seq=expected_seq,
                    audit=audit,
                    new_status="finished" if final.finished else None,
                    outbox=rewrite.outbox,
                    snapshots=rewrite.snapshots,
                )
            except SeqConflict:
                raise StaleSeq(campaign_id, (await self._campaign(campaign_id)).seq) from None
            self._states.forget_after(campaign_id, seq - 1)
            self._boards.forget(campaign_id)
            self._states.remember(campaign_id, final, rewrite.entries[-1].state_hash)
            log.info(
                "correction of seq %s by %s: kept %s, stopped at %s: %s",
                seq,
                actor,
                preview.kept,
                preview.stopped_at,
                reason,
            )
            return ActionReport(
                campaign_id=campaign_id,
                seq=final.seq,
                seat=preview.seat,
                actor=actor,
                events=[event for step in plan.steps for event in step.outcome.events],
                rolls=[roll for step in plan.steps for roll in step.outcome.rolls],
                prompts=preview.prompts,
                finished=final.finished,
                scores=rewrite.scores,
            )
