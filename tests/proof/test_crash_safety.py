"""SIGKILL at random moments and inside the critical windows loses nothing acknowledged,
leaves nothing half-applied, replays to the recorded hashes and sends each message once."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.proof.crash_harness import check_delivery, crash_trials


def test_eight_kills_lose_nothing_and_deliver_everything(tmp_path: Path) -> None:
    table = crash_trials(tmp_path, trials=8, campaigns=24, seed=8)
    assert table.kills == 8, "every run must really be killed for the test to mean anything"
    repeats = check_delivery(table)
    assert repeats <= table.kills


@pytest.mark.slow
def test_fifty_kills_lose_nothing_and_deliver_everything(tmp_path: Path) -> None:
    table = crash_trials(tmp_path, trials=50, campaigns=150, seed=50)
    assert table.kills == 50
    repeats = check_delivery(table)
    assert repeats <= table.kills
