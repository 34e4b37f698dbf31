"""A table for SimCord tests: the real bot over a fresh database, a guild with a campaign
channel, a moderator, three players, a spectator, and helpers to read what was posted."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
import simcord.interactions

from bot.discord.client import CourierBot
from bot.discord.errors import refusal_text
from bot.services import CampaignService, open_service


@dataclass
class Table:
    env: simcord.Env
    bot: CourierBot
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    moderator: simcord.MemberActor
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    spectator: simcord.MemberActor
    locales: dict[int, str] = field(default_factory=dict)
    errors_checked: int = 0

    def public_messages(self) -> list[discord.Message]:
        """What anyone reading the channel sees (no ephemeral replies)."""
        return self.channel.history(viewer=self.spectator)

    def public_text(self) -> str:
        parts: list[str] = []
        for message in self.public_messages():
            parts.append(message.content)
            for embed in message.embeds:
                parts.append(str(embed.to_dict()))
            for row in message.components:
                parts.append(repr(row.to_dict()))
        return "\n".join(parts)

    def prompts_for(self, actor: simcord.MemberActor) -> list[discord.Message]:
        """Open prompt messages (with buttons or a select) that ping `actor`."""
        return [
            message
            for message in self.public_messages()
            if message.components and actor.mention in message.content
        ]

    def last_prompt_for(self, actor: simcord.MemberActor) -> discord.Message:
        found = self.prompts_for(actor)
        assert found, f"no prompt for {actor.name}"
        return found[-1]


def button_labels(message: discord.Message) -> list[str]:
    """The labels of a prompt's choice buttons (not its "What now?" button)."""
    return [
        child.label or ""
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button) and (child.custom_id or "").startswith("courier:c:")
    ]


def text_of(result: simcord.InteractionResult) -> str:
    response = result.response
    if response is None:
        followups = result.followups
        return "\n".join(f.content for f in followups)
    parts = [response.content] + [str(e.to_dict()) for e in response.embeds]
    parts += [f.content for f in result.followups]
    return "\n".join(parts)


def patch_locales(monkeypatch: pytest.MonkeyPatch, locales: dict[int, str]) -> None:
    """SimCord sends every interaction as en-US; tests that need a French user set it here."""
    original = simcord.interactions.base_payload

    def with_locale(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        locale = locales.get(kwargs["user_id"])
        if locale:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)


def acknowledge_refusals(env: simcord.Env, checked_until: int) -> None:
    """SimCord records every error that reaches the tree's handler, including the refusals
    that handler turns into sentences; those are expected, anything else fails the test
    (errors before `checked_until` were already examined by the test itself)."""
    unexpected = [
        error
        for error in env.errors_since(checked_until)
        if isinstance(error, Exception) and refusal_text(error, "en") is None
    ]
    if unexpected:
        raise ExceptionGroup("unexpected bot errors", unexpected)
    with contextlib.suppress(ExceptionGroup):
        env.raise_errors()  # acknowledges them for SimCord's own teardown check


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "courier.sqlite3"


@pytest.fixture
async def simcord_bot(database: Path) -> AsyncIterator[CourierBot]:
    # The service is opened before SimCord runs the bot: SimCord keeps the frames of the
    # tasks it tracks alive, so a cursor the store leaves unclosed during its migrations
    # (PRAGMA journal_mode) would not be collected and SQLite would refuse to commit.
    service = await open_service(database)

    async def opened() -> CampaignService:
        return service

    yield CourierBot(opened, moderator_role="Game master")
    await service.close()  # the bot closes it too; twice is harmless, never is a hang


@pytest.fixture
def table(
    simcord_env: simcord.Env, simcord_bot: CourierBot, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Table]:
    env = simcord_env
    guild = env.create_guild("Courier table")
    channel = guild.create_text_channel("campaigns")
    gm_role = guild.create_role("Game master")
    moderator = guild.add_member(env.create_user("mod"), roles=[gm_role])
    alice, bob, carol, spectator = (
        guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "sam")
    )
    locales: dict[int, str] = {}
    patch_locales(monkeypatch, locales)
    table = Table(
        env, simcord_bot, guild, channel, moderator, alice, bob, carol, spectator, locales
    )
    yield table
    acknowledge_refusals(env, table.errors_checked)


async def open_mini_campaign(table: Table, *, language: str = "en") -> int:
    """alice creates a miniature game, alice takes red, bob blue, alice starts it."""
    await table.alice.slash(table.channel, "campaign create", game="mini", language=language)
    campaign = await table.bot.service.campaign_for_channel(table.channel.id)
    assert campaign is not None
    await table.alice.slash(table.channel, "campaign join", seat="red")
    await table.bob.slash(table.channel, "campaign join", seat="blue")
    await table.alice.slash(table.channel, "campaign start")
    return campaign.id


async def seated_campaign(
    table: Table, ruleset: str, players: dict[str, Any], seed: int = 7
) -> int:
    """A campaign of `ruleset` in the table's channel (seed 7 unless told), each seat
    joined by its player through Discord, started by alice, its first posts delivered."""
    campaign = await table.bot.service.create_campaign(
        ruleset=ruleset,
        creator_id=str(table.alice.id),
        guild_id=table.guild.id,
        channel_id=table.channel.id,
        options={},
        seed_hex=f"{seed:064x}",
    )
    for seat, player in players.items():
        await player.slash(table.channel, "campaign join", seat=seat)
    await table.alice.slash(table.channel, "campaign start")
    await table.bot.courier.deliver_pending()
    return campaign.id


async def luck_of(table: Table, campaign_id: int, seat: str) -> int:
    campaign = await table.bot.service.get_campaign(campaign_id)
    state = await table.bot.service.state_at(campaign_id, campaign.seq)
    return int(state.luck[seat])  # type: ignore[attr-defined]
