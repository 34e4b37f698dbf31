"""Start-up checks of the database file: refuse a damaged or missing one, naming the backup.

A damaged file must stop the bot at once, not fail later on a few campaigns, and an empty
file where a database was expected must not start afresh as if nothing had been lost. The
check reads the file with SQLite's own `PRAGMA quick_check` (a few seconds on a large
database) or, on request, the full `integrity_check`; either way the process is told in
one sentence which backup to restore.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Literal

from bot.storage.base import StoreError

Check = Literal["quick", "full", "none"]
BACKUP_FOLDER = "backups"
"""Backups live in this folder beside the database (see bot.services.backup)."""
SQLITE_HEADER = b"SQLite format 3\x00"


def backup_directory_for(database: Path) -> Path:
    return database.parent / BACKUP_FOLDER


def newest_backup(directory: Path) -> Path | None:
    """The newest backup file: their names carry their UTC time, so it sorts last."""
    if not directory.is_dir():
        return None
    return max(directory.glob("*.sqlite3"), default=None)


class DamagedDatabase(StoreError):
    """The database file cannot be trusted: the bot must not start on it."""

    def __init__(self, path: Path, problem: str, backup: Path | None, backups: Path) -> None:
        self.path = path
        self.problem = problem
        self.backup = backup
        self.backups = backups
        super().__init__(self.sentence())

    def sentence(self) -> str:
        if self.backup is not None:
            advice = (
                f"restore the newest backup, {self.backup}, by copying it over the database"
                " (and deleting the database's -wal and -shm files)"
            )
        else:
            advice = (
                f"no backup was found in {self.backups}: restore a copy from elsewhere, or move"
                " the file away to start an empty database"
            )
        return f"The database {self.path} cannot be used ({self.problem}): {advice}."


def _problem(path: Path, check: Check) -> str | None:
    """What is wrong with the file at `path`, or None."""
    if not path.exists():
        return None
    if path.stat().st_size == 0:
        return "the file is empty"
    with path.open("rb") as file:
        if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            return "the file is not an SQLite database"
    if check == "none":
        return None
    pragma = "PRAGMA quick_check(1)" if check == "quick" else "PRAGMA integrity_check(1)"
    try:
        connection = sqlite3.connect(path)
        try:
            [verdict] = connection.execute(pragma).fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        return str(error)
    return None if verdict == "ok" else f"{check} check: {str(verdict)[:200]}"


def check_database(path: Path, check: Check = "quick") -> None:
    """Raise `DamagedDatabase` when the file is damaged, or missing while backups of it
    exist (a database was expected here); a first start, with neither, passes."""
    backups = backup_directory_for(path)
    newest = newest_backup(backups)
    problem = _problem(path, check)
    if problem is None and not path.exists() and newest is not None:
        problem = "the file is missing, but backups of it exist"
    if problem is not None:
        raise DamagedDatabase(path, problem, newest, backups)


def damaged(path: Path, error: sqlite3.DatabaseError) -> DamagedDatabase:
    """The refusal for an SQLite error met while opening the database (a damaged page)."""
    backups = backup_directory_for(path)
    return DamagedDatabase(path, str(error), newest_backup(backups), backups)
