"""The real bot against a fake Discord on 127.0.0.1: login, command sync, a slash command
answered with an embed and a PNG, a gateway reconnect, and deliveries through 429s and 500s."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from PIL import Image

import bot.render
from bot.discord.client import CourierBot
from bot.discord.launcher import build_bot
from bot.services import FakeClock
from tests.discord.fake_discord import (
    APPLICATION_ID,
    CHANNEL_ID,
    GUILD_ID,
    OWNER_ID,
    FakeDiscord,
)

pytestmark = [
    pytest.mark.localsocket,
    pytest.mark.enable_socket,
    pytest.mark.allow_hosts(["127.0.0.1"]),
]


def _tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (0, 114, 178)).save(out, format="PNG")
    return out.getvalue()


async def _fake_renderer(ruleset: str, view: dict[str, Any], **where: Any) -> bytes:
    return _tiny_png()


@pytest.fixture
async def server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    yield fake
    await fake.stop()


@pytest.fixture
async def running_bot(server: FakeDiscord, tmp_path: Path) -> AsyncIterator[CourierBot]:
    courier = build_bot(tmp_path / "courier.sqlite3")
    task = asyncio.create_task(courier.start("fake-token"))
    await asyncio.wait_for(server.ready.wait(), 10)
    await asyncio.wait_for(courier.wait_until_ready(), 10)
    yield courier
    await courier.close()
    await asyncio.wait_for(task, 10)


async def _mini_campaign(courier: CourierBot) -> int:
    service = courier.service
    info = await service.create_campaign(
        ruleset="mini",
        creator_id=str(OWNER_ID),
        guild_id=GUILD_ID,
        channel_id=CHANNEL_ID,
        options={},
    )
    await service.join(info.id, str(OWNER_ID), "owner", "red")
    await service.join(info.id, "900000000000000031", "other", "blue")
    return info.id


async def test_logs_in_syncs_and_answers_map_with_an_embed_and_a_png(
    server: FakeDiscord, running_bot: CourierBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert server.identifies == 1
    synced = {command["name"] for command in server.commands}
    assert {"campaign", "play", "me", "history", "map", "admin"} <= synced

    # The cog looks the renderer up on each /map; the miniature game has no map art.
    monkeypatch.setattr(bot.render, "render_campaign_png", _fake_renderer)
    campaign_id = await _mini_campaign(running_bot)
    await running_bot.service.start(campaign_id, str(OWNER_ID))
    await server.send_interaction(
        {"id": server.command_id("map"), "name": "map", "type": 1, "options": []}
    )
    followup = await server.wait_for(lambda r: r.path.startswith("/webhooks/"))
    assert followup.files and followup.files[0][1].startswith(b"\x89PNG")
    embed = followup.body["embeds"][0]
    assert embed["title"] == f"Campaign {campaign_id}, step 0"
    assert embed["image"]["url"] == "attachment://map.png"


async def test_reconnects_after_the_gateway_closes(
    server: FakeDiscord, running_bot: CourierBot
) -> None:
    await server.close_gateway(4000)
    await asyncio.wait_for(server.resumed.wait(), 15)
    assert server.resumes == 1
    await server.send_interaction(
        {
            "id": server.command_id("campaign"),
            "name": "campaign",
            "type": 1,
            "options": [{"type": 1, "name": "list", "options": []}],
        }
    )
    answer = await server.wait_for(lambda r: r.path.startswith("/interactions/"))
    assert "No campaign on this server yet." in answer.body["data"]["content"]


HOUR = timedelta(hours=1)


async def test_deliveries_survive_a_429_a_500_and_a_refused_request(
    server: FakeDiscord, running_bot: CourierBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await _mini_campaign(running_bot)
    route = "/channels/{id}/messages"
    # A 500 then a 429 are retried by discord.py within the same send.
    server.fail_next("POST", route, 500, 429)
    await running_bot.service.start(campaign_id, str(OWNER_ID))
    await running_bot.courier.deliver_pending()
    reports = [r for r in server.messages_to(CHANNEL_ID) if r.body.get("embeds")]
    assert len(reports) == 1
    assert reports[0].body["embeds"][0]["title"] == f"Campaign {campaign_id}, step 0"
    assert await running_bot.service.pending_outbox() == []

    # A refusal discord.py does not retry leaves the row pending, tried again after its
    # back-off (the rows after it went out meanwhile).
    server.fail_next("POST", route, 400)
    await running_bot.service.submit(campaign_id, str(OWNER_ID), {"type": "pass"})
    await running_bot.courier.deliver_pending()
    assert await running_bot.service.pending_outbox() == []  # not due yet
    pending = await running_bot.service.store.pending_outbox(10)
    assert len(pending) == 1 and pending[0].attempts == 1
    monkeypatch.setattr(running_bot.service.core, "clock", FakeClock(datetime.now(UTC) + HOUR))
    await running_bot.courier.deliver_pending()
    assert await running_bot.service.store.pending_outbox(10) == []
    await running_bot.courier.deliver_pending()  # nothing is sent twice
    # Step 1's report is told in the seat's prompt message (edited), step 0's on its own.
    titles = [
        embed["title"]
        for message in server.messages.values()
        if message["channel_id"] == str(CHANNEL_ID)
        for embed in message["embeds"]
        if embed.get("title", "").startswith(f"Campaign {campaign_id}, step")
    ]
    assert sorted(titles) == [f"Campaign {campaign_id}, step 0", f"Campaign {campaign_id}, step 1"]


async def test_commands_sync_to_the_development_server_when_one_is_set(
    server: FakeDiscord, tmp_path: Path
) -> None:
    courier = build_bot(tmp_path / "courier.sqlite3", dev_guild_id=GUILD_ID)
    task = asyncio.create_task(courier.start("fake-token"))
    await asyncio.wait_for(server.ready.wait(), 10)
    await courier.close()
    await asyncio.wait_for(task, 10)
    synced = [r.path for r in server.requests if r.method == "PUT"]
    assert synced == [f"/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands"]
