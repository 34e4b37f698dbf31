"""The process the crash harness kills: it plays a plan through the services and delivers
the outbox with the real delivery loop (bot.discord.delivery) over logged stand-ins for
Discord, printing a line after each committed step. Reports, notes, maps and prompts are
all posted by that loop, from the outbox rows.

Usage: python -m tests.proof.crash_worker DB PLAN SENT_LOG [PAUSE_POINT COUNT]
(DB: a SQLite file or a PostgreSQL URL)

Output lines: `ack <campaign> <seq>` once an action is committed, `sent <nonce>` once a
message has been handed to Discord (the outbox id; `p<id>.<n>` for the n-th prompt of a
"prompts opened" row), `pause <point>` when it stops at a pause point
(where it waits to be killed), and `done` at the end. The sender appends each outbox id it
is asked to send to SENT_LOG with one unbuffered write, so a SIGKILL cannot lose a line the
worker already reported.

Pause points put the kill inside the windows that matter: `in_append` (inside the action's
transaction, after its outbox rows), `in_snapshot` (inside it, writing a snapshot),
`after_commit` (a step committed, its map and prompts not yet posted) and `after_send` (a
message sent but not yet recorded or marked delivered).
"""

from __future__ import annotations

import asyncio
import io
import os
import sys
import time
import zlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord

import bot.discord.delivery
import bot.services.core
import bot.storage.sqlite
from bot.discord.delivery import OutboxCourier
from bot.services import CampaignService, open_service
from bot.services.board import BoardMoment
from bot.storage import SqliteStore
from rulesets import registry
from tests.fixtures.mini_game import MINI
from tests.proof.crash_plan import load_plan, mini_board

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


class LoggedChannel:
    """A stand-in for a Discord channel or a user's DMs, shared sent log and all: each send
    request appends its nonce with one unbuffered write before it returns, so a SIGKILL
    cannot lose a line the worker already reported. Like Discord's `enforce_nonce`, a
    nonce already created answers with its first message (the same id, from the nonce)."""

    def __init__(self, target_id: int, log_fd: int, pause: PausePoint) -> None:
        self.id = target_id
        self._fd = log_fd
        self._pause = pause

    async def send(self, content: str | None = None, **options: Any) -> Any:
        nonce = str(options["nonce"])
        os.write(self._fd, f"{nonce}\n".encode())
        print(f"sent {nonce}", flush=True)
        self._pause.reached("after_send")
        return SimpleNamespace(id=zlib.crc32(nonce.encode()) + 1)

    async def fetch_message(self, message_id: int) -> Any:
        """The stand-in keeps no messages: every report is posted on its own, with its nonce."""
        raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "not kept")

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(**_: Any) -> None:
            return None

        return SimpleNamespace(edit=edit)


def logged_courier(service: CampaignService, sent_log: Path, pause: PausePoint) -> OutboxCourier:
    """The real delivery loop, publishing to logged stand-ins for Discord."""
    log_fd = os.open(sent_log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    async def language(campaign_id: Any) -> str:
        return "en"

    async def channel(target_id: int) -> LoggedChannel:
        return LoggedChannel(target_id, log_fd, pause)

    bot: Any = SimpleNamespace(
        service=service,
        campaign_language=language,
        channel_by_id=channel,
        get_user=lambda user_id: None,
        fetch_user=channel,
        moderator_role="Game master",
        shard_set=None,  # one process runs every shard
    )
    return OutboxCourier(bot)


async def drawn_map(bot: Any, campaign_id: int, seq: int) -> tuple[discord.Embed, discord.File]:
    """The map message of a step, without drawing (the mini game has no map art)."""
    title = f"Campaign {campaign_id}, map after step {seq}"
    return discord.Embed(title=title), discord.File(io.BytesIO(b"map"), filename="map.png")


def give_the_mini_game_a_board() -> None:
    """The mini game's board "moves" on every even step (see `crash_plan.mini_board`), so
    the worker's steps queue maps as a game with a map does."""
    bot.services.core.board_moment = lambda ruleset, state: BoardMoment(  # type: ignore[assignment]
        mini_board(state.seq), setup=False, round=""
    )
    bot.discord.delivery.map_of_step = drawn_map  # type: ignore[assignment]


def arm_store_pauses(service: CampaignService, pause: PausePoint) -> None:
    """Wrap the store's in-transaction writers so a pause lands inside the transaction."""
    store: Any = service.store
    if isinstance(store, SqliteStore):
        # SQLite writes run as plain functions on the database's thread (group commit).
        for attribute, point in (
            ("_insert_outbox", "in_append"),
            ("_insert_snapshot", "in_snapshot"),
        ):
            original = getattr(bot.storage.sqlite, attribute)

            def paused_there(*args: Any, _original: Any = original, _point: str = point) -> Any:
                result = _original(*args)
                pause.reached(_point)
                return result

            setattr(bot.storage.sqlite, attribute, paused_there)
        return
    writers = (("_write_outbox", "in_append"), ("_write_snapshots", "in_snapshot"))  # PostgreSQL's
    for attribute, point in writers:
        original = getattr(store, attribute, None)
        if original is None:
            continue

        async def paused(*args: Any, _original: Any = original, _point: str = point) -> Any:
            result = await _original(*args)
            pause.reached(_point)
            return result

        setattr(store, attribute, paused)


async def play(database: str, plan_path: Path, sent_log: Path, pause: PausePoint) -> None:
    service = await open_service(database, snapshot_every=SNAPSHOT_EVERY)
    arm_store_pauses(service, pause)
    courier = logged_courier(service, sent_log, pause)
    await courier.deliver_pending()
    for planned in load_plan(plan_path):
        campaign = await service.get_campaign(planned.campaign_id)
        for index in range(campaign.seq, len(planned.steps)):
            step = planned.steps[index]
            report = await service.submit(
                planned.campaign_id, step.user, step.action, seat=step.seat, expected_seq=index
            )
            print(f"ack {planned.campaign_id} {report.seq}", flush=True)
            pause.reached("after_commit")  # committed; its map and prompts not yet posted
            await courier.deliver_pending()
    await service.close()
    print("done", flush=True)


def main(argv: list[str]) -> int:
    database, plan_path, sent_log = argv[0], Path(argv[1]), Path(argv[2])
    pause = PausePoint(argv[3], int(argv[4])) if len(argv) >= 5 else PausePoint(None, 0)
    registry.register(MINI)  # pytest registers it through conftest; this is a new process
    give_the_mini_game_a_board()
    asyncio.run(play(database, plan_path, sent_log, pause))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
