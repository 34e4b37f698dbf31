"""Group commit for SQLite: the write transactions that wait at the same moment share one
COMMIT, and so one flush to disk.

A durable commit costs milliseconds (the WAL is flushed each time) and takes the only
writer for that long, so a scheduler draining thousands of deadlines, the delivery loop
and the players' clicks would otherwise queue behind each other's flushes. Each piece of
work is a plain function run on the connection's own thread, in its own savepoint: one that
raises is rolled back alone and its caller gets the error, the others in the group commit
together. A caller returns only once its work is committed, as before.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import aiosqlite

Work = Callable[[sqlite3.Connection], Any]
Result = TypeVar("Result")
# A group waits for nobody: it takes whatever work is queued when the writer is free.
MAX_GROUP = 64


@dataclass(frozen=True)
class _Failed:
    error: Exception


def _run_group(connection: sqlite3.Connection, works: list[Work]) -> list[Any]:
    """On the database thread: every work in its savepoint, then one COMMIT."""
    outcomes: list[Any] = []
    connection.execute("BEGIN IMMEDIATE")
    try:
        for work in works:
            connection.execute("SAVEPOINT work")
            try:
                outcomes.append(work(connection))
            except Exception as error:
                connection.execute("ROLLBACK TO work")
                outcomes.append(_Failed(error))
            connection.execute("RELEASE work")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return outcomes


class GroupCommitter:
    """Runs write work on one aiosqlite connection, many callers' work per COMMIT.

    `lock` is the store's writer lock: a group holds it while it runs, so the store's
    other transactions (several statements over several awaits) never interleave."""

    def __init__(self, db: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        self._db = db
        self._lock = lock
        self._waiting: list[tuple[Work, asyncio.Future[Any]]] = []
        self._committer: asyncio.Task[None] | None = None

    async def run(self, work: Callable[[sqlite3.Connection], Result]) -> Result:
        """`work(connection)` inside a transaction; its result once committed. A caller
        cancelled before its group starts has its work dropped (nothing written)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((work, future))
        if self._committer is None:
            # A task of its own: a caller's cancellation must not stop a group half way.
            self._committer = asyncio.create_task(self._commit_waiting())
        result: Result = await future
        return result

    async def _commit_waiting(self) -> None:
        try:
            while self._waiting:
                group = [entry for entry in self._waiting[:MAX_GROUP] if not entry[1].done()]
                del self._waiting[:MAX_GROUP]
                if group:
                    await self._commit(group)
        finally:
            self._committer = None

    async def _commit(self, group: list[tuple[Work, asyncio.Future[Any]]]) -> None:
        works = [work for work, _ in group]
        try:
            async with self._lock:
                # aiosqlite runs a function on its connection thread only through this
                # internal call; one trip there for the whole group.
                outcomes = await self._db._execute(_run_group, self._db._conn, works)  # type: ignore[no-untyped-call]
        except BaseException as error:
            for _, future in group:
                if not future.done():
                    future.set_exception(error if isinstance(error, Exception) else RuntimeError())
            if not isinstance(error, Exception):
                raise
            return
        for (_, future), outcome in zip(group, outcomes, strict=True):
            if future.done():
                continue  # its caller was cancelled meanwhile; the work stands
            if isinstance(outcome, _Failed):
                future.set_exception(outcome.error)
            else:
                future.set_result(outcome)
