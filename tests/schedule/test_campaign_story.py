"""One campaign over two weeks of a fake clock, the way a table lives it: deadlines and
reminders in active hours, an answer, a refused and a granted extension, a vacation, a miss
after the grace period, a moderator's pause, a substitute, and simultaneous calls that
resolve as soon as everyone answered. The outbox and the state are checked at each step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import pytest

from bot.services import CampaignService, FakeClock, ServiceError
from bot.services.schedule import Scheduler
from tests.schedule.conftest import BLUE, CHANNEL, GREEN, RED
from tests.services.conftest import new_table

SUBSTITUTE = "4004"
PACE = {
    "time_zone": "Europe/Paris",
    "active_from": "08:00",
    "active_until": "22:00",
    "grace_hours": 2,
    "extension_cap_hours": 12,
    "misses_before_flag": 2,
}


def jan(day: int, hour: int) -> datetime:
    return datetime(2026, 1, day, hour, tzinfo=UTC)


def notice_reader(
    service: CampaignService, campaign_id: int
) -> Callable[[], Awaitable[list[tuple[str, str, str]]]]:
    """Each call returns the schedule notices written since the previous call."""
    seen = 0

    async def new_notices() -> list[tuple[str, str, str]]:
        nonlocal seen
        rows = await service.store.campaign_outbox(campaign_id)
        fresh: list[tuple[str, str, str]] = [
            (row.target_kind, row.target_id, str(row.payload["key"]))
            for row in rows[seen:]
            if str(row.payload.get("key", "")).startswith("schedule.")
        ]
        seen = len(rows)
        return fresh

    return new_notices


async def test_two_weeks_of_a_campaign(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    channel = ("channel", str(CHANNEL))
    clock.advance(hours=12)  # Monday 21:00 UTC, 22:00 in Paris
    campaign_id = await new_table(service, ("red", "blue", "green"))
    await service.set_pace(campaign_id, PACE, actor="mod", reason="evenings in Paris")
    await service.start(campaign_id, RED)
    news = notice_reader(service, campaign_id)
    assert await news() == [(*channel, "schedule.notice.pace")]

    # Wednesday 22:00 in Paris is past the active hours: red's bid is due Thursday 08:00.
    [red] = await service.waiting(campaign_id)
    assert (red.seat, red.since, red.due_at) == ("red", jan(5, 21), jan(8, 7))

    # Red has 28 waking hours (Tuesday and Wednesday, 08:00 to 22:00 in Paris): half of
    # them are gone at the end of Tuesday, when the reminder goes out (half of the 58 hours
    # by the clock would be 03:00, a night pushed to the morning)...
    clock.advance(hours=23)  # Tuesday 21:00 in Paris
    assert (await scheduler.tick()).reminders == 0
    clock.advance(hours=6)  # Wednesday 03:00 in Paris
    assert (await scheduler.tick()).reminders == 1
    assert await news() == [(*channel, "schedule.notice.reminder")]

    # ...and red answers before it: the deadline closes and blue's opens, also moved into
    # the morning.
    clock.advance(hours=1)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 2})
    [blue] = await service.waiting(campaign_id)
    assert (blue.seat, blue.since, blue.due_at) == ("blue", jan(7, 3), jan(9, 7))
    await service.set_reminder_route(campaign_id, BLUE, "dm")

    # Blue asks for more than the cap: refused, nothing moves; within the cap: granted.
    with pytest.raises(ServiceError) as refused:
        await service.request_extension(campaign_id, BLUE, 24)
    assert refused.value.key == "schedule.error.extension_too_long"
    assert (await service.waiting(campaign_id))[0].due_at == jan(9, 7)
    assert (await service.request_extension(campaign_id, BLUE, 12)).due_at == jan(9, 19)
    assert await news() == [(*channel, "schedule.notice.extended")]

    # Blue has 40 waking hours (Wednesday, Thursday, Friday until 20:00 in Paris).
    clock.advance(hours=32)  # Thursday 11:00
    assert (await scheduler.tick()).reminders == 0

    # Green will be away from Thursday noon to Sunday noon.
    await service.declare_vacation(campaign_id, GREEN, jan(8, 12), jan(11, 12))
    assert await news() == [(*channel, "schedule.notice.vacation")]

    # Half of them are gone Thursday 14:00 in Paris: blue prefers reminders by DM.
    clock.advance(hours=2)  # Thursday 13:00
    assert (await scheduler.tick()).reminders == 1
    assert await news() == [("dm", BLUE, "schedule.notice.reminder")]

    # Blue's deadline passes: first a warning, the default only after the grace period.
    clock.advance(hours=26)  # Friday 15:00: 90 % of the 40 waking hours
    await scheduler.tick()
    assert await news() == [("dm", BLUE, "schedule.notice.reminder")]
    clock.advance(hours=4)  # Friday 19:00
    tick = await scheduler.tick()
    assert (tick.missed, tick.overdue_notices) == (0, 1)
    assert await news() == [(*channel, "schedule.notice.overdue")]
    clock.advance(hours=2)
    assert (await scheduler.tick()).missed == 1
    [entry] = await service.history(campaign_id, limit=1)
    assert (entry.seat, entry.action, entry.actor) == ("blue", {"type": "pass"}, "courier:deadline")
    assert await news() == [(*channel, "schedule.notice.missed")]  # one miss: no flag yet

    # Green is away: the clock starts at the return, Sunday noon, and runs two days.
    [green] = await service.waiting(campaign_id)
    assert (green.seat, green.on_vacation, green.due_at) == ("green", True, jan(13, 12))

    # A moderator pauses for a day: nothing fires, and the deadline moves by the day.
    await service.pause(campaign_id, actor="mod", reason="server maintenance")
    clock.advance(hours=24)
    assert (await scheduler.tick()).missed == 0
    await service.resume(campaign_id, actor="mod", reason="done")
    assert (await service.waiting(campaign_id))[0].due_at == jan(14, 12)

    # Blue leaves; a volunteer takes the seat and gets its secrets by DM at once.
    await service.open_seat(campaign_id, "blue", actor="mod", reason="blue moved away")
    assert await service.substitute(campaign_id, SUBSTITUTE, "Sub") == "blue"
    assert await news() == [
        (*channel, "schedule.notice.seat_open"),
        ("dm", SUBSTITUTE, "schedule.notice.your_seat"),
        (*channel, "schedule.notice.substituted"),
    ]

    # Back from vacation, green passes; everyone calls at once and the game resolves as
    # soon as the last call is in, days before the deadline.
    clock.advance(hours=16)  # Sunday 13:00
    await service.submit(campaign_id, GREEN, {"type": "pass"})
    calls = await service.waiting(campaign_id)
    assert {w.seat: w.user_id for w in calls} == {"red": RED, "blue": SUBSTITUTE, "green": GREEN}
    assert {w.due_at for w in calls} == {jan(13, 13)}
    await service.submit(campaign_id, SUBSTITUTE, {"type": "call", "side": "high"})
    await service.submit(campaign_id, GREEN, {"type": "call", "side": "high"})
    await service.submit(campaign_id, RED, {"type": "call", "side": "low"})
    assert (await service.get_campaign(campaign_id)).status == "finished"
    assert await service.waiting(campaign_id) == []
    clock.advance(days=5)
    tick = await scheduler.tick()
    assert (tick.missed, tick.reminders) == (0, 0)
    assert await news() == []
    states = [d.state for d in await service.store.deadlines(campaign_id, pending_only=False)]
    assert states == ["answered", "missed", "answered", "answered", "answered", "answered"]
