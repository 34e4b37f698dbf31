"""Online backups: taken during play, pruned to the newest few, and restorable."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.services import CampaignService, FakeClock, open_service
from bot.services.backup import backup_files
from rulesets.core import state_hash
from tests.services.conftest import BLUE, RED, started_table

SQLITE_ONLY = True  # restoring here is copying the SQLite file (tests/services/test_backups.py)


async def test_a_backup_taken_during_play_restores_to_a_working_database(
    service: CampaignService, tmp_path: Path, clock: FakeClock
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    at_backup = state_hash(await service.state_at(campaign_id, 1))
    backup = await service.backup_database(tmp_path / "backups")
    # Play goes on after the backup; the backup keeps the game as it was.
    await service.submit(campaign_id, BLUE, {"type": "pass"})

    # Restoring is copying the file into place while the bot is stopped.
    restored_path = tmp_path / "restored" / "courier.sqlite3"
    restored_path.parent.mkdir()
    shutil.copyfile(backup, restored_path)
    restored = await open_service(restored_path, clock)
    try:
        campaign = await restored.get_campaign(campaign_id)
        assert (campaign.seq, campaign.status) == (1, "active")
        assert state_hash(await restored.state_at(campaign_id, 1)) == at_backup
        await restored.submit(campaign_id, BLUE, {"type": "pass"})
        await restored.submit(campaign_id, RED, {"type": "call", "side": "low"})
        await restored.submit(campaign_id, BLUE, {"type": "call", "side": "high"})
        assert (await restored.get_campaign(campaign_id)).status == "finished"
        assert (await restored.verify_dice(campaign_id)).ok
    finally:
        await restored.close()


async def test_only_the_newest_backups_are_kept(
    service: CampaignService, tmp_path: Path, clock: FakeClock
) -> None:
    folder = tmp_path / "backups"
    made = []
    for _ in range(4):
        made.append(await service.backup_database(folder, keep=2))
        clock.advance(hours=6)
    assert backup_files(folder) == made[-2:]
    assert not list(folder.glob("*.partial"))


async def test_backups_go_beside_the_database_by_default(
    service: CampaignService, db_path: Path
) -> None:
    backup = await service.backup_database()
    assert backup.parent == db_path.parent / "backups"
