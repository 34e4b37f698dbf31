"""When the scheduler must next look at a running campaign, from its pending deadlines.

The tick reads only the campaigns whose wake time has come (see the `campaign_wake` table
of migration 0003); after looking at one it stores the first future moment at which the
clock alone would give it something to do: a reminder, a deadline passing (the overdue
notice), the end of the grace (the missed deadline), a vacation beginning or ending for a
seat that owes a decision. Anything else that changes a campaign wakes it by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime

from bot.services.pace import reminder_times
from bot.services.schedule_record import ScheduleRecord
from bot.storage import DeadlineRow


def _moments(record: ScheduleRecord, deadline: DeadlineRow) -> Iterator[datetime]:
    yield from reminder_times(record.pace, deadline.armed_at, deadline.due_at)
    yield deadline.due_at
    yield deadline.due_at + record.pace.grace
    for vacation in record.vacations_of(deadline.seat):
        yield vacation.starts_at
        yield vacation.ends_at


def next_wake(
    record: ScheduleRecord,
    pending: list[DeadlineRow],
    now: datetime,
    stands_in_now: Callable[[DeadlineRow], bool],
) -> datetime | None:
    """The next moment the clock brings work for these deadlines; `now` when the autopilot
    still has a move to make at once (a tick plays a bounded number); None when nothing
    waits on the clock."""
    if any(stands_in_now(deadline) for deadline in pending):
        return now
    future = (moment for deadline in pending for moment in _moments(record, deadline))
    return min((moment for moment in future if moment > now), default=None)
