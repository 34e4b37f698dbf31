"""Export and import: a campaign as one JSON document, and back into a new campaign.

An import is believed only after its whole log has been replayed from its seed under the
current rules (in a worker thread, so that the bot keeps answering), reproducing every
state hash, roll and event; anything else is refused with the reason and creates nothing.
The new campaign keeps the export's seed, log, tenures and audit trail, and its own audit
trail records the import.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.logging_setup import campaign_context
from bot.render import has_map
from bot.services.errors import ServiceError
from bot.services.exchange_model import CampaignExport
from bot.services.history_check import check_history
from bot.services.import_checks import Unverified, check_export, check_size
from bot.services.models import CampaignInfo
from bot.services.notices import announced, audit_record, publication_in
from bot.services.offload import Progress, off_the_loop
from bot.services.trust import CampaignTrust
from bot.storage import AuditRecord, NewCampaign, OutboxRecord
from rulesets.core import seed_commitment

log = logging.getLogger("courier.services.exchange")


def parse_export(document: dict[str, Any] | str | bytes) -> CampaignExport:
    """Read an export document; a malformed one is refused with what is wrong."""
    try:
        raw = json.loads(document) if isinstance(document, str | bytes) else document
        return CampaignExport.model_validate(raw)
    except (ValueError, RecursionError) as error:
        problem = error.errors()[0] if isinstance(error, ValidationError) else None
        where = ".".join(str(part) for part in problem["loc"]) if problem else "-"
        raise ServiceError("trust.error.import_malformed", where=where[:80]) from None


@dataclass(frozen=True)
class Believed:
    """An export that passed every check, with the snapshots its replay produced."""

    export: CampaignExport
    unproved: Unverified
    snapshots: dict[int, dict[str, Any]]


def believe(
    document: dict[str, Any] | str | bytes, snapshot_every: int, progress: Progress
) -> Believed:
    """Read, check and replay an export (pure work, for a worker thread); refuse with a
    `ServiceError` anything that cannot be a real campaign's."""
    check_size(document)
    export = parse_export(document)
    if export.seed_hex is None:
        raise ServiceError("trust.error.import_needs_seed")
    try:
        if seed_commitment(export.seed_hex) != export.seed_commitment:
            raise ServiceError("trust.error.import_bad_commitment")
    except ValueError:
        raise ServiceError("service.error.bad_seed") from None
    if export.log and export.status == "lobby":
        raise ServiceError("trust.error.import_malformed", where="status")
    unproved = check_export(export)
    check = check_history(export, keep_states_every=snapshot_every, progress=progress)
    if not check.ok:
        if check.problem == "unknown_ruleset":
            raise ServiceError("core.error.unknown_ruleset", name=export.ruleset[:40])
        if check.problem == "numbering":
            raise ServiceError("trust.error.import_malformed", where="log")
        raise ServiceError(
            "trust.error.import_diverges",
            problem=str(check.problem),
            seq=-1 if check.seq is None else check.seq,
        )
    final = check.final_state
    if final is not None and final.finished and export.status != "finished":
        # A game over by its rules is a finished campaign (a moderator may end one early).
        raise ServiceError("trust.error.import_malformed", where="status")
    snapshots = {seq: state.model_dump(mode="json") for seq, state in check.states.items()}
    return Believed(export, unproved, snapshots)


class CampaignExchange(CampaignTrust):
    async def export_campaign(
        self,
        campaign_id: int,
        *,
        include_seed: bool = False,
        actor: str | None = None,
        reason: str | None = None,
    ) -> dict[str, Any]:
        """The campaign as a JSON-ready dict. A finished campaign's seed is always in it; an
        unfinished one's only when a moderator asks, which is audited and announced."""
        campaign = await self._campaign(campaign_id)
        reveal = include_seed and campaign.status != "finished"
        if reveal:
            if not actor or not reason:
                raise ServiceError("trust.error.reason_needed")
            await self._store.add_audit(
                campaign_id,
                audit_record(
                    campaign,
                    actor=actor,
                    act="export_seed",
                    reason=reason,
                    at=self._clock.now(),
                    seqs=[campaign.seq],
                ),
            )
        export = await self._export(
            campaign_id, include_seed=include_seed or campaign.status == "finished"
        )
        return export.model_dump(mode="json")

    async def import_campaign(
        self,
        document: dict[str, Any] | str | bytes,
        *,
        actor: str,
        reason: str,
        guild_id: int | None,
        channel_id: int | None,
        progress: Progress | None = None,
    ) -> CampaignInfo:
        """A new campaign rebuilt from an export, or a `ServiceError` saying why not. The
        checks and the replay run in a worker thread; `progress` (on the loop) follows it."""
        believed = await off_the_loop(
            lambda report: believe(document, self._snapshot_every, report), progress
        )
        export, unproved, snapshots = believed.export, believed.unproved, believed.snapshots
        assert export.seed_hex is not None  # `believe` refuses an export without one
        now = self._clock.now()
        imported = AuditRecord(
            actor=actor,
            act="import",
            reason=reason,
            at=now,
            seqs=[export.log[-1].seq] if export.log else [],
            detail={
                "source_campaign": export.campaign_id,
                "exported_at": export.exported_at.isoformat(),
                "ruleset_version": export.ruleset_version,
                **unproved.detail(),
            },
            announcement=None,
        )
        imported = announced(imported, channel_id, None)
        row = await self._store.import_campaign(
            NewCampaign(
                ruleset=export.ruleset,
                ruleset_version=export.ruleset_version,
                options=export.options,
                data=export.data,
                seed_hex=export.seed_hex,
                seed_commitment=export.seed_commitment,
                guild_id=guild_id,
                channel_id=channel_id,
                language=export.language,
                creator=actor,
                created_at=now,
            ),
            status=export.status,
            tenures=[tenure.record() for tenure in export.tenures],
            entries=[entry.record() for entry in export.log],
            audit=[*(entry.record() for entry in export.audit), imported],
            snapshots=snapshots,
            outbox=self._imported_publication(export, channel_id),
        )
        with campaign_context(row.id):
            log.info("imported from campaign %s by %s: %s", export.campaign_id, actor, reason)
        return CampaignInfo.from_row(row)

    def _imported_publication(
        self, export: CampaignExport, channel_id: int | None
    ) -> list[OutboxRecord]:
        """An imported running campaign posts its map and its prompts in its new channel."""
        if not export.log or export.status == "lobby":
            return []
        seq = export.log[-1].seq
        return publication_in(
            channel_id,
            None,
            seq,
            prompts_open=export.status == "active",
            board_changed=has_map(export.ruleset),
        )
