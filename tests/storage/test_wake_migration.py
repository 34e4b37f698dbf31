"""The wake-time migration on a database made before it: every running campaign is due at
the first tick (its wake time is not known yet), and the others get no wake time."""

from __future__ import annotations

from pathlib import Path

from bot.services import FakeClock, open_service
from bot.storage.migrate import available_migrations
from tests.services.conftest import CHANNEL, sql, started_table

WAKE = next(m.number for m in available_migrations() if m.path.name.endswith("_wake.sql"))


async def test_running_campaigns_of_an_older_database_are_due_at_once(tmp_path: Path) -> None:
    database = tmp_path / "courier.sqlite3"
    service = await open_service(database, FakeClock())
    running = await started_table(service)
    paused = await started_table(service, channel=CHANNEL + 1)
    await service.pause(paused, actor="mod", reason="break")
    await service.close()
    # As it was before the migration: no table, no triggers, not recorded as applied.
    sql(database, "DROP TABLE campaign_wake")
    sql(database, "DELETE FROM schema_version WHERE version >= ?", WAKE)
    triggers = [
        row[0] for row in sql(database, "SELECT name FROM sqlite_master WHERE type = 'trigger'")
    ]
    for name in triggers:
        sql(database, f"DROP TRIGGER {name}")
    # Nor what the later migrations added (0006: the outbox's guild and held flag).
    sql(database, "DROP INDEX outbox_held")
    sql(database, "ALTER TABLE outbox DROP COLUMN held")
    sql(database, "ALTER TABLE outbox DROP COLUMN guild_id")
    service = await open_service(database, FakeClock())
    due = await service.store.due_campaigns(FakeClock().now(), after_id=0, limit=10)
    assert [row.campaign_id for row in due] == [running]
    await service.close()
