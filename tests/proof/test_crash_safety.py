"""SIGKILL at random moments and inside the critical windows loses nothing acknowledged,
leaves nothing half-applied, replays to the recorded hashes and posts each message (maps
and prompts included) once, in order; on SQLite in the default suite, on PostgreSQL as well
in the slow run (the fifty kills on SQLite only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.proof.crash_harness import check_delivery, crash_trials, publication_rows


@pytest.fixture
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where the crash worker keeps its campaigns: a SQLite file, or a PostgreSQL URL (the
    kind comes from tests/proof/conftest.py)."""
    if getattr(request, "param", "sqlite") == "sqlite":
        return str(tmp_path / "crash.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


def test_eight_kills_lose_nothing_and_deliver_everything(tmp_path: Path, database: str) -> None:
    table = crash_trials(tmp_path, trials=8, campaigns=24, seed=8, database=database)
    assert table.kills == 8, "every run must really be killed for the test to mean anything"
    repeats = check_delivery(table)
    assert repeats <= table.kills


def test_kills_between_a_commit_and_its_map_and_prompts_lose_none(
    tmp_path: Path, database: str
) -> None:
    """Every run is killed right after a commit, before its map and prompts are posted, or
    right after a message is sent: after the restarts every map and every prompt of every
    committed step is posted exactly once, in order, and only the newest prompts are open."""
    table = crash_trials(
        tmp_path,
        trials=6,
        campaigns=6,
        seed=12,
        pauses=("after_commit", "after_send"),
        pause_every=1,
        database=database,
    )
    assert table.kills == 6
    rows = publication_rows(table)
    assert rows["board_changed"] > 0 and rows["prompts_opened"] > 0
    repeats = check_delivery(table)
    assert repeats <= table.kills


@pytest.mark.slow
def test_fifty_kills_lose_nothing_and_deliver_everything(tmp_path: Path, database: str) -> None:
    table = crash_trials(tmp_path, trials=50, campaigns=150, seed=50, database=database)
    assert table.kills == 50
    repeats = check_delivery(table)
    assert repeats <= table.kills
