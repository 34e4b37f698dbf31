"""Confirmation views (rollback, correction) answer only the moderator who asked."""

from __future__ import annotations

from pathlib import Path

from bot.discord.confirmation import AskerOnlyView
from bot.i18n import translate
from bot.services import FakeClock, open_service
from tests.proof.fake_interaction import interaction_by, offline_bot

MODERATOR, OTHER = 42, 43


async def test_only_the_asker_may_press_and_others_get_a_sentence(tmp_path: Path) -> None:
    service = await open_service(tmp_path / "db.sqlite3", FakeClock())
    try:
        bot = offline_bot(service)
        view = AskerOnlyView(MODERATOR)
        stranger = interaction_by(bot, OTHER)
        assert await view.interaction_check(stranger) is False
        assert stranger.response.said == [translate("discord.error.not_yours", "en")]
        asker = interaction_by(bot, MODERATOR)
        assert await view.interaction_check(asker) is True
        assert asker.response.said == []
    finally:
        await service.close()
