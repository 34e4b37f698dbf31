"""Which bot process runs the deadline scheduler: the one holding the store's lead.

Several processes may share one PostgreSQL database (each runs some Discord shards), but
deadlines must fire once: before each tick a process asks the store whether it leads
(`Store.lead_scheduler`, an advisory lock on PostgreSQL, always yes on SQLite). A process
that does not lead skips the tick and asks again at the next one, so when the leader
stops or dies another takes over within a tick.
"""

from __future__ import annotations

import logging

from bot.services.schedule import Scheduler
from bot.services.schedule_record import TickReport
from bot.storage import Store

log = logging.getLogger("courier.services.leadership")


class LeadingScheduler:
    """A `Scheduler` that ticks only while this process holds the lead."""

    def __init__(self, store: Store, scheduler: Scheduler) -> None:
        self._store = store
        self._scheduler = scheduler
        self.leading = False

    async def tick(self) -> TickReport | None:
        """The tick's report, or None when another process runs the scheduler."""
        leading = await self._store.lead_scheduler()
        if leading != self.leading:
            self.leading = leading
            if leading:
                log.info("this process now runs the deadline scheduler")
            else:
                log.warning("this process no longer runs the deadline scheduler")
        if not leading:
            return None
        return await self._scheduler.tick()
