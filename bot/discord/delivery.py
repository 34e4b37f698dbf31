"""The outbox courier: sends what the services queued, then marks it delivered.

The services write public reports and private notes to the outbox in the same transaction
as the action, so a Discord error or a restart loses nothing: a row stays pending until it
was sent. discord.py already waits out 429s and retries 5xx; what still fails is marked
failed and tried again on the next sweep. A player whose DMs are closed gets the held notes
as ephemeral replies the next time they use a command.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.language import user_language
from bot.discord.payloads import outbox_message
from bot.i18n import translate

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

log = logging.getLogger("bot.discord.delivery")
SWEEP_LIMIT = 50
# Notices that ask a seat holder to act now: they ping the user they name.
PINGING_KEYS = frozenset({"schedule.notice.reminder", "schedule.notice.overdue"})
NO_PINGS = discord.AllowedMentions.none()
USER_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)


class ChannelGone(Exception):
    """The campaign's channel no longer exists or the bot cannot see it."""


class OutboxCourier:
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        self._lock = asyncio.Lock()
        self._held: dict[int, dict[int, Any]] = {}  # user id -> outbox id -> item
        self._unreachable: set[int] = set()  # outbox ids whose channel is gone

    async def deliver_pending(self) -> int:
        """Send every pending row once, oldest first; returns how many were delivered."""
        delivered = 0
        touched: set[int] = set()
        async with self._lock:
            while True:
                sent, ok = await self._deliver_batch(touched)
                delivered += sent
                if not sent or not ok:
                    break
        for campaign_id in touched:
            await self.bot.prompt_board.refresh(campaign_id)
        return delivered

    async def _deliver_batch(self, touched: set[int]) -> tuple[int, bool]:
        """One batch; (delivered, False) when Discord failed and the sweep should stop."""
        skipped = len(self._unreachable) + sum(len(held) for held in self._held.values())
        delivered = 0
        for item in await self.bot.service.pending_outbox(SWEEP_LIMIT + skipped):
            if item.id in self._unreachable or self._is_held(item):
                continue
            try:
                await self._send(item)
            except discord.Forbidden as error:
                await self._hold(item, error)
                continue
            except (discord.NotFound, ChannelGone) as error:
                self._unreachable.add(item.id)
                await self.bot.service.mark_failed(item.id, f"not found: {error}")
                continue
            except discord.HTTPException as error:
                # Discord is unwell: keep the row and the order, try again next sweep.
                await self.bot.service.mark_failed(item.id, f"{error.status}: {error.text}")
                log.warning("outbox %s not delivered (%s); will retry", item.id, error.status)
                return delivered, False
            await self.bot.service.mark_delivered(item.id)
            delivered += 1
            touched.add(int(item.campaign_id))
        return delivered, True

    async def _send(self, item: Any) -> None:
        language = await self.bot.campaign_language(item.campaign_id)
        content, embeds = outbox_message(item.payload, language)
        if item.target_kind == "dm":
            user = self.bot.get_user(int(item.target_id)) or await self.bot.fetch_user(
                int(item.target_id)
            )
            await user.send(content or None, embeds=embeds, nonce=item.id)
            return
        channel = await self.bot.channel_by_id(int(item.target_id))
        if channel is None:
            raise ChannelGone(item.target_id)
        content, mentions = self._pings(item.payload, channel, content)
        # The outbox id as an enforced nonce: a row sent again after a crash between the send
        # and `mark_delivered` is answered by Discord with the first message, not a second.
        await channel.send(content or None, embeds=embeds, nonce=item.id, allowed_mentions=mentions)

    def _pings(
        self, payload: dict[str, Any], channel: Any, content: str
    ) -> tuple[str, discord.AllowedMentions]:
        """Who a channel post may ping: the named seat holder for a reminder, the moderator
        role for an alert, nobody otherwise (an audit line names a moderator, a report names
        players: neither should buzz anyone's phone)."""
        if payload.get("key") in PINGING_KEYS:
            return content, USER_PINGS
        if payload.get("kind") == "moderator_alert":
            guild = getattr(channel, "guild", None)
            role = guild and discord.utils.get(guild.roles, name=self.bot.moderator_role)
            if role:
                only_role = discord.AllowedMentions(everyone=False, users=False, roles=[role])
                return f"{role.mention} {content}", only_role
        return content, NO_PINGS

    def _is_held(self, item: Any) -> bool:
        return item.target_kind == "dm" and item.id in self._held.get(int(item.target_id), {})

    async def _hold(self, item: Any, error: discord.Forbidden) -> None:
        if item.target_kind == "dm":
            self._held.setdefault(int(item.target_id), {})[item.id] = item
            await self.bot.service.mark_failed(item.id, "direct messages closed")
            return
        self._unreachable.add(item.id)
        log.warning(
            "outbox %s: the bot may not post in %s (%s)", item.id, item.target_id, error.text
        )
        await self.bot.service.mark_failed(item.id, f"forbidden: {error.text}")

    async def hand_over_held(self, interaction: discord.Interaction[Any]) -> None:
        """Give a player the private notes their closed DMs refused, ephemerally."""
        held = self._held.pop(interaction.user.id, {})
        for outbox_id, item in sorted(held.items()):
            language = user_language(interaction)
            content, embeds = outbox_message(item.payload, language)
            note = translate("discord.me.held", language)
            try:
                await interaction.followup.send(
                    f"{note}\n{content}".strip(), embeds=embeds, ephemeral=True
                )
            except discord.HTTPException:
                self._held.setdefault(interaction.user.id, {})[outbox_id] = item
                continue
            await self.bot.service.mark_delivered(outbox_id)
