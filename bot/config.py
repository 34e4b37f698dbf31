"""Settings, read from the environment and `.env` (every key is listed in `.env.example`).

Everything has a default except the Discord token, so the console and the tests run with
no configuration at all.
"""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="COURIER_",
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
    )

    discord_token: str | None = Field(
        default=None,
        repr=False,  # never printed with the settings
        validation_alias=AliasChoices("DISCORD_TOKEN", "COURIER_DISCORD_TOKEN"),
    )
    database: str = Field(default="data/courier.sqlite3", repr=False)  # a URL may hold a password
    """A SQLite file's path, or a PostgreSQL URL (postgresql://user:password@host/name)."""
    log_level: LogLevel = "INFO"
    dev_guild_id: int | None = None
    moderator_role: str = "Courier Moderator"
    ops_channel_id: int | None = None
    default_language: Literal["en", "fr"] = "en"
    backup_every_hours: float = Field(default=6.0, gt=0)
    backup_keep: int = Field(default=14, ge=1)


def describe_settings_error(error: ValidationError) -> str:
    """One sentence naming the first bad setting, for a clean exit instead of a traceback."""
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"]) or "?"
    return f"The setting {where} is invalid: {problem['msg']}."
