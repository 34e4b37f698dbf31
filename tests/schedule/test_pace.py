"""When a deadline falls: durations, a fixed time of day, active hours, and bad settings."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

import pytest

from bot.services import ServiceError
from bot.services.pace import Pace, checked_pace, due_after, reminder_times, within_active_hours

DAY_HOURS = {"active_from": "09:00", "active_until": "21:00"}
PARIS_EVENINGS = {"time_zone": "Europe/Paris", "active_from": "08:00", "active_until": "22:00"}


def utc(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 1, day, hour, minute, tzinfo=UTC)


def test_each_kind_of_decision_has_its_own_duration() -> None:
    pace = checked_pace(Pace(), {"hours": {"turn": 24, "reaction": 6}})
    assert due_after(pace, utc(5, 9), "turn") == utc(6, 9)
    assert due_after(pace, utc(5, 9), "reaction") == utc(5, 15)


def test_a_deadline_at_three_in_the_morning_moves_to_the_next_active_period() -> None:
    pace = checked_pace(Pace(), PARIS_EVENINGS)
    # 02:00 UTC is 03:00 in Paris in winter: the deadline moves to 08:00 Paris, 07:00 UTC.
    assert within_active_hours(pace, utc(6, 2)) == utc(6, 7)
    # 23:30 Paris is after the close: next morning as well.
    assert within_active_hours(pace, utc(6, 22, 30)) == utc(7, 7)
    # Inside the active hours nothing moves.
    assert within_active_hours(pace, utc(6, 12)) == utc(6, 12)


def test_active_hours_may_run_across_midnight() -> None:
    pace = checked_pace(Pace(), {"active_from": "18:00", "active_until": "02:00"})
    assert within_active_hours(pace, utc(6, 1)) == utc(6, 1)
    assert within_active_hours(pace, utc(6, 10)) == utc(6, 18)


def test_a_fixed_time_of_day_is_the_first_one_after_the_minimum_delay() -> None:
    pace = checked_pace(Pace(), {"fixed_time": "20:00", "fixed_min_hours": 12})
    assert due_after(pace, utc(5, 7), "turn") == utc(5, 20)
    # Asked at 19:55: twelve hours at least, so tomorrow evening.
    assert due_after(pace, utc(5, 19, 55), "reaction") == utc(6, 20)


def test_a_fixed_time_follows_the_campaigns_time_zone_across_a_clock_change() -> None:
    pace = checked_pace(Pace(), {"fixed_time": "20:00", "time_zone": "Europe/Paris"})
    # Paris is UTC+1 in March before the 29th, UTC+2 after.
    before = due_after(pace, datetime(2026, 3, 27, 12, tzinfo=UTC), "turn")
    after = due_after(pace, datetime(2026, 3, 30, 12, tzinfo=UTC), "turn")
    assert (before.hour, after.hour) == (19, 18)


def test_reminders_fall_half_way_and_in_the_last_tenth() -> None:
    start = utc(5, 9)
    assert reminder_times(Pace(), start, start + timedelta(hours=48)) == [
        start + timedelta(hours=24),
        start + timedelta(hours=43, minutes=12),
    ]


@pytest.mark.parametrize(
    ("changes", "key", "setting"),
    [
        ({"time_zone": "Mars/Olympus_Mons"}, "schedule.error.unknown_time_zone", None),
        ({"hours": {"turn": -4}}, "schedule.error.bad_pace", "hours.turn"),
        ({"hours": {"reaction": 0}}, "schedule.error.bad_pace", "hours.reaction"),
        ({"hours": {"lunch": 2}}, "schedule.error.bad_pace", "hours"),
        ({"grace_hours": -1}, "schedule.error.bad_pace", "grace_hours"),
        ({"reminders": [0.5, 1.2]}, "schedule.error.bad_pace", "reminders"),
        ({"active_from": "08:00"}, "schedule.error.bad_pace", "active_hours"),
        ({"fixed_time": "25:00"}, "schedule.error.bad_pace", "fixed_time"),
        ({"misses_before_flag": 0}, "schedule.error.bad_pace", "misses_before_flag"),
        ({"on_miss": {"turn": "shrug"}}, "schedule.error.bad_pace", "on_miss.turn"),
        ({"speed": "ludicrous"}, "schedule.error.bad_pace", "speed"),
    ],
)
def test_bad_settings_are_refused_by_name(
    changes: dict[str, Any], key: str, setting: str | None
) -> None:
    with pytest.raises(ServiceError) as refused:
        checked_pace(Pace(), changes)
    assert refused.value.key == key
    if setting is not None:
        assert refused.value.params["setting"] == setting


def test_settings_not_named_keep_their_value() -> None:
    pace = checked_pace(Pace(), {"grace_hours": 6})
    assert pace.grace_hours == 6 and pace.hours == {"turn": 48, "reaction": 12}
    assert pace.active_from is None and checked_pace(pace, PARIS_EVENINGS).active_from == time(8)


def test_reminders_wait_for_the_active_hours_too() -> None:
    pace = checked_pace(Pace(), PARIS_EVENINGS)
    # Armed Monday 21:00 in Paris for 48 hours: 28 active hours (1 on Monday, 14 on Tuesday,
    # 13 on Wednesday); half-way is 14 of them, Tuesday 21:00 in Paris. Armed an hour later
    # (22:00, the night), the 28 hours start on Tuesday: half-way is its last active moment,
    # Tuesday 22:00 in Paris, not Wednesday 08:00 as the clock's half-way would wait for.
    assert reminder_times(pace, utc(5, 20), utc(7, 20))[0] == utc(6, 20)
    assert reminder_times(pace, utc(5, 21), utc(7, 21))[0] == utc(6, 21)


def test_with_active_hours_both_reminders_fall_on_distinct_waking_moments() -> None:
    # A 24 h turn asked at 10:00 in a 09:00-21:00 day: due 10:00 the next morning. By the
    # clock, half-way (22:00) and the last tenth (07:36) both wait for 09:00 and would go
    # out together; by the twelve active hours given they fall at 16:00 and 20:48.
    pace = checked_pace(Pace(), {**DAY_HOURS, "hours": {"turn": 24}})
    armed = utc(5, 10)
    due = within_active_hours(pace, due_after(pace, armed, "turn"))
    assert due == utc(6, 10)
    assert reminder_times(pace, armed, due) == [utc(5, 16), utc(5, 20, 48)]


def test_a_turn_asked_at_night_is_reminded_within_the_next_day() -> None:
    # Asked at 22:00, due at 09:00 two mornings later (22:00 the next day is outside the
    # hours): the last tenth no longer lands on the deadline itself, too late to send.
    pace = checked_pace(Pace(), {**DAY_HOURS, "hours": {"turn": 24}})
    armed = utc(5, 22)
    due = within_active_hours(pace, due_after(pace, armed, "turn"))
    assert due == utc(7, 9)
    first, last = reminder_times(pace, armed, due)
    assert (first, last) == (utc(6, 15), utc(6, 19, 48))
    assert last < due
