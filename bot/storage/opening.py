"""Opening the store a `COURIER_DATABASE` value names: a file path is a SQLite database, a
`postgresql://` (or `postgres://`) URL a PostgreSQL one. The rest of the bot sees a `Store`."""

from __future__ import annotations

from pathlib import Path

from bot.storage.base import Store
from bot.storage.postgres import PostgresStore, is_postgres_url, without_password
from bot.storage.sqlite import SqliteStore


async def open_store(database: str | Path, *, full_check: bool = False) -> Store:
    """Open (creating and migrating if needed) the database `database` names. A SQLite file
    is checked for damage first (`bot.storage.integrity`: the quick check, or the full one
    when asked); a PostgreSQL server keeps its own checksums and answers for its pages."""
    if is_postgres_url(database):
        return await PostgresStore.open(str(database))
    return await SqliteStore.open(database, check="full" if full_check else "quick")


def describe_database(database: str | Path) -> str:
    """The database for a log line or a message: a URL without its password."""
    if not is_postgres_url(database):
        return str(database)
    return without_password(str(database))[0]
