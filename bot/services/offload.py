"""Long pure work off the event loop: an import's checks and replay, a verification.

Replaying a long campaign takes seconds; on the event loop it would freeze every other
table's clicks meanwhile. The work runs in a worker thread instead, and reports how far it
has gone through `Progress`, relayed to the event loop's thread at most once a second so
that an adapter can show it (edit a message) without any locking of its own.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

Progress = Callable[[int, int], None]
"""Told `(done, total)` steps of a long piece of work."""
RELAY_EVERY_SECONDS = 1.0

Result = TypeVar("Result")


class _Relay:
    """Called in the worker thread; calls the adapter's `Progress` on the loop's thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, progress: Progress | None) -> None:
        self._loop = loop
        self._progress = progress
        self._last = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if self._progress is None:
            return
        now = time.monotonic()
        if done < total and now - self._last < RELAY_EVERY_SECONDS:
            return
        self._last = now
        self._loop.call_soon_threadsafe(self._progress, done, total)


async def off_the_loop(
    work: Callable[[Progress], Result], progress: Progress | None = None
) -> Result:
    """`work(report)` in a worker thread; its exceptions are raised here."""
    relay = _Relay(asyncio.get_running_loop(), progress)
    return await asyncio.to_thread(work, relay)
