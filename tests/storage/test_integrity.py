"""A damaged, empty or missing database stops start-up with one sentence naming the newest
backup to restore, and the process ends instead of hanging on the database's thread."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.services import open_service
from bot.storage import DamagedDatabase
from bot.storage.integrity import backup_directory_for

PAGE = 4096


def _backups(database: Path) -> Path:
    folder = backup_directory_for(database)
    folder.mkdir(parents=True)
    for stamp in ("20260101T000000000000Z", "20260301T000000000000Z", "20260201T000000000000Z"):
        (folder / f"courier-{stamp}.sqlite3").write_bytes(b"SQLite format 3\x00")
    return folder / "courier-20260301T000000000000Z.sqlite3"


async def _refusal(database: Path) -> DamagedDatabase:
    with pytest.raises(DamagedDatabase) as refused:
        await open_service(database)
    return refused.value


async def _a_database_with_many_pages(path: Path) -> None:
    service = await open_service(path)
    for number in range(300):
        await service.create_campaign(
            ruleset="mini", creator_id="1", guild_id=number, channel_id=number, options={}
        )
    await service.close()


async def test_an_empty_file_is_refused_naming_the_newest_backup(tmp_path: Path) -> None:
    database = tmp_path / "courier.sqlite3"
    database.write_bytes(b"")
    newest = _backups(database)
    refusal = await _refusal(database)
    assert refusal.problem == "the file is empty" and refusal.backup == newest
    assert str(newest) in str(refusal) and str(database) in str(refusal)
    assert database.stat().st_size == 0  # nothing was created over it


async def test_a_missing_database_with_backups_beside_it_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "courier.sqlite3"
    newest = _backups(database)
    assert (await _refusal(database)).backup == newest
    assert not database.exists()


async def test_a_first_start_creates_the_database(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "new" / "courier.sqlite3")
    assert await service.all_campaigns() == []
    await service.close()


async def test_corrupted_pages_are_found_at_start_up(tmp_path: Path) -> None:
    database = tmp_path / "courier.sqlite3"
    await _a_database_with_many_pages(database)
    assert database.stat().st_size > 10 * PAGE
    with database.open("r+b") as file:
        file.seek(5 * PAGE)
        file.write(b"\xa5" * (3 * PAGE))
    refusal = await _refusal(database)
    assert refusal.backup is None and "no backup was found" in str(refusal)


def _run_bot(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        timeout=120,  # a hang is the failure this guards against, not a speed limit
        cwd=Path(__file__).resolve().parents[2],
        check=False,
    )


def test_the_command_line_ends_with_one_sentence_on_a_file_that_is_not_a_database(
    tmp_path: Path,
) -> None:
    database = tmp_path / "bad.sqlite3"
    database.write_bytes(bytes(range(256)) * 64)
    newest = _backups(database)
    finished = _run_bot("versions", "--db", str(database), cwd=tmp_path)
    assert finished.returncode == 1
    [sentence] = finished.stderr.splitlines()
    assert "not an SQLite database" in sentence and str(newest) in sentence


async def test_the_full_check_is_run_on_request(tmp_path: Path) -> None:
    database = tmp_path / "courier.sqlite3"
    await _a_database_with_many_pages(database)
    finished = _run_bot("check", "--db", str(database), cwd=tmp_path)
    assert (finished.returncode, finished.stdout.strip()) == (0, f"{database}: ok")
