"""Just enough of a `discord.Interaction` to drive the component callbacks without Discord:
who clicked, the bot, and a response that records what the user was told."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from bot.discord.client import CourierBot
from bot.discord.components import ChoiceButton, ChoiceSelect
from bot.i18n import translate
from bot.services import CampaignService

# The apology's words before its reference number, which changes with every error.
UNEXPECTED = translate("discord.error.unexpected", "en", trace="").split("(")[0]
"""The apology for an unexpected error: a hostile click must never earn it."""


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
    bot._service = service  # setup_hook never runs: the outbox is never delivered
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


async def click(service: CampaignService, custom_id: str, user: str, value: str) -> str | None:
    """What the user is told after using the component with this custom id (None: the id
    is none of ours, so discord.py would never route it to us)."""
    bot = offline_bot(service)
    interaction: Any = interaction_by(bot, int(user), {"custom_id": custom_id})
    for kind in (ChoiceButton, ChoiceSelect):
        match = kind.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is None:
            continue
        posted: Any = SimpleNamespace(label="?")
        item: Any = await kind.from_custom_id(interaction, posted, match)
        if isinstance(item, ChoiceSelect):
            item.item._values = [value]
        await item.callback(interaction)
        modal = bool(interaction.response.modals)
        return "\n".join(interaction.response.said) or ("(number modal)" if modal else "")
    return None
