"""Numbered schema migrations (`migrations/NNNN_name.sql`), applied in order at start-up.

The `schema_version` table records each applied number; a migration and its record are
committed together, so a crash half-way through one leaves the previous schema intact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    number: int
    path: Path


def available_migrations(folder: Path = MIGRATIONS_DIR) -> list[Migration]:
    found = []
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if match:
            found.append(Migration(int(match.group(1)), path))
    found.sort(key=lambda migration: migration.number)
    numbers = [migration.number for migration in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 1, 2, 3… without gaps: {numbers}")
    return found


async def schema_version(db: aiosqlite.Connection) -> int:
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version"
        " (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)"
    )
    async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, folder: Path = MIGRATIONS_DIR) -> list[int]:
    """Apply every migration newer than the database; return the numbers applied."""
    current = await schema_version(db)
    applied = []
    for migration in available_migrations(folder):
        if migration.number <= current:
            continue
        script = migration.path.read_text(encoding="utf-8")
        try:
            # executescript runs in autocommit mode, so the script carries its own
            # transaction: the schema change and its version record land together.
            await db.executescript(
                f"BEGIN IMMEDIATE;\n{script}\n"
                f"INSERT INTO schema_version (version) VALUES ({migration.number});\nCOMMIT;"
            )
        except Exception:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        applied.append(migration.number)
    return applied
