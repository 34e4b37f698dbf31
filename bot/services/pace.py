"""A campaign's pace: how long each kind of decision may take, and when a deadline may fall.

Pure date arithmetic over a validated `Pace`; no storage, no clock of its own.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bot.services.errors import ServiceError

MissPolicy = Literal["default", "autopilot"]
VacationMode = Literal["pause", "autopilot"]
URGENCIES = ("turn", "reaction")
MAX_HOURS = 24 * 60  # two months: a longer clock is a typing mistake, not a pace


class Pace(BaseModel):
    """How a campaign's clock runs. Durations are hours; times of day are the campaign's."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    time_zone: str = "UTC"
    hours: dict[str, float] = Field(default_factory=lambda: {"turn": 48.0, "reaction": 12.0})
    # A fixed time of day replaces the durations: the deadline is the first such local
    # time at least `fixed_min_hours` after the prompt (so a prompt at 19:55 does not get
    # five minutes to a 20:00 deadline).
    fixed_time: time | None = None
    fixed_min_hours: float = 12.0
    # Active hours: a deadline that would fall outside them moves to the next start.
    active_from: time | None = None
    active_until: time | None = None
    grace_hours: float = 0.0
    reminders: list[float] = Field(default_factory=lambda: [0.5, 0.9])
    on_miss: dict[str, MissPolicy] = Field(default_factory=dict)  # unnamed: "default"
    misses_before_flag: int = 3
    extension_cap_hours: float = 24.0
    vacation_max_days: float = 14.0
    vacation_mode: VacationMode = "pause"

    @field_validator("hours")
    @classmethod
    def _known_urgencies(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = sorted(set(value) - set(URGENCIES))
        if unknown:
            raise ValueError(f"unknown kind of decision: {unknown[0]}")
        return {urgency: value.get(urgency, 48.0) for urgency in URGENCIES}

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)

    def duration(self, urgency: str) -> timedelta:
        return timedelta(hours=self.hours.get(urgency, self.hours["turn"]))

    def policy(self, urgency: str) -> MissPolicy:
        return self.on_miss.get(urgency, "default")

    @property
    def grace(self) -> timedelta:
        return timedelta(hours=self.grace_hours)


PRESETS: dict[str, dict[str, Any]] = {
    "relaxed": {"hours": {"turn": 72, "reaction": 24}},
    "normal": {"hours": {"turn": 48, "reaction": 12}},
    "brisk": {"hours": {"turn": 24, "reaction": 6}},
}


def _refuse(setting: str, value: Any) -> ServiceError:
    return ServiceError("schedule.error.bad_pace", setting=setting, value=str(value)[:40])


def checked_pace(base: Pace, changes: dict[str, Any]) -> Pace:
    """`base` with `changes` applied, or a `ServiceError` naming the first bad setting."""
    merged = base.model_dump() | changes
    zone = str(merged.get("time_zone", "UTC"))
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a path
        raise ServiceError("schedule.error.unknown_time_zone", zone=zone[:60]) from None
    try:
        pace = Pace.model_validate(merged)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "pace"
        raise _refuse(where, first.get("input")) from None
    for urgency, hours in pace.hours.items():
        if not 0 < hours <= MAX_HOURS:
            raise _refuse(f"hours.{urgency}", hours)
    for name in ("fixed_min_hours", "grace_hours", "extension_cap_hours", "vacation_max_days"):
        if not 0 <= getattr(pace, name) <= MAX_HOURS:
            raise _refuse(name, getattr(pace, name))
    if any(not 0 < share < 1 for share in pace.reminders):
        raise _refuse("reminders", pace.reminders)
    if pace.misses_before_flag < 1:
        raise _refuse("misses_before_flag", pace.misses_before_flag)
    if (pace.active_from is None) != (pace.active_until is None):
        raise _refuse("active_hours", f"{pace.active_from}-{pace.active_until}")
    if pace.active_from is not None and pace.active_from == pace.active_until:
        raise _refuse("active_hours", f"{pace.active_from}-{pace.active_until}")
    return pace.model_copy(update={"reminders": sorted(set(pace.reminders))})


def _is_active(pace: Pace, moment: datetime) -> bool:
    if pace.active_from is None or pace.active_until is None:
        return True
    local = moment.astimezone(pace.zone).time()
    start, end = pace.active_from, pace.active_until
    if start < end:
        return start <= local < end
    return local >= start or local < end  # a window across midnight


def _next_local(pace: Pace, after: datetime, at: time) -> datetime:
    """The first moment at or after `after` when the campaign's clocks show `at`."""
    local = after.astimezone(pace.zone)
    for days in range(3):
        candidate = datetime.combine(local.date() + timedelta(days=days), at, tzinfo=pace.zone)
        if candidate >= local:
            return candidate.astimezone(after.tzinfo)
    raise AssertionError("a time of day recurs within three days")


def within_active_hours(pace: Pace, moment: datetime) -> datetime:
    """`moment`, or the start of the next active period when it falls outside them."""
    if _is_active(pace, moment) or pace.active_from is None:
        return moment
    return _next_local(pace, moment, pace.active_from)


def due_after(pace: Pace, start: datetime, urgency: str) -> datetime:
    """When a decision asked for at `start` is due, before active hours are applied."""
    if pace.fixed_time is not None:
        return _next_local(pace, start + timedelta(hours=pace.fixed_min_hours), pace.fixed_time)
    return start + pace.duration(urgency)


def reminder_times(pace: Pace, armed_at: datetime, due_at: datetime) -> list[datetime]:
    """When to remind a seat that still owes its decision: shares of the active time it was
    given (the night does not count, so with active hours the half-way reminder and the one
    in the last tenth fall on distinct waking moments before the deadline, not both on the
    next morning or on the deadline itself)."""
    periods = _active_periods(pace, armed_at, due_at)
    active = sum((end - start for start, end in periods), timedelta())
    if not active:
        span = due_at - armed_at
        return [armed_at + span * share for share in pace.reminders]
    return [_after_active(periods, active * share) for share in pace.reminders]


def _active_periods(pace: Pace, start: datetime, end: datetime) -> list[tuple[datetime, datetime]]:
    """The stretches of active hours between `start` and `end`, in order."""
    if pace.active_from is None or pace.active_until is None:
        return [(start, end)] if start < end else []
    periods = []
    cursor = start
    while cursor < end:
        if not _is_active(pace, cursor):
            cursor = _next_local(pace, cursor, pace.active_from)
            continue
        until = min(end, _next_local(pace, cursor, pace.active_until))
        periods.append((cursor, until))
        cursor = until
    return periods


def _after_active(periods: list[tuple[datetime, datetime]], elapsed: timedelta) -> datetime:
    """The moment when `elapsed` of the periods' active time has gone by."""
    for start, end in periods:
        if elapsed <= end - start:
            return start + elapsed
        elapsed -= end - start
    return periods[-1][1]
