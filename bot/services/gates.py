"""One order at a time per campaign within the process, so that losers of a race lose fast.

A thousand clicks on one prompt would otherwise each load the state, validate and apply the
order in full, only for all but one to lose at the store's seq check. Queued behind the
winner instead, each later click finds the campaign moved on and is refused by its
expected step before any rules run. (Other processes on the same database are still kept
apart by the store's optimistic concurrency.)
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class StepGates:
    """An asyncio lock per campaign, kept only while someone holds or awaits it."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: Counter[int] = Counter()

    @asynccontextmanager
    async def one_at_a_time(self, campaign_id: int) -> AsyncIterator[None]:
        lock = self._locks.setdefault(campaign_id, asyncio.Lock())
        self._users[campaign_id] += 1
        try:
            async with lock:
                yield
        finally:
            self._users[campaign_id] -= 1
            if not self._users[campaign_id]:
                del self._users[campaign_id], self._locks[campaign_id]
