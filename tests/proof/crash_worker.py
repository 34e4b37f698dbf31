"""The process the crash harness kills: it plays a plan through the services and delivers
the outbox with a recording sender, printing a line after each committed step.

Usage: python -m tests.proof.crash_worker DB PLAN SENT_LOG [PAUSE_POINT COUNT]

Output lines: `ack <campaign> <seq>` once an action is committed, `sent <outbox id>` once
a message has been handed to the sender, `pause <point>` when it stops at a pause point
(where it waits to be killed), and `done` at the end. The sender appends each outbox id it
is asked to send to SENT_LOG with one unbuffered write, so a SIGKILL cannot lose a line the
worker already reported.

Pause points put the kill inside the windows that matter: `in_append` (inside the action's
transaction, after its outbox rows), `in_snapshot` (inside it, writing a snapshot) and
`after_send` (a message sent but not yet marked delivered).
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

from bot.services import CampaignService, open_service
from rulesets import registry
from tests.fixtures.mini_game import MINI
from tests.proof.crash_plan import load_plan

SNAPSHOT_EVERY = 3
PAUSE_SECONDS = 120


class PausePoint:
    """Stops the process the `count`-th time the named point is reached."""

    def __init__(self, name: str | None, count: int) -> None:
        self.name = name
        self.remaining = count

    def reached(self, name: str) -> None:
        if name != self.name:
            return
        self.remaining -= 1
        if self.remaining <= 0:
            print(f"pause {name}", flush=True)
            time.sleep(PAUSE_SECONDS)  # blocks the loop, inside whatever is in progress


class RecordingSender:
    """A stand-in for Discord: one line per send request, written before it returns."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def send(self, outbox_id: int) -> None:
        os.write(self._fd, f"{outbox_id}\n".encode())


def arm_store_pauses(service: CampaignService, pause: PausePoint) -> None:
    """Wrap the store's in-transaction writers so a pause lands inside the transaction."""
    store: Any = service.store
    for attribute, point in (("_write_outbox", "in_append"), ("_write_snapshot", "in_snapshot")):
        original = getattr(store, attribute, None)
        if original is None:
            continue

        async def paused(*args: Any, _original: Any = original, _point: str = point) -> Any:
            result = await _original(*args)
            pause.reached(_point)
            return result

        setattr(store, attribute, paused)


async def deliver_pending(
    service: CampaignService, sender: RecordingSender, pause: PausePoint
) -> None:
    while batch := await service.pending_outbox(50):
        for item in batch:
            sender.send(item.id)
            print(f"sent {item.id}", flush=True)
            pause.reached("after_send")
            await service.mark_delivered(item.id)


async def play(database: Path, plan_path: Path, sent_log: Path, pause: PausePoint) -> None:
    service = await open_service(database, snapshot_every=SNAPSHOT_EVERY)
    arm_store_pauses(service, pause)
    sender = RecordingSender(sent_log)
    await deliver_pending(service, sender, pause)
    for planned in load_plan(plan_path):
        campaign = await service.get_campaign(planned.campaign_id)
        for index in range(campaign.seq, len(planned.steps)):
            step = planned.steps[index]
            report = await service.submit(
                planned.campaign_id, step.user, step.action, seat=step.seat, expected_seq=index
            )
            print(f"ack {planned.campaign_id} {report.seq}", flush=True)
            await deliver_pending(service, sender, pause)
    await service.close()
    print("done", flush=True)


def main(argv: list[str]) -> int:
    database, plan_path, sent_log = (Path(arg) for arg in argv[:3])
    pause = PausePoint(argv[3], int(argv[4])) if len(argv) >= 5 else PausePoint(None, 0)
    registry.register(MINI)  # pytest registers it through conftest; this is a new process
    asyncio.run(play(database, plan_path, sent_log, pause))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
