"""A failure half-way through writing an action leaves no trace of it."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bot.storage.sqlite
from bot.storage import SqliteStore
from tests.storage.conftest import entry, new_campaign, report

REPO = Path(__file__).resolve().parents[2]

# Writes the set-up entry, then starts entry 1 and stops inside its transaction, after the
# action row is written but before the outbox rows, and waits there to be killed.
KILLED_WRITER = """
import asyncio, sys, time
import bot.storage.sqlite
from bot.storage import SqliteStore
from tests.storage.conftest import entry, new_campaign, report

async def main(path):
    store = await SqliteStore.open(path)
    campaign = await store.create_campaign(new_campaign())
    await store.append_action(campaign.id, entry(0, None), expected_status="lobby",
                              new_status="active")

    def hang(*args, **kwargs):  # on the database's thread, inside the transaction
        print("inside", flush=True)
        time.sleep(60)

    bot.storage.sqlite._insert_outbox = hang
    await store.append_action(campaign.id, entry(1), expected_status="active",
                              outbox=[report()])

asyncio.run(main(sys.argv[1]))
"""


def log_and_seq(path: Path) -> tuple[list[int], int, int]:
    with sqlite3.connect(path) as db:
        seqs = [row[0] for row in db.execute("SELECT seq FROM actions ORDER BY seq")]
        campaign_seq = db.execute("SELECT seq FROM campaigns").fetchone()[0]
        outbox = db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
    return seqs, campaign_seq, outbox


async def test_an_exception_inside_the_transaction_rolls_everything_back(
    sqlite_store: SqliteStore, monkeypatch: pytest.MonkeyPatch, db_path: Path
) -> None:
    store = sqlite_store
    campaign = await store.create_campaign(new_campaign())
    await store.append_action(
        campaign.id, entry(0, None), expected_status="lobby", new_status="active"
    )

    def fail(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(bot.storage.sqlite, "_insert_outbox", fail)
    with pytest.raises(RuntimeError):
        await store.append_action(
            campaign.id, entry(1), expected_status="active", outbox=[report()]
        )
    assert log_and_seq(db_path) == ([0], 0, 0)
    monkeypatch.undo()
    await store.append_action(campaign.id, entry(1), expected_status="active", outbox=[report()])
    assert log_and_seq(db_path) == ([0, 1], 1, 1)


def test_a_process_killed_mid_write_leaves_no_partial_action(db_path: Path) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(db_path)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "inside"
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=10)
    finally:
        if writer.poll() is None:
            writer.kill()
    assert writer.returncode == -signal.SIGKILL
    assert log_and_seq(db_path) == ([0], 0, 0)
