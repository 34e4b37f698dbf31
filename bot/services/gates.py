"""One order at a time per campaign within the process, so that losers of a race lose fast.

A thousand clicks on one prompt would otherwise each load the state, validate and apply the
order in full, only for all but one to lose at the store's seq check. Queued behind the
winner instead, each later click finds the campaign moved on and is refused by its
expected step before any rules run. (Other processes on the same database are still kept
apart by the store's optimistic concurrency.)

The gates also know whether any order is in progress, so that background work (the
scheduler draining a backlog of deadlines) can let players' orders go first.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class StepGates:
    """An asyncio lock per campaign, kept only while someone holds or awaits it."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: Counter[int] = Counter()
        self._no_orders = asyncio.Event()
        self._no_orders.set()

    @asynccontextmanager
    async def one_at_a_time(self, campaign_id: int) -> AsyncIterator[None]:
        lock = self._locks.setdefault(campaign_id, asyncio.Lock())
        self._users[campaign_id] += 1
        self._no_orders.clear()
        try:
            async with lock:
                yield
        finally:
            self._users[campaign_id] -= 1
            if not self._users[campaign_id]:
                del self._users[campaign_id], self._locks[campaign_id]
            if not self._users:
                self._no_orders.set()

    def orders_in_progress(self) -> bool:
        return not self._no_orders.is_set()

    async def after_orders(self, at_most: float) -> None:
        """Wait until no order is in progress, or `at_most` seconds (so that a stream of
        orders slows background work down without stopping it)."""
        if self._no_orders.is_set():
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._no_orders.wait(), at_most)
