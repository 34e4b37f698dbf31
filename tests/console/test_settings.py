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
