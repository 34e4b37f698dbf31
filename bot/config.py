"""Settings, read from the environment and `.env` (every key is listed in `.env.example`).

Everything has a default except the Discord token, so the console and the tests run with
no configuration at all.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.storage import ShardSet, is_postgres_url

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
    shard_ids: Annotated[list[int] | None, NoDecode] = None
    """The Discord shards this process runs ("0,1"); unset: every shard, one process."""
    shard_count: int | None = Field(default=None, ge=1)
    """How many shards all the processes run together (set with `shard_ids`)."""

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()]
        return value

    @model_validator(mode="after")
    def _shards_together(self) -> Settings:
        if (self.shard_ids is None) != (self.shard_count is None):
            raise ValueError("shard_ids and shard_count go together: set both or neither")
        if self.shard_ids is None or self.shard_count is None:
            return self
        ShardSet(frozenset(self.shard_ids), self.shard_count)  # each id below the count
        if set(self.shard_ids) != set(range(self.shard_count)) and not is_postgres_url(
            self.database
        ):
            raise ValueError(
                "a SQLite database belongs to one process: run every shard in it,"
                " or share a PostgreSQL database between the processes"
            )
        return self

    @property
    def shards(self) -> ShardSet | None:
        """The shards this process runs, or None for one process running them all."""
        if self.shard_ids is None or self.shard_count is None:
            return None
        return ShardSet(frozenset(self.shard_ids), self.shard_count)


def describe_settings_error(error: ValidationError) -> str:
    """One sentence naming the first bad setting, for a clean exit instead of a traceback."""
    problem = error.errors()[0]
    where = ".".join(str(part) for part in problem["loc"]) or "?"
    return f"The setting {where} is invalid: {problem['msg']}."
