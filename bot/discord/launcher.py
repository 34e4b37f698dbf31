"""Building and running the bot from the settings (`python -m bot`)."""

from __future__ import annotations

from pathlib import Path

from bot.discord.client import BackupPolicy, CourierBot
from bot.services import CampaignService, open_service


def build_bot(
    database: str | Path,
    *,
    dev_guild_id: int | None = None,
    moderator_role: str | None = None,
    ops_channel_id: int | None = None,
    default_language: str = "en",
    backups: BackupPolicy | None = None,
) -> CourierBot:
    async def open_database() -> CampaignService:
        return await open_service(database)

    return CourierBot(
        open_database,
        dev_guild_id=dev_guild_id,
        moderator_role=moderator_role,
        ops_channel_id=ops_channel_id,
        default_language=default_language,
        backups=backups,
    )


def run_from_settings() -> None:
    from bot.config import Settings

    settings = Settings()
    if not settings.discord_token:
        raise SystemExit("DISCORD_TOKEN is not set (see .env.example).")
    bot = build_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        moderator_role=settings.moderator_role,
        ops_channel_id=settings.ops_channel_id,
        default_language=settings.default_language,
        backups=BackupPolicy(settings.backup_every_hours, settings.backup_keep),
    )
    # Logging is configured by the application (bot/logging_setup), not by discord.py.
    bot.run(settings.discord_token, log_handler=None)
