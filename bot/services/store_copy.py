"""Moving the campaigns to another database (`python -m bot store copy`), checked.

The storage layer copies every row with its ids (`bot.storage.copying`); this part then
replays each copied campaign's whole log in the target, checking every entry against its
recorded state hash, and compares the final hash with the one the source recorded. A
campaign that does not come out identical is named; the source is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.services.replay import ReplayMismatch, replay
from bot.storage import CampaignRow, Store, open_store
from bot.storage.copying import copy_rows
from rulesets import registry
from rulesets.core import IllegalAction, state_hash


@dataclass(frozen=True)
class CampaignCheck:
    campaign_id: int
    seq: int
    problem: str | None
    """None when the copy replays to the hash the source recorded, else what differs."""


@dataclass(frozen=True)
class CopyReport:
    rows: dict[str, int]
    checks: list[CampaignCheck]

    @property
    def ok(self) -> bool:
        return all(check.problem is None for check in self.checks)


async def _last_hash(store: Store, campaign_id: int) -> str | None:
    newest = await store.recent_actions(campaign_id, limit=1)
    return newest[-1].state_hash if newest else None


async def check_copied_campaign(
    source: Store, target: Store, campaign: CampaignRow
) -> CampaignCheck:
    """Replay the copy's log from the set-up and compare with the source's recorded hash."""
    original = await source.get_campaign(campaign.id)
    if original is None or original.seq != campaign.seq or original.status != campaign.status:
        return CampaignCheck(campaign.id, campaign.seq, "the copy's seq or status differs")
    entries = await target.actions(campaign.id)
    if [entry.seq for entry in entries] != list(range(campaign.seq + 1)):
        return CampaignCheck(campaign.id, campaign.seq, "the copy's log has gaps")
    if not entries:
        return CampaignCheck(campaign.id, campaign.seq, None)
    try:
        state = replay(registry.get(campaign.ruleset), campaign, None, entries)
    except ReplayMismatch as mismatch:
        return CampaignCheck(campaign.id, campaign.seq, f"replay differs at step {mismatch.seq}")
    except IllegalAction as refusal:
        return CampaignCheck(campaign.id, campaign.seq, f"the log no longer replays: {refusal}")
    if state_hash(state) != await _last_hash(source, campaign.id):
        return CampaignCheck(campaign.id, campaign.seq, "the final state hash differs")
    return CampaignCheck(campaign.id, campaign.seq, None)


async def copy_database(source: str | Path, target: str | Path) -> CopyReport:
    """Copy every campaign of `source` into the empty `target` and check each one."""
    source_store = await open_store(source)
    try:
        target_store = await open_store(target)
        try:
            rows = await copy_rows(source_store, target_store)
            checks = [
                await check_copied_campaign(source_store, target_store, campaign)
                for campaign in await target_store.all_campaigns()
            ]
        finally:
            await target_store.close()
    finally:
        await source_store.close()
    return CopyReport(rows, checks)
