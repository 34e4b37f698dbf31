"""Two real bot processes on one PostgreSQL database, each running one of two shards, against
the fake Discord on 127.0.0.1: a campaign in each shard's guild plays on through slash
commands; the process of shard 0, which runs the scheduler, is SIGKILLed while a step it
acknowledged is being resolved and delivered; the other process takes the scheduler over
and plays a missed deadline; shard 0's process is started again and delivers what its
guild and the DMs were owed. Every acknowledged order is in the log, and every outbox row
is delivered, each message made once (a row sent again after the kill carries the same
nonce, and Discord answers with the first message)."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.services import CampaignService, open_service
from bot.services.schedule_base import MISSED_ACTOR
from tests.discord.fake_discord import FakeDiscord, FakeGuild

pytestmark = [
    pytest.mark.slow,
    pytest.mark.localsocket,
    pytest.mark.enable_socket,
    pytest.mark.allow_hosts(["127.0.0.1"]),
]

ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2
ON_SHARD_0 = FakeGuild((100 << 22) + 1, 910_000_000_000_000_001)
ON_SHARD_1 = FakeGuild((101 << 22) + 1, 910_000_000_000_000_002)
USERS = {"red": "920000000000000001", "blue": "920000000000000002"}
LEADING = "this process now runs the deadline scheduler"
WAIT = 60.0


@dataclass
class BotProcess:
    """`python -m tests.proof.shard_worker` for some shards, its log kept line by line."""

    name: str
    process: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, name: str, shard: int, url: str, fake: FakeDiscord) -> BotProcess:
        environment = {
            **os.environ,
            "COURIER_DATABASE": url,
            "COURIER_SHARD_IDS": str(shard),
            "COURIER_SHARD_COUNT": str(SHARDS),
            "DISCORD_TOKEN": token_of(shard),
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.proof.shard_worker", fake.api_base, fake.gateway_url,
            cwd=ROOT, env=environment,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        started = cls(name, process)
        started.reader = asyncio.create_task(started._read())
        return started

    async def _read(self) -> None:
        assert self.process.stderr is not None
        async for line in self.process.stderr:
            self.lines.append(line.decode(errors="replace"))

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    async def until_it_says(self, text: str) -> None:
        await until(lambda: self.said(text), f"{self.name} to log {text!r}")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.kill()
                await self.process.wait()
        if self.reader is not None:
            await self.reader


def token_of(shard: int) -> str:
    return f"fake-token-of-shard-{shard}"


async def until(check: Callable[[], Any], what: str, timeout: float = WAIT) -> None:
    """Wait for `check()` (a value or an awaitable) to be true, polling."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        result = check()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.2)


@dataclass(frozen=True)
class Order:
    campaign_id: int
    seat: str
    action: dict[str, Any]
    interaction_id: str


class Table:
    """The players: orders as /play commands through the fake Discord, read back from the
    database by a service of the test's own."""

    def __init__(self, fake: FakeDiscord, service: CampaignService) -> None:
        self.fake = fake
        self.service = service
        self.acknowledged: list[Order] = []

    async def send(self, campaign_id: int, guild: FakeGuild, seat: str) -> Order:
        """Send `seat`'s first plain choice (no number to give) without waiting."""
        campaign = await self.service.get_campaign(campaign_id)
        prompts = await self.service.play.prompts(campaign_id, seat)
        index, choice = next((i, c) for i, c in enumerate(prompts[0].choices) if not c.ranges)
        data = {
            "id": self.fake.command_id("play"),
            "name": "play",
            "type": 1,
            "options": [{"name": "order", "type": 3, "value": f"{campaign.seq}:{seat}:{index}"}],
        }
        interaction_id = await self.fake.send_interaction(
            data, user_id=int(USERS[seat]), guild_id=guild.guild_id
        )
        return Order(campaign_id, seat, choice.action, interaction_id)

    def answer(self, order: Order) -> str | None:
        """The reply the bot gave to the order, if any yet."""
        for record in self.fake.requests:
            if record.path.startswith(f"/interactions/{order.interaction_id}/"):
                return str(record.body.get("data", {}).get("content", ""))
        return None

    def note_if_acknowledged(self, order: Order) -> bool:
        answer = self.answer(order)
        if answer is not None and answer.startswith("Order accepted"):
            if order not in self.acknowledged:
                self.acknowledged.append(order)
            return True
        return False

    async def play(self, campaign_id: int, guild: FakeGuild, seat: str) -> None:
        order = await self.send(campaign_id, guild, seat)
        await until(lambda: self.answer(order) is not None, f"an answer to {order}")
        assert self.note_if_acknowledged(order), self.answer(order)

    async def waiting(self, campaign_id: int) -> list[str]:
        return sorted({prompt.seat for prompt in await self.service.play.prompts(campaign_id)})

    async def play_to_the_end(self, campaign_id: int, guild: FakeGuild) -> None:
        while seats := await self.waiting(campaign_id):
            await self.play(campaign_id, guild, seats[0])


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord([ON_SHARD_0, ON_SHARD_1], shard_count=SHARDS)
    await server.start()
    yield server
    await server.stop()


