"""Deadlines live in the database: a restarted service fires what was missed while it was
down exactly once and keeps the rest armed."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.services import FakeClock, open_service
from bot.services.schedule import Scheduler
from tests.schedule.conftest import BLUE, CHANNEL, RED, notices, started


async def test_after_a_restart_missed_deadlines_fire_once_and_the_others_stay_armed(
    db_path: Path, clock: FakeClock
) -> None:
    before = await open_service(db_path, clock)
    brisk = await started(before, pace={"preset": "brisk"})  # 24-hour turns
    relaxed = await started(before, pace={"preset": "relaxed"}, channel=CHANNEL + 1)  # 72 h
    await before.submit(relaxed, RED, {"type": "pass"})
    relaxed_due = (await before.waiting(relaxed))[0].due_at
    await before.close()

    clock.advance(hours=30)  # the bot is down past the brisk deadline only
    after = await open_service(db_path, clock)
    try:
        report = await Scheduler(after).tick()
        assert report.missed == 1 and report.campaigns == {brisk}
        assert (await Scheduler(after).tick()).missed == 0
        [entry] = await after.history(brisk, limit=1)
        assert (entry.seat, entry.actor) == ("red", "courier:deadline")
        assert len(await notices(after, brisk, "schedule.notice.missed")) == 1
        [waiting] = await after.waiting(relaxed)
        assert (waiting.seat, waiting.user_id, waiting.due_at) == ("blue", BLUE, relaxed_due)
        assert await notices(after, relaxed, "schedule.notice.missed") == []
    finally:
        await after.close()

    # A second restart later still fires nothing twice.
    clock.advance(timedelta(hours=1))
    again = await open_service(db_path, clock)
    try:
        assert (await Scheduler(again).tick()).missed == 0
        assert len(await notices(again, brisk, "schedule.notice.missed")) == 1
    finally:
        await again.close()
