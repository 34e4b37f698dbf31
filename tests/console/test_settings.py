"""Settings come from COURIER_* variables (and DISCORD_TOKEN); .env.example lists them all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import Settings

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no developer's .env
    for name in ("DISCORD_TOKEN", "COURIER_DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    for field in Settings.model_fields:
        monkeypatch.delenv(f"COURIER_{field.upper()}", raising=False)


def test_defaults_need_no_configuration() -> None:
    settings = Settings()
    assert settings.discord_token is None
    assert settings.database == "data/courier.sqlite3"
    assert (settings.log_level, settings.default_language) == ("INFO", "en")
    assert settings.dev_guild_id is None


def test_the_environment_and_dotenv_are_read(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / ".env").write_text("COURIER_DEV_GUILD_ID=42\nCOURIER_DEV_GUILD_ID_X=1\n")
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token")
    monkeypatch.setenv("COURIER_DATABASE", "/srv/courier.db")
    monkeypatch.setenv("COURIER_DEFAULT_LANGUAGE", "fr")
    settings = Settings()
    assert settings.discord_token == "secret-token"
    assert settings.database == "/srv/courier.db"
    assert (settings.dev_guild_id, settings.default_language) == (42, "fr")
    assert "secret-token" not in repr(settings)


def test_env_example_lists_every_setting_with_a_comment() -> None:
    text = (REPO / ".env.example").read_text()
    keys = re.findall(r"^([A-Z_]+)=", text, flags=re.MULTILINE)
    expected = {"DISCORD_TOKEN"} | {
        f"COURIER_{name.upper()}" for name in Settings.model_fields if name != "discord_token"
    }
    assert set(keys) == expected
    lines = text.splitlines()
    for key in keys:
        index = next(i for i, line in enumerate(lines) if line.startswith(f"{key}="))
        assert lines[index - 1].startswith("# "), f"{key} has no comment above it"


def test_backup_schedule_comes_from_the_settings_and_reaches_the_bot(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from bot.discord.client import BackupPolicy
    from bot.discord.launcher import build_bot

    assert (Settings().backup_every_hours, Settings().backup_keep) == (6.0, 14)
    monkeypatch.setenv("COURIER_BACKUP_EVERY_HOURS", "2.5")
    monkeypatch.setenv("COURIER_BACKUP_KEEP", "3")
    settings = Settings()
    policy = BackupPolicy(settings.backup_every_hours, settings.backup_keep)
    bot = build_bot(tmp_path / "db.sqlite3", backups=policy)
    assert (bot.backups.every_hours, bot.backups.keep) == (2.5, 3)


@pytest.mark.parametrize(("name", "value"), [("BACKUP_EVERY_HOURS", "0"), ("BACKUP_KEEP", "0")])
def test_a_backup_setting_out_of_range_is_refused(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    from pydantic import ValidationError

    monkeypatch.setenv(f"COURIER_{name}", value)
    with pytest.raises(ValidationError):
        Settings()


def test_a_postgresql_url_is_kept_whole_and_out_of_the_settings_repr(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COURIER_DATABASE", "postgresql://courier:hunter2@db.example/courier")
    settings = Settings()
    assert settings.database == "postgresql://courier:hunter2@db.example/courier"
    assert "hunter2" not in repr(settings)


def test_shards_are_read_as_a_list_and_reach_the_bot(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from bot.discord.client import ShardedCourierBot
    from bot.discord.launcher import bot_from_settings

    assert Settings().shards is None
    monkeypatch.setenv("COURIER_DATABASE", "postgresql://courier@db.example/courier")
    monkeypatch.setenv("COURIER_SHARD_IDS", "2, 3")
    monkeypatch.setenv("COURIER_SHARD_COUNT", "4")
    settings = Settings()
    assert settings.shards is not None
    assert (settings.shards.ids, settings.shards.count) == (frozenset({2, 3}), 4)
    bot = bot_from_settings(settings)
    assert isinstance(bot, ShardedCourierBot)
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 4)
    assert not bot.syncs_commands  # shard 0's process syncs them


@pytest.mark.parametrize(
    ("ids", "count", "database"),
    [
        ("0,1", None, "postgresql://h/c"),  # one without the other
        (None, "2", "postgresql://h/c"),
        ("2", "2", "postgresql://h/c"),  # no shard 2 of 2
        ("1", "2", "data/courier.sqlite3"),  # a SQLite file shared by two processes
    ],
)
def test_shard_settings_that_cannot_work_are_refused(
    monkeypatch: pytest.MonkeyPatch, ids: str | None, count: str | None, database: str
) -> None:
    from pydantic import ValidationError

    monkeypatch.setenv("COURIER_DATABASE", database)
    for name, value in (("COURIER_SHARD_IDS", ids), ("COURIER_SHARD_COUNT", count)):
        if value is not None:
            monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError):
        Settings()


def test_one_process_may_run_every_shard_on_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COURIER_SHARD_IDS", "0,1")
    monkeypatch.setenv("COURIER_SHARD_COUNT", "2")
    assert Settings().shards is not None
