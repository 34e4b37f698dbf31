"""Posting pending prompts in a campaign's channel, pinging the seats that must act.

Each post is for one seq: when the campaign moves on, the old posts lose their buttons
(clicks on any left over, say after a restart, are refused as stale) and the new prompts
are posted. Posting is idempotent per seq, so every path that changes a campaign may ask.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.choices import PromptSlot
from bot.discord.components import SELECT_LIMIT, SELECT_MENUS, prompt_view
from bot.i18n import localise_value, render, translate

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

log = logging.getLogger("bot.discord.prompts")
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)


class PromptBoard:
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        self._posted: dict[int, tuple[int, list[discord.Message]]] = {}
        self._unposted: set[int] = set()  # campaigns whose last posting failed

    async def refresh(self, campaign_id: int, *, force: bool = False) -> None:
        """Post the campaign's prompts unless they are up; a Discord failure is logged and
        the posting retried by `retry_unposted` (the outbox sweep), never lost."""
        try:
            await self._refresh(campaign_id, force=force)
        except discord.HTTPException:
            log.warning("prompts of campaign %s not posted; will retry", campaign_id, exc_info=True)
            self._unposted.add(campaign_id)
            # Whatever was posted is closed and everything posted again on the retry.
            _, posted = self._posted.get(campaign_id, (-1, []))
            self._posted[campaign_id] = (-1, posted)
        else:
            self._unposted.discard(campaign_id)

    async def retry_unposted(self) -> None:
        for campaign_id in sorted(self._unposted):
            await self.refresh(campaign_id)

    async def _refresh(self, campaign_id: int, *, force: bool) -> None:
        service = self.bot.service
        campaign = await service.get_campaign(campaign_id)
        seq, old = self._posted.get(campaign_id, (-1, []))
        if seq == campaign.seq and not force:
            return
        await self._close(old, campaign.language)
        self._posted[campaign_id] = (campaign.seq, [])
        if campaign.status != "active" or campaign.channel_id is None:
            return
        channel = await self.bot.channel_by_id(int(campaign.channel_id))
        if channel is None:
            return
        holders = await service.holders(campaign_id)
        posted: list[discord.Message] = []
        numbers: dict[str, int] = {}  # each seat's prompts are numbered in order
        for prompt in await service.prompts(campaign_id):
            holder = holders.get(prompt.seat)
            who = f"<@{holder.user_id}>" if holder else ""
            content = translate(
                "discord.prompt.header",
                campaign.language,
                mention=who,
                seat=str(localise_value(prompt.seat, campaign.language)),
                text=render(prompt.text, campaign.language),
                campaign=campaign_id,
            )
            if len(prompt.choices) > SELECT_MENUS * SELECT_LIMIT:
                content += "\n" + translate("discord.prompt.more_in_play", campaign.language)
            number = numbers[prompt.seat] = numbers.get(prompt.seat, -1) + 1
            slot = PromptSlot(campaign_id, campaign.seq, prompt.seat, number)
            view = prompt_view(campaign.ruleset, slot, prompt, campaign.language)
            posted.append(await channel.send(content, view=view, allowed_mentions=PINGS))
            self._posted[campaign_id] = (campaign.seq, posted)

    async def _close(self, messages: list[discord.Message], language: str) -> None:
        closed = translate("discord.prompt.closed", language)
        for message in messages:
            try:
                await message.edit(content=f"~~{message.content}~~ {closed}", view=None)
            except discord.HTTPException:
                log.info("could not close the prompt message %s", message.id)

    def forget(self, campaign_id: int) -> None:
        self._posted.pop(campaign_id, None)
