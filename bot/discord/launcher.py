"""Building and running the bot from the settings (`python -m bot`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.discord.client import BackupPolicy, CourierBot, ShardedCourierBot
from bot.services import CampaignService, open_service
from bot.storage import ShardSet


def build_bot(
    database: str | Path,
    *,
    dev_guild_id: int | None = None,
    moderator_role: str | None = None,
    ops_channel_id: int | None = None,
    default_language: str = "en",
    backups: BackupPolicy | None = None,
    shards: ShardSet | None = None,
    **options: Any,
) -> CourierBot:
    """The bot on `database`: running every shard, or only `shards` (one of several
    processes); `options` go to `CourierBot` (tick and sweep intervals, say)."""

    async def open_database() -> CampaignService:
        return await open_service(database)

    kind = CourierBot if shards is None else ShardedCourierBot
    return kind(
        open_database,
        dev_guild_id=dev_guild_id,
        moderator_role=moderator_role,
        ops_channel_id=ops_channel_id,
        default_language=default_language,
        backups=backups,
        shards=shards,
        **options,
    )


def bot_from_settings(settings: Settings, **options: Any) -> CourierBot:
    """The bot the settings describe (`options`: see `build_bot`)."""
    return build_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        moderator_role=settings.moderator_role,
        ops_channel_id=settings.ops_channel_id,
        default_language=settings.default_language,
        backups=BackupPolicy(settings.backup_every_hours, settings.backup_keep),
        shards=settings.shards,
        **options,
    )


def run_from_settings() -> None:
    settings = Settings()
    if not settings.discord_token:
        raise SystemExit("DISCORD_TOKEN is not set (see .env.example).")
    bot = bot_from_settings(settings)
    # Logging is configured by the application (bot/logging_setup), not by discord.py.
    bot.run(settings.discord_token, log_handler=None)
