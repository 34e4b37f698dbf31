"""A reminder names its campaign, game and server and links to the prompt message it is
about, in the channel and by DM, in English and in French."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.i18n import game_title
from bot.services import FakeClock
from bot.services.schedule import Scheduler
from tests.discord.conftest import Table, open_mini_campaign


async def _half_way(t: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A day later (half of the 48 h turn): the scheduler reminds, the courier delivers."""
    later = FakeClock(datetime.now(UTC) + timedelta(hours=24, minutes=5))
    monkeypatch.setattr(t.bot.service.core, "clock", later)
    assert (await Scheduler(t.bot.service).tick()).reminders == 1
    await t.bot.courier.deliver_pending()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "campaign 1 ({game}) on Courier table is waiting for red"),
        ("fr", "la campagne 1 ({game}) sur Courier table attend red"),
    ],
)
async def test_a_reminder_names_its_campaign_and_server_and_links_the_prompt(
    table: Table, monkeypatch: pytest.MonkeyPatch, language: str, words: str
) -> None:
    t = table
    await open_mini_campaign(t, language=language)
    prompt = t.last_prompt_for(t.alice)
    await _half_way(t, monkeypatch)
    [reminder] = [m for m in t.public_messages() if "<t:" in m.content and not m.components]
    assert words.format(game=game_title("mini", language)) in reminder.content
    assert prompt.jump_url in reminder.content
    assert reminder.content.startswith(t.alice.mention)


async def test_a_reminder_by_dm_carries_the_link_too(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    await open_mini_campaign(t)
    await t.alice.slash(t.channel, "campaign remind-me", route="dm")
    prompt = t.last_prompt_for(t.alice)
    await _half_way(t, monkeypatch)
    dms = [m.content for m in t.alice.user.dm_channel.history() if "waiting for red" in m.content]
    assert dms and prompt.jump_url in dms[-1] and "Courier table" in dms[-1]
