"""Backups on either store: a file per backup (SQLite's copy or a pg_dump), the newest kept."""

from __future__ import annotations

from pathlib import Path

from bot.services import CampaignService, FakeClock
from bot.services.backup import backup_files
from bot.storage import BackupStore
from tests.services.conftest import RED, started_table


async def test_backups_of_a_running_campaign_keep_the_newest_few(
    service: CampaignService, tmp_path: Path, clock: FakeClock
) -> None:
    campaign_id = await started_table(service)
    folder = tmp_path / "backups"
    made = []
    for amount in (1, 2, 3):
        await service.submit(campaign_id, RED, {"type": "bid", "amount": amount})
        made.append(await service.backup_database(folder, keep=2))
        clock.advance(hours=6)
        await service.undo_last(campaign_id, actor="mod", reason="again")
    assert backup_files(folder) == made[-2:]
    assert isinstance(service.store, BackupStore)
    assert {path.suffix for path in made} == {service.store.backup_suffix}
    assert all(path.stat().st_size > 0 for path in made[-2:])
