"""Just enough of a `discord.Interaction` to drive the component callbacks without Discord:
who clicked, the bot, and a response that records what the user was told."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from bot.discord.client import CourierBot
from bot.services import CampaignService


@dataclass
class RecordedResponse:
    said: list[str] = field(default_factory=list)
    modals: list[Any] = field(default_factory=list)

    def is_done(self) -> bool:
        return bool(self.said or self.modals)

    async def send_message(self, content: str | None = None, **_: Any) -> None:
        self.said.append(content or "")

    async def send_modal(self, modal: Any) -> None:
        self.modals.append(modal)

    async def send(self, content: str | None = None, **_: Any) -> None:  # as a followup
        self.said.append(content or "")


def offline_bot(service: CampaignService) -> CourierBot:
    """The real bot class over `service`, never logged in; publishing is a no-op."""

    async def no_service() -> CampaignService:
        return service

    bot = CourierBot(no_service)
    bot._service = service

    async def after_change(campaign_id: int) -> None:
        return None

    bot.after_change = after_change  # type: ignore[method-assign]
    return bot


def interaction_by(bot: CourierBot, user_id: int, data: dict[str, Any] | None = None) -> Any:
    response = RecordedResponse()
    return SimpleNamespace(
        client=bot,
        user=SimpleNamespace(id=user_id, mention=f"<@{user_id}>"),
        locale=None,
        guild_id=77,
        channel_id=8_000,
        command=None,
        data=data or {},
        response=response,
        followup=response,
    )
