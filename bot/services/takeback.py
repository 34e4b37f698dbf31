"""Whether a player may take back their own last order, decided from the log alone.

A player may undo their own last step while nothing has happened since that anyone else
could have learned from: the step is the newest in the log, it was theirs (not a default a
moderator or the clock played for them), it rolled no die, it told nobody else a secret,
and it did not close a round of simultaneous secret orders (which shows everyone's
orders). Anything else is the moderators' `/admin undo`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.models import LogEntry
from rulesets.core import Prompt

# Words in an event's key that mean hidden things came out ("col.event.revealed").
_REVEALING = ("reveal",)


@dataclass(frozen=True)
class TakeBackRefusal:
    """Why a take-back is refused: a catalogue key (`service.takeback.<reason>`)."""

    reason: str

    @property
    def key(self) -> str:
        return f"service.takeback.{self.reason}"


def takeback_refusal(
    entry: LogEntry,
    user_id: str,
    seats_held: list[str],
    asked_before: list[Prompt],
    still_open: list[Prompt],
) -> TakeBackRefusal | None:
    """None when `user_id` may take back `entry` (the newest log entry), else why not.

    `asked_before` are the seat's prompts before the step (one of them was answered), and
    `still_open` the prompts open now.
    """
    if entry.seq < 1 or entry.seat is None:
        return TakeBackRefusal("nothing_yours")
    if entry.seat not in seats_held or entry.actor != user_id:
        return TakeBackRefusal("not_yours")
    if entry.rolls:
        return TakeBackRefusal("dice")
    for event in entry.events:
        if event.visible_to is not None and set(event.visible_to) - {entry.seat}:
            return TakeBackRefusal("revealed")
        if event.is_public and any(word in event.key for word in _REVEALING):
            return TakeBackRefusal("revealed")
    open_rounds = {prompt.kind for prompt in still_open if prompt.simultaneous}
    if any(p.simultaneous and p.kind not in open_rounds for p in asked_before):
        return TakeBackRefusal("round_closed")
    return None
