"""The log is the truth: replays reproduce every recorded state, snapshots only save time,
and every roll can be checked against the seed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.services import CampaignService, FakeClock, open_service, verify_campaign
from bot.services.replay import ReplayMismatch, replay
from rulesets import registry
from rulesets.core import state_hash
from tests.services.conftest import SEED, play_to_the_end, sql, started_table


async def reopened(db_path: Path, snapshot_every: int = 2) -> CampaignService:
    """A second service on the same file: an empty cache, so everything is rebuilt."""
    return await open_service(db_path, FakeClock(), snapshot_every=snapshot_every)


async def test_replaying_the_log_reproduces_the_hash_at_every_seq(
    service: CampaignService, db_path: Path
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    fresh = await reopened(db_path)
    try:
        log = await fresh.history(campaign_id, limit=100)
        assert [entry.seq for entry in log] == [0, 1, 2, 3, 4]
        for entry in log:
            assert state_hash(await fresh.state_at(campaign_id, entry.seq)) == entry.state_hash
    finally:
        await fresh.close()


async def test_snapshot_plus_tail_equals_a_full_replay(
    service: CampaignService, db_path: Path
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    assert [row[0] for row in sql(db_path, "SELECT seq FROM snapshots ORDER BY seq")] == [2, 4]
    fresh = await reopened(db_path)
    try:
        campaign = await fresh.store.get_campaign(campaign_id)
        assert campaign is not None
        everything = await fresh.store.actions(campaign_id)
        full = replay(registry.get("mini"), campaign, None, everything)
        for seq in (3, 4):
            from_snapshot = await fresh.state_at(campaign_id, seq)
            from_scratch = replay(registry.get("mini"), campaign, None, everything[: seq + 1])
            assert from_snapshot == from_scratch
        assert await fresh.state_at(campaign_id, 4) == full
    finally:
        await fresh.close()


async def test_a_corrupt_snapshot_is_ignored_for_the_log(
    service: CampaignService, db_path: Path
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    expected = await service.state_at(campaign_id, 3)
    sql(db_path, "UPDATE snapshots SET state = json_set(state, '$.high_bid', 9) WHERE seq = 2")
    fresh = await reopened(db_path)
    try:
        assert await fresh.state_at(campaign_id, 3) == expected
    finally:
        await fresh.close()


async def test_a_log_that_no_longer_replays_is_reported_at_its_seq(
    service: CampaignService, db_path: Path
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    sql(db_path, "DELETE FROM snapshots")
    sql(db_path, "UPDATE actions SET action = json_set(action, '$.amount', 2) WHERE seq = 1")
    fresh = await reopened(db_path)
    try:
        with pytest.raises(ReplayMismatch) as mismatch:
            await fresh.state_at(campaign_id, 4)
        assert mismatch.value.seq == 1
    finally:
        await fresh.close()


async def test_every_roll_of_a_finished_campaign_verifies(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    verification = await verify_campaign(service.store, campaign_id)
    assert verification.ok and verification.rolls_checked == 3  # two lucks and the die
    assert (await verify_campaign(service.store, campaign_id, SEED)).ok


async def test_a_wrong_seed_fails_the_commitment(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    verification = await verify_campaign(service.store, campaign_id, "ab" * 32)
    assert not verification.commitment_ok and not verification.ok


async def test_a_tampered_roll_is_the_first_mismatch(
    service: CampaignService, db_path: Path
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    [[rolls]] = sql(db_path, "SELECT rolls FROM actions WHERE seq = 4")
    value = 1 if '"value":1' not in rolls else 2
    sql(
        db_path,
        "UPDATE actions SET rolls = json_set(rolls, '$[0].value', ?) WHERE seq = 4",
        value,
    )
    verification = await verify_campaign(service.store, campaign_id)
    assert not verification.ok and verification.mismatch is not None
    assert (verification.mismatch.seq, verification.mismatch.draw) == (4, 2)
    assert verification.mismatch.recorded == value


async def test_a_new_code_version_with_the_same_rules_still_loads_old_campaigns(
    service: CampaignService, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, "1001", {"type": "bid", "amount": 3})
    mini = registry.get("mini")
    monkeypatch.setattr(type(mini), "version", "2")
    fresh = await reopened(db_path, snapshot_every=1000)
    try:
        state = await fresh.state_at(campaign_id, 1)
        assert state.ruleset_version == "1"
        report = await fresh.submit(campaign_id, "1002", {"type": "pass"})
        assert report.seq == 2
    finally:
        await fresh.close()
