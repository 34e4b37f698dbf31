"""One service on its own event loop for a whole hypothesis run: hypothesis examples are
synchronous, and opening a database per example would make the runs far too slow."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.services import CampaignService, FakeClock, open_service
from tests.proof.tables import mini_table


class Arena:
    """One service on its own loop for a whole hypothesis run (examples are synchronous)."""

    def __init__(self, database: str | Path) -> None:
        """`database`: a folder for a SQLite file, or a PostgreSQL URL."""
        self.loop = asyncio.new_event_loop()
        if isinstance(database, Path):
            database = database / "hostile.sqlite3"
        self.service: CampaignService = self.run(
            open_service(database, FakeClock(), snapshot_every=2)
        )
        self.bystander = self.run(mini_table(self.service, ("red", "blue"), guild=999))
        self.lobby = self.run(
            self.service.create_campaign(
                ruleset="mini", creator_id="1", guild_id=998, channel_id=1, options={}
            )
        ).id

    def run(self, awaitable: Any) -> Any:
        return self.loop.run_until_complete(awaitable)

    def close(self) -> None:
        self.run(self.service.close())
        self.loop.close()
