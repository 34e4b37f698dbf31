"""Ruleset versions: campaigns made under older rules are replayed under the current code.

A rules fix must not change a game behind the players' backs. `check_versions` replays
every campaign whose recorded ruleset version differs from the code's and reports to the
table (an audit record, announced in the channel) whether the history still holds: the
same state hash at every step, every action still legal. A running campaign whose history
no longer holds is paused for the moderators to decide. Each campaign is replayed and
reported once per code version (unless asked to `recheck`); the recorded version stays the
one it was created with.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.services.exchange import CampaignExchange
from bot.services.history_check import HistoryCheck, check_history
from bot.services.notices import audit_record
from bot.services.offload import off_the_loop
from bot.storage import CampaignRow, SeqConflict
from rulesets import registry
from rulesets.core import IllegalAction

log = logging.getLogger("courier.services.versions")

SYSTEM_ACTOR = "courier"
VERSION_CHECK = "version_check"


@dataclass(frozen=True)
class VersionReport:
    campaign_id: int
    ruleset: str
    recorded_version: str
    current_version: str | None
    """None when the ruleset is no longer known at all."""
    ok: bool
    problem: str | None
    seq: int | None
    paused: bool


class CampaignVersions(CampaignExchange):
    async def _already_checked(self, campaign: CampaignRow, version: str | None) -> bool:
        return any(
            row.act == VERSION_CHECK and row.detail.get("version") == version
            for row in await self._store.audit_log(campaign.id)
        )

    async def _replay_under_current_rules(self, campaign: CampaignRow) -> HistoryCheck:
        export = await self._export(campaign.id, include_seed=True)
        return await off_the_loop(lambda report: check_history(export, progress=report))

    async def check_versions(self, *, recheck: bool = False) -> list[VersionReport]:
        """Replay every started campaign recorded under another ruleset version than the
        code's; report each (audited and announced) and pause running ones that diverge."""
        reports = []
        for campaign in await self._store.all_campaigns():
            if campaign.status == "lobby":
                continue
            try:
                current: str | None = registry.get(campaign.ruleset).version
            except IllegalAction:
                current = None
            if current == campaign.ruleset_version:
                continue
            if not recheck and await self._already_checked(campaign, current):
                continue
            reports.append(await self._check_one(campaign, current))
        return reports

    async def _check_one(self, campaign: CampaignRow, current: str | None) -> VersionReport:
        if current is None:
            problem: str | None = "unknown_ruleset"
            seq: int | None = None
        else:
            check = await self._replay_under_current_rules(campaign)
            problem, seq = check.problem, check.seq
        audit = audit_record(
            campaign,
            actor=SYSTEM_ACTOR,
            act=VERSION_CHECK,
            reason=f"{campaign.ruleset} {campaign.ruleset_version} -> {current}",
            at=self._clock.now(),
            seqs=[] if seq is None else [seq],
            detail={"version": current, "ok": problem is None, "problem": problem, "seq": seq},
        )
        paused = False
        if problem is not None and campaign.status == "active":
            try:
                await self._store.set_status(
                    campaign.id,
                    "paused",
                    expected_seq=campaign.seq,
                    expected_status="active",
                    audit=audit,
                )
                paused = True
            except SeqConflict:
                await self._store.add_audit(campaign.id, audit)
        else:
            await self._store.add_audit(campaign.id, audit)
        log.log(
            logging.INFO if problem is None else logging.WARNING,
            "campaign %s (%s %s) under %s: %s",
            campaign.id,
            campaign.ruleset,
            campaign.ruleset_version,
            current,
            problem or "replays identically",
        )
        return VersionReport(
            campaign.id,
            campaign.ruleset,
            campaign.ruleset_version,
            current,
            problem is None,
            problem,
            seq,
            paused,
        )
