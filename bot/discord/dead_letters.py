"""/admin outbox: the messages Discord refused for good, each with its reason, and buttons
that put one back in the queue or drop it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from pydantic import ValidationError

from bot.discord.confirmation import AskerOnlyView
from bot.discord.errors import handle_interaction_error
from bot.discord.language import tr, user_language
from bot.discord.payloads import outbox_message
from bot.services import OutboxItem

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

SHOWN = 10  # two buttons each: ten rows fill Discord's twenty-five-button limit safely
REASON_LIMIT = 200
PREVIEW_LIMIT = 80


def _clip(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _preview(item: OutboxItem, language: str) -> str:
    """What the row would have said, in a few words."""
    try:
        content, embeds = outbox_message(item.message(), language)
    except ValidationError:
        return tr("discord.outbox.unreadable", language)
    text = content or next((embed.title or "" for embed in embeds), "")
    kind = str(item.payload.get("kind", ""))
    return _clip(text, PREVIEW_LIMIT) or tr(f"discord.outbox.kind.{kind}", language)


def dead_letter_line(item: OutboxItem, language: str) -> str:
    """One set-aside message: its number, where it was going, what it said and why not."""
    target = f"<#{item.target_id}>" if item.target_kind == "channel" else f"<@{item.target_id}>"
    key = "discord.outbox.line_dm" if item.target_kind == "dm" else "discord.outbox.line"
    return tr(
        key,
        language,
        outbox=item.id,
        target=target,
        preview=_preview(item, language),
        reason=_clip(item.last_error or "-", REASON_LIMIT),
        at=discord.utils.format_dt(item.given_up_at or item.created_at, "R"),
    )


def dead_letters_text(items: list[OutboxItem], campaign_id: int, language: str) -> str:
    if not items:
        return tr("discord.outbox.empty", language, campaign=campaign_id)
    heading = tr("discord.outbox.heading", language, campaign=campaign_id, count=len(items))
    lines = [dead_letter_line(item, language) for item in items[:SHOWN]]
    if len(items) > SHOWN:
        lines.append(tr("discord.outbox.more", language, count=len(items) - SHOWN))
    return "\n".join([heading, *lines])


class DeadLetterView(AskerOnlyView):
    """A Retry and a Drop button for each shown row; the list is redrawn after each click."""

    def __init__(
        self,
        bot: CourierBot,
        campaign_id: int,
        items: list[OutboxItem],
        asker_id: int,
        language: str,
    ) -> None:
        super().__init__(asker_id)
        self.bot, self.campaign_id = bot, campaign_id
        for row, item in enumerate(items[:SHOWN]):
            for action, style in (
                ("retry", discord.ButtonStyle.primary),
                ("drop", discord.ButtonStyle.danger),
            ):
                button: discord.ui.Button[Any] = discord.ui.Button(
                    label=tr(f"discord.outbox.{action}", language, outbox=item.id),
                    style=style,
                    row=row // 2,
                )
                button.callback = self._on_click(action, item.id)  # type: ignore[method-assign]
                self.add_item(button)

    def _on_click(self, action: str, outbox_id: int) -> Any:
        async def clicked(interaction: discord.Interaction[Any]) -> None:
            try:
                await self._act(interaction, action, outbox_id)
            except Exception as error:
                await handle_interaction_error(interaction, error)

        return clicked

    async def _act(
        self, interaction: discord.Interaction[Any], action: str, outbox_id: int
    ) -> None:
        delivery = self.bot.service.delivery
        actor = str(interaction.user.id)
        if action == "retry":
            await delivery.retry_dead_letter(self.campaign_id, outbox_id, actor=actor)
        else:
            await delivery.drop_dead_letter(self.campaign_id, outbox_id, actor=actor)
        self.stop()
        language = user_language(interaction)
        done = tr(f"discord.outbox.{action}_done", language, outbox=outbox_id)
        items = await delivery.dead_letters(self.campaign_id)
        text = f"{done}\n{dead_letters_text(items, self.campaign_id, language)}"
        view = DeadLetterView(self.bot, self.campaign_id, items, self.moderator_id, language)
        await interaction.response.edit_message(content=text, view=view if items else None)
        if action == "retry":
            self.bot.courier.wake()


async def show_dead_letters(
    bot: CourierBot, interaction: discord.Interaction[Any], campaign_id: int
) -> None:
    language = user_language(interaction)
    items = await bot.service.delivery.dead_letters(campaign_id)
    text = dead_letters_text(items, campaign_id, language)
    if not items:
        await interaction.response.send_message(text, ephemeral=True)
        return
    view = DeadLetterView(bot, campaign_id, items, interaction.user.id, language)
    await interaction.response.send_message(text, view=view, ephemeral=True)