async def new_campaign(service: CampaignService, guild: FakeGuild) -> int:
    campaign = await service.create_campaign(
        ruleset="mini",
        creator_id=USERS["red"],
        guild_id=guild.guild_id,
        channel_id=guild.channel_id,
        options={},
    )
    for seat, user in USERS.items():
        await service.join(campaign.id, user, seat.title(), seat)
    await service.start(campaign.id, USERS["red"])
    return campaign.id


async def make_deadlines_due(url: str, seat: str) -> None:
    """`seat` is late everywhere: its pending deadlines are over (the wake triggers make the
    campaigns due at the next tick)."""
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(
            "UPDATE deadlines SET due_at = now() - interval '1 minute'"
            " WHERE state = 'pending' AND seat = $1",
            seat,
        )
    finally:
        await connection.close()


async def test_two_processes_share_the_table_and_survive_one_killed_mid_resolution(
    postgres_url: str, fake: FakeDiscord
) -> None:
    service = await open_service(postgres_url)
    processes: list[BotProcess] = []
    try:
        first = await new_campaign(service, ON_SHARD_0)
        second = await new_campaign(service, ON_SHARD_1)
        table = Table(fake, service)

        shard_0 = await BotProcess.start("shard 0", 0, postgres_url, fake)
        processes.append(shard_0)
        await shard_0.until_it_says(LEADING)
        shard_1 = await BotProcess.start("shard 1", 1, postgres_url, fake)
        processes.append(shard_1)
        await until(lambda: sorted(fake.identified_shards) == [0, 1], "both shards")

        # Each campaign plays through its own guild's process, up to the secret calls.
        for campaign_id, guild in ((first, ON_SHARD_0), (second, ON_SHARD_1)):
            while len(await table.waiting(campaign_id)) == 1:
                await table.play(campaign_id, guild, (await table.waiting(campaign_id))[0])

        # Both calls of the first campaign at once; shard 0's process is killed as soon as
        # it acknowledges one, while the step is resolved and its messages go out.
        calls = [await table.send(first, ON_SHARD_0, seat) for seat in ("red", "blue")]
        await until(lambda: any(map(table.note_if_acknowledged, calls)), "a call acknowledged")
        assert not shard_1.said(LEADING)
        shard_0.kill()
        await shard_0.process.wait()
        for call in calls:
            table.note_if_acknowledged(call)

        # The survivor takes the scheduler over and plays the deadlines missed meanwhile.
        await shard_1.until_it_says(LEADING)
        await make_deadlines_due(postgres_url, "blue")

        async def defaults_played() -> bool:
            log = [entry.actor for entry in await service.store.actions(second)]
            return MISSED_ACTOR in log

        await until(defaults_played, "the survivor to play blue's missed call")
        await table.play_to_the_end(second, ON_SHARD_1)

        # Shard 0 comes back (without the scheduler) and its guild plays to the end.
        again = await BotProcess.start("shard 0 again", 0, postgres_url, fake)
        processes.append(again)
        await until(lambda: fake.identified_shards.count(0) == 2, "shard 0 to reconnect")
        await table.play_to_the_end(first, ON_SHARD_0)

        async def all_delivered() -> bool:
            return not await service.store.pending_outbox(1000)

        await until(all_delivered, "every outbox row to be delivered")

        # Every acknowledged order is in its campaign's log, by its player.
        for order in table.acknowledged:
            log = await service.store.actions(order.campaign_id)
            assert any(
                entry.seat == order.seat
                and entry.actor == USERS[order.seat]
                and entry.action == order.action
                for entry in log
            ), order
        assert {order.campaign_id for order in table.acknowledged} == {first, second}
        assert any(order in table.acknowledged for order in calls)  # before the kill
        for campaign_id in (first, second):
            assert (await service.get_campaign(campaign_id)).status == "finished"

        # Every row delivered, none set aside; each message made once (its nonce: the row).
        rows = [
            row
            for campaign_id in (first, second)
            for row in await service.store.campaign_outbox(campaign_id)
        ]
        assert all(row.delivered_at is not None and row.given_up_at is None for row in rows)
        nonces = Counter(str(record.body.get("nonce")) for record in fake.created)
        assert [nonce for nonce, count in nonces.items() if count > 1] == []
        notes = [row for row in rows if row.payload.get("kind") == "private"]
        assert notes and all(nonces[str(row.id)] == 1 for row in notes)
        # A step's report is a message of its own or told in its seat's prompt message.
        titles = Counter(
            embed.get("title") for message in fake.messages.values() for embed in message["embeds"]
        )
        reports = [row for row in rows if row.payload.get("kind") == "report"]
        for row in reports:
            assert titles[f"Campaign {row.campaign_id}, step {row.payload['seq']}"] == 1, row

        # Each process posted only in its own shard's guild; DMs went through shard 0.
        senders = {
            record.path.split("/")[2]: {r.token for r in fake.created if r.path == record.path}
            for record in fake.created
        }
        assert senders.pop(str(ON_SHARD_0.channel_id)) == {token_of(0)}
        assert senders.pop(str(ON_SHARD_1.channel_id)) == {token_of(1)}
        assert senders and all(tokens == {token_of(0)} for tokens in senders.values())  # DMs

        # One process ran the scheduler at a time; the one of shard 0 alone synced commands.
        assert not again.said(LEADING)
        assert len([r for r in fake.requests if r.method == "PUT"]) == 2
    finally:
        for process in processes:
            await process.stop()
        await service.close()
