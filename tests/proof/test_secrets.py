"""Secrets stay secret: the bot token never reaches a log line, and private values (hidden
luck, secret calls, the dice seed before the end) never reach a public outbox message, a
public view, a public campaign summary or a seedless export."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl

from bot.config import Settings
from bot.discord.launcher import build_bot
from bot.logging_setup import configure_logging
from bot.services import CampaignService
from rulesets import registry
from tests.discord.fake_discord import FakeDiscord
from tests.proof.secret_play import played_campaign

FAKE_TOKEN = "MTAxNTk5.proof-fake-token.S3cr3tP4rtThatMustNeverBeLogged"


class Recorder(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def recorded_logs() -> Iterator[Recorder]:
    configure_logging("INFO")  # exactly as `python -m bot` does
    recorder = Recorder()
    recorder.setFormatter(logging.Formatter("%(name)s %(message)s %(exc_text)s"))
    root = logging.getLogger()
    root.addHandler(recorder)
    yield recorder
    root.removeHandler(recorder)


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url)
    )
    yield fake
    await asyncio.wait_for(fake.stop(), 10)


def _token_parts_in(lines: list[str]) -> list[str]:
    secret_part = FAKE_TOKEN.rsplit(".", 1)[1]
    return [line for line in lines if FAKE_TOKEN in line or secret_part in line]


@pytest.mark.localsocket
@pytest.mark.enable_socket
@pytest.mark.allow_hosts(["127.0.0.1"])
async def test_the_token_never_reaches_a_log_line(
    fake_discord: FakeDiscord, recorded_logs: Recorder, tmp_path: Path
) -> None:
    # A good login, a gateway drop and reconnect, and a clean shutdown ...
    courier = build_bot(tmp_path / "courier.sqlite3")
    task = asyncio.create_task(courier.start(FAKE_TOKEN))
    await asyncio.wait_for(fake_discord.ready.wait(), 10)
    await asyncio.wait_for(courier.wait_until_ready(), 10)
    # Every wait is bounded: a step that never ends is a failure to read, not a hung run.
    await asyncio.wait_for(fake_discord.close_gateway(4000), 10)
    await asyncio.wait_for(fake_discord.resumed.wait(), 10)
    await asyncio.wait_for(courier.close(), 10)
    await asyncio.wait_for(task, 10)
    # ... then a refused login.
    refused = build_bot(tmp_path / "courier.sqlite3")
    fake_discord.fail_next("GET", "/users/@me", 401)
    with pytest.raises(discord.LoginFailure):
        await asyncio.wait_for(refused.start(FAKE_TOKEN), 10)
    await asyncio.wait_for(refused.close(), 10)
    assert recorded_logs.lines, "the start-up paths log at INFO"
    assert _token_parts_in(recorded_logs.lines) == []


def test_the_settings_never_show_the_token(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    settings = Settings(_env_file=None)
    assert settings.discord_token == FAKE_TOKEN
    assert FAKE_TOKEN not in repr(settings) and FAKE_TOKEN not in str(settings)


# Private values ------------------------------------------------------------------------


def _events_ok_for(payload: dict[str, Any], seat: str | None) -> bool:
    return all(
        event.get("visible_to") is None or (seat is not None and seat in event["visible_to"])
        for event in payload.get("events") or []
    )


async def check_outbox_secrecy(
    service: CampaignService, campaign_id: int, holders: dict[str, str]
) -> int:
    """Channel rows carry public events only (and no dice of a step with secrets); each DM
    carries only what its reader's seat may see. Returns how many private notes there were."""
    campaign = await service.get_campaign(campaign_id)
    seed = (await service.store.get_campaign(campaign_id)).seed_hex  # type: ignore[union-attr]
    log = {entry.seq: entry for entry in await service.history(campaign_id, limit=100_000)}
    seat_of_user = {user: seat for seat, user in holders.items()}
    private_notes = 0
    for row in await service.store.campaign_outbox(campaign_id):
        text = json.dumps(row.payload)
        if campaign.status != "finished":
            assert seed not in text
        if row.target_kind == "channel":
            assert _events_ok_for(row.payload, None), row.payload
            seq = row.payload.get("seq")
            if row.payload.get("kind") == "report" and seq in log:
                secret_step = any(not e.is_public for e in log[seq].events)
                assert not (secret_step and row.payload.get("rolls")), row.payload
        else:
            assert _events_ok_for(row.payload, seat_of_user[row.target_id]), row.payload
            private_notes += 1
    return private_notes


async def check_views_and_summaries(service: CampaignService, campaign_id: int) -> None:
    campaign = await service.get_campaign(campaign_id)
    seed = (await service.store.get_campaign(campaign_id)).seed_hex  # type: ignore[union-attr]
    if campaign.status == "finished":
        assert campaign.revealed_seed == seed
        return
    assert campaign.revealed_seed is None and seed not in repr(campaign)
    assert seed not in json.dumps(await service.public_view(campaign_id), default=str)
    export = await service.export_campaign(campaign_id)
    assert export["seed_hex"] is None and seed not in json.dumps(export)
    for entry in await service.history(campaign_id, limit=100_000):
        assert all(event.is_public for event in entry.events_for(None))


async def test_mini_secrets_stay_out_of_public_messages_and_views(
    service: CampaignService,
) -> None:
    for number in range(6):
        campaign_id, holders = await played_campaign(service, "mini", number, max_steps=3)
        # Mid-game: luck and calls are hidden from the public view.
        public = await service.public_view(campaign_id)
        assert "luck" not in public and "calls" not in public and "you" not in public
        await check_views_and_summaries(service, campaign_id)
        assert await check_outbox_secrecy(service, campaign_id, holders) > 0


@pytest.mark.parametrize("name", [r.name for r in registry.all_rulesets() if r.name != "mini"])
async def test_every_game_keeps_its_secrets_in_the_outbox(
    service: CampaignService, name: str
) -> None:
    campaign_id, holders = await played_campaign(service, name, 1, max_steps=60)
    await check_views_and_summaries(service, campaign_id)
    await check_outbox_secrecy(service, campaign_id, holders)


@pytest.mark.slow
@pytest.mark.parametrize("name", [r.name for r in registry.all_rulesets()])
async def test_whole_games_keep_their_secrets(service: CampaignService, name: str) -> None:
    for number in range(5):
        campaign_id, holders = await played_campaign(service, name, number, max_steps=5_000)
        await check_views_and_summaries(service, campaign_id)
        await check_outbox_secrecy(service, campaign_id, holders)
