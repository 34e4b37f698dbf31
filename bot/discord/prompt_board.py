"""Posting a campaign's prompts when the delivery loop meets a "prompts opened" row.

The prompt messages posted are recorded in the database with the row they answer: the
next such row closes them (struck through, buttons removed), whether the bot restarted in
between or not, and a row posted half-way before a crash posts only what is missing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.choices import PromptSlot
from bot.discord.components import SELECT_LIMIT, SELECT_MENUS, prompt_view
from bot.discord.limits import CONTENT_LIMIT, clip
from bot.i18n import localise_value, render, translate
from bot.services import OutboxItem
from bot.services.outbox import PromptsOpened

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

log = logging.getLogger("bot.discord.prompts")
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)


class PromptBoard:
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    async def publish(self, item: OutboxItem, opened: PromptsOpened, channel: Any) -> None:
        """Close the campaign's earlier prompt posts, then post the prompts of `opened.seq`
        (those not already posted for this row). Discord errors propagate: the row stays
        pending and is tried again."""
        service = self.bot.service
        campaign = await service.lobby.get_campaign(item.campaign_id)
        await self._close_earlier(item, channel, campaign.language)
        if not opened.open:
            return
        already = {
            post.position
            for post in await service.delivery.prompt_posts(item.campaign_id, outbox_id=item.id)
        }
        holders = await service.lobby.holders(item.campaign_id)
        prompts = await service.delivery.prompts_at(item.campaign_id, opened.seq)
        numbers: dict[str, int] = {}  # each seat's prompts are numbered in order
        for position, prompt in enumerate(prompts):
            number = numbers[prompt.seat] = numbers.get(prompt.seat, -1) + 1
            if position in already:
                continue
            holder = holders.get(prompt.seat)
            content = translate(
                "discord.prompt.header",
                campaign.language,
                mention=f"<@{holder.user_id}>" if holder else "",
                seat=str(localise_value(prompt.seat, campaign.language)),
                text=render(prompt.text, campaign.language),
                campaign=campaign.id,
            )
            if len(prompt.choices) > SELECT_MENUS * SELECT_LIMIT:
                content += "\n" + translate("discord.prompt.more_in_play", campaign.language)
            content = clip(content, CONTENT_LIMIT)
            slot = PromptSlot(campaign.id, opened.seq, prompt.seat, number)
            view = prompt_view(campaign.ruleset, slot, prompt, campaign.language)
            message = await channel.send(
                content, view=view, allowed_mentions=PINGS, nonce=f"p{item.id}.{position}"
            )
            await service.delivery.record_prompt_post(
                item.id, position, str(channel.id), str(message.id), content
            )

    async def _close_earlier(self, item: OutboxItem, channel: Any, language: str) -> None:
        closed = translate("discord.prompt.closed", language)
        service = self.bot.service
        for post in await service.delivery.prompt_posts(item.campaign_id, open_only=True):
            if post.outbox_id == item.id:
                continue
            try:
                message = channel.get_partial_message(int(post.message_id))
                await message.edit(
                    content=clip(f"~~{post.content}~~ {closed}", CONTENT_LIMIT), view=None
                )
            except discord.HTTPException:
                # A deleted prompt message needs no closing; a click on a live one left
                # behind is refused as stale anyway.
                log.info("could not close the prompt message %s", post.message_id)
            await service.delivery.close_prompt_post(post.id)
