"""Online backups of the SQLite database, keeping the newest few files.

SQLite's backup API copies a consistent database while the bot keeps playing, so there is
no need to stop anything. Files are named by their UTC time, so that the newest sorts last.
To restore one: stop the bot, copy the chosen file over the database (removing the old
database's `-wal` and `-shm` files), and start the bot again.
"""

from __future__ import annotations

import logging
from pathlib import Path

from bot.services.core import ServicePart
from bot.services.errors import ServiceError
from bot.storage import SqliteStore
from bot.storage.integrity import backup_directory_for

log = logging.getLogger("courier.services.backup")

BACKUP_PREFIX = "courier-"
BACKUP_SUFFIX = ".sqlite3"
DEFAULT_KEEP = 14


def backup_files(directory: Path) -> list[Path]:
    """The backups in `directory`, oldest first."""
    if not directory.is_dir():
        return []
    return sorted(directory.glob(f"{BACKUP_PREFIX}*{BACKUP_SUFFIX}"))


def prune_backups(directory: Path, keep: int) -> list[Path]:
    """Delete all but the `keep` newest backups; return the deleted files."""
    files = backup_files(directory)
    doomed = files[: max(len(files) - keep, 0)]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed


class CampaignBackups(ServicePart):
    def default_backup_directory(self) -> Path:
        """`backups/` beside the database (data/backups/ with the default settings)."""
        if not isinstance(self._store, SqliteStore):
            raise ServiceError("trust.error.backup_unsupported")
        return backup_directory_for(self._store.path)

    async def backup_database(
        self, directory: Path | None = None, *, keep: int = DEFAULT_KEEP
    ) -> Path:
        """Copy the live database into `directory` and keep only the `keep` newest copies."""
        if keep < 1:
            raise ValueError("keep at least one backup")
        if not isinstance(self._store, SqliteStore):
            raise ServiceError("trust.error.backup_unsupported")
        folder = directory or self.default_backup_directory()
        stamp = self._clock.now().strftime("%Y%m%dT%H%M%S%fZ")
        target = folder / f"{BACKUP_PREFIX}{stamp}{BACKUP_SUFFIX}"
        await self._store.backup_to(target)
        pruned = prune_backups(folder, keep)
        log.info("database backed up to %s (%s old copies removed)", target, len(pruned))
        return target
