"""Online backups of the database, keeping the newest few files.

The store copies a consistent database while the bot keeps playing (SQLite's backup API,
PostgreSQL's pg_dump), so there is no need to stop anything. Files are named by their UTC
time, so that the newest sorts last. To restore a SQLite one: stop the bot, copy the chosen
file over the database (removing the old database's `-wal` and `-shm` files), and start the
bot again; a PostgreSQL one: `pg_restore --clean --if-exists -d URL FILE` (README).
"""

from __future__ import annotations

import logging
from pathlib import Path

from bot.services.core import ServicePart
from bot.services.errors import ServiceError
from bot.storage import BackupStore

log = logging.getLogger("courier.services.backup")

BACKUP_PREFIX = "courier-"
PARTIAL_SUFFIX = ".partial"
DEFAULT_KEEP = 14


def backup_files(directory: Path) -> list[Path]:
    """The backups in `directory`, oldest first."""
    if not directory.is_dir():
        return []
    found = directory.glob(f"{BACKUP_PREFIX}*")
    return sorted(path for path in found if not path.name.endswith(PARTIAL_SUFFIX))


def prune_backups(directory: Path, keep: int) -> list[Path]:
    """Delete all but the `keep` newest backups; return the deleted files."""
    files = backup_files(directory)
    doomed = files[: max(len(files) - keep, 0)]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed


class CampaignBackups(ServicePart):
    def default_backup_directory(self) -> Path:
        """`backups/` beside a SQLite database (data/backups/ with the default settings)."""
        if not isinstance(self._store, BackupStore):
            raise ServiceError("trust.error.backup_unsupported")
        return self._store.default_backup_directory()

    async def backup_database(
        self, directory: Path | None = None, *, keep: int = DEFAULT_KEEP
    ) -> Path:
        """Copy the live database into `directory` and keep only the `keep` newest copies."""
        if keep < 1:
            raise ValueError("keep at least one backup")
        if not isinstance(self._store, BackupStore):
            raise ServiceError("trust.error.backup_unsupported")
        folder = directory or self.default_backup_directory()
        stamp = self._clock.now().strftime("%Y%m%dT%H%M%S%fZ")
        target = folder / f"{BACKUP_PREFIX}{stamp}{self._store.backup_suffix}"
        await self._store.backup_to(target)
        pruned = prune_backups(folder, keep)
        log.info("database backed up to %s (%s old copies removed)", target, len(pruned))
        return target
