"""The bot: opens the database, loads one cog per concern, registers the persistent
components and syncs the slash commands.

One process holds the one gateway connection, or, given a `ShardSet`, runs only
those shards (`ShardedCourierBot`, several processes sharing one PostgreSQL database):
it then delivers only its shards' outbox rows, DMs going through shard 0's process, which
alone syncs the slash commands; the scheduler runs in whichever process holds the lead."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.discord.components import ChoiceButton, ChoiceSelect, answer_number_modal
from bot.discord.delivery import OutboxCourier
from bot.discord.errors import CourierTree
from bot.discord.takeback import TakeBackButton
from bot.discord.translator import CourierTranslator
from bot.discord.what_now import WhatNowButton
from bot.services import CampaignService
from bot.services.backup import DEFAULT_KEEP
from bot.storage import ShardSet

log = logging.getLogger("bot.discord")

COGS = (
    "bot.discord.cogs.campaigns",
    "bot.discord.cogs.play",
    "bot.discord.cogs.info",
    "bot.discord.cogs.admin",
    "bot.discord.cogs.trust",  # adds to /campaign and /admin, so after them
    "bot.discord.cogs.schedule",  # adds to /campaign and runs the scheduler
    "bot.discord.cogs.campaign_table",  # adds to /campaign: take back, private talk
    "bot.discord.cogs.turns",  # /turns and the answer to a DM
    "bot.discord.cogs.help",  # last: lists every command loaded before it
)
SWEEP_SECONDS = 30.0
TICK_SECONDS = 60.0
"""How often the scheduler runs (and a process without the lead asks for it again)."""
ServiceOpener = Callable[[], Awaitable[CampaignService]]


def courier_intents() -> discord.Intents:
    """Only what slash commands, buttons and a DM asking for one's turns need: no
    privileged intent (a DM's text reaches a bot without the message content intent)."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.dm_messages = True
    return intents


@dataclass(frozen=True)
class BackupPolicy:
    """How often the running bot backs its database up, and how many copies it keeps."""

    every_hours: float = 6.0
    keep: int = DEFAULT_KEEP


class CourierBot(commands.Bot):
    def __init__(
        self,
        open_service: ServiceOpener,
        *,
        dev_guild_id: int | None = None,
        moderator_role: str | None = None,
        ops_channel_id: int | None = None,
        default_language: str = "en",
        backups: BackupPolicy | None = None,
        shards: ShardSet | None = None,
        tick_seconds: float = TICK_SECONDS,
        sweep_seconds: float = SWEEP_SECONDS,
        **options: Any,
    ) -> None:
        if shards is not None:
            options.update(shard_ids=sorted(shards.ids), shard_count=shards.count)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=courier_intents(),
            tree_cls=CourierTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self._open_service = open_service
        self._service: CampaignService | None = None
        self.dev_guild_id = dev_guild_id
        self.moderator_role = moderator_role
        self.ops_channel_id = ops_channel_id
        self.default_language = default_language
        self.backups = backups or BackupPolicy()
        self.shard_set = shards
        self.tick_seconds = tick_seconds
        self.sweep_seconds = sweep_seconds
        self.courier = OutboxCourier(self)

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: one process only, shard 0's."""
        return self.shard_set is None or self.shard_set.runs_dm_shard

    @property
    def service(self) -> CampaignService:
        if self._service is None:
            raise RuntimeError("the service is opened in setup_hook")
        return self._service

    async def setup_hook(self) -> None:
        self._service = await self._open_service()
        # Whatever the services queue wakes the delivery loop: no caller has to remember.
        self._service.delivery.on_outbox(self.courier.wake)
        await self.tree.set_translator(CourierTranslator())
        for extension in COGS:
            await self.load_extension(extension)
        self.add_dynamic_items(ChoiceButton, ChoiceSelect, TakeBackButton, WhatNowButton)
        # Modals have no persistent form in discord.py: ours are answered from their custom
        # id by a listener, so one opened before a restart still works after it.
        self.add_listener(answer_number_modal, "on_interaction")
        if self.syncs_commands:
            await self._sync_commands()
        self.sweep_outbox.change_interval(seconds=self.sweep_seconds)
        self.sweep_outbox.start()

    async def _sync_commands(self) -> None:
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        self.sweep_outbox.cancel()
        await self.courier.stop()
        await super().close()
        if self._service is not None:
            await self._service.close()
            self._service = None

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep_outbox(self) -> None:
        """Deliver what an earlier failure or a restart left in the outbox."""
        try:
            await self.courier.deliver_pending()
        except Exception:
            log.exception("outbox sweep failed; next sweep in %ss", self.sweep_seconds)

    @sweep_outbox.before_loop
    async def _ready_before_sweeping(self) -> None:
        await self.wait_until_ready()

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: Any
    ) -> None:
        await self.courier.hand_over_held(interaction)

    async def channel_by_id(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def campaign_language(self, campaign_id: int | None) -> str:
        if campaign_id is None:
            return "en"
        return str((await self.service.lobby.get_campaign(int(campaign_id))).language)


class ShardedCourierBot(CourierBot, commands.AutoShardedBot):
    """The bot running only the shards of its `ShardSet` (one of several processes)."""
