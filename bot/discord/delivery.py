"""The delivery loop: the only code that posts a campaign's results to Discord.

The services write every result to the outbox in the transaction of the act (reports,
private notes, notices, audit lines, alerts, and the rows asking for the map and the
prompts of a step). This loop sends the rows in id order, so a resolution's map arrives
before the next prompt; a step's report is told in its seat's prompt message while the
seat's turn lasts (one turn, one message). It wakes when the services queue rows and
sweeps every 30 s for retries. A row is marked delivered only once sent; a crash in
between sends it again, and the outbox id sent as an enforced nonce makes Discord answer
with the first message.

No row may stop the others: a transient failure (Discord unwell, the network) is tried
again after a back-off (a missing permission counts: it can be granted); a permanent one
(a 400, a target that is not a Discord user, a channel gone) is tried a few times, then set
aside with its reason and the moderators are told once. Messages longer than Discord's
limits are split or shortened before sending. A player whose DMs are closed gets the held
notes (kept in the database, so any process can) as ephemeral replies the next time they
use a command. A process running some of the shards delivers only their rows.

Discord remembers a nonce for minutes only. After a longer outage, a row written before
this process started may have been sent by the previous one just before it died: such a
row is first looked for among the channel's recent messages (the bot's own, posted since
the row was written, with the same text and embeds), and marked delivered if found there
instead of being sent again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from pydantic import ValidationError

from bot.discord.language import user_language
from bot.discord.limits import EMBEDS_PER_MESSAGE, EMBEDS_TOTAL_LIMIT, fit_message
from bot.discord.maps import map_of_step, pictures_of_step
from bot.discord.payloads import outbox_message
from bot.discord.prompt_board import PromptBoard
from bot.discord.reminder_context import with_reminder_context
from bot.discord.standings import campaign_standings
from bot.i18n import translate
from bot.services import OutboxItem
from bot.services.outbox import (
    AuditNotice,
    BoardChanged,
    ModeratorAlert,
    OutboxMessage,
    PromptsOpened,
    Report,
)

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

log = logging.getLogger("bot.discord.delivery")
SWEEP_LIMIT = 50
RECENT_MESSAGES = 50
"""How far back a target's messages are read for rows the previous process may have sent."""
PERMANENT_ATTEMPTS = 3
"""A row refused this many times for a reason that will not go away is set aside."""
TRANSIENT_ATTEMPTS = 20
"""A row that keeps failing for passing reasons (backing off up to an hour between tries)
is set aside after some fifteen hours."""
# Notices that ask a seat holder to act now: they ping the user they name.
PINGING_KEYS = frozenset({"schedule.notice.reminder", "schedule.notice.overdue"})
NO_PINGS = discord.AllowedMentions.none()
USER_PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)
TRANSIENT_ERRORS = (OSError, asyncio.TimeoutError, aiohttp.ClientError)
HAND_OVER_WAIT_SECONDS = 2.0


class ChannelGone(Exception):
    """The campaign's channel no longer exists or the bot cannot see it."""


class NotADiscordUser(Exception):
    """A DM row for a user id that is no Discord snowflake (a console player)."""


class DmsClosed(Exception):
    """The player does not accept direct messages from the bot."""


def _failure(error: BaseException) -> tuple[str, bool]:
    """The reason to record for a failed row, and whether trying again may help."""
    if isinstance(error, discord.HTTPException):
        reason = f"{error.status}: {error.text or error}"[:500]
        # A missing permission (403) is granted again by someone; a 400 or a 404 stays.
        return reason, error.status >= 500 or error.status in (403, 429)
    if isinstance(error, DmsClosed):
        return "direct messages closed", True
    if isinstance(error, TRANSIENT_ERRORS):
        return f"{type(error).__name__}: {error}"[:500], True
    return f"{type(error).__name__}: {error}"[:500], False


class OutboxCourier:
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        self.prompts = PromptBoard(bot)
        self._lock = asyncio.Lock()
        self._running: asyncio.Task[None] | None = None
        self._again = False
        # Rows written before the first delivery of this process may have been sent by the
        # previous one (see `_sent_before`); the recent messages of each target, read once.
        self._started_at: datetime | None = None
        self._recent: dict[int, list[Any]] = {}

    # Waking ---------------------------------------------------------------------------

    def wake(self) -> None:
        """Deliver soon: called by the services after every act that queued rows."""
        if self._running is not None and not self._running.done():
            self._again = True
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (a script): the next sweep delivers
        self._running = loop.create_task(self._run())

    async def _run(self) -> None:
        while True:
            self._again = False
            try:
                await self.deliver_pending()
            except Exception:
                log.exception("delivery failed; the next sweep tries again")
            if not self._again:
                return

    async def stop(self) -> None:
        """Let a delivery in progress finish its row, then stop (before the database closes)."""
        running, self._running = self._running, None
        if running is not None and not running.done():
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running

    # Delivering -----------------------------------------------------------------------

    async def deliver_pending(self) -> int:
        """Send every due row once, oldest first; returns how many were delivered."""
        delivered = 0
        async with self._lock:
            if self._started_at is None:
                self._started_at = self.bot.service.core.clock.now()
            seen: set[int] = set()
            while True:
                batch = [
                    item
                    for item in await self.bot.service.delivery.pending_outbox(
                        SWEEP_LIMIT + len(seen), shards=self.bot.shard_set
                    )
                    if item.id not in seen
                ]
                if not batch:
                    return delivered
                for item in batch:
                    seen.add(item.id)
                    delivered += await self._deliver(item)

    async def _deliver(self, item: OutboxItem) -> int:
        """Send one row; 1 when it went out, 0 when it failed (and was marked so)."""
        try:
            message = item.message()
        except ValidationError as error:
            await self._give_up(item, f"not a message: {error.errors()[:1]}")
            return 0
        try:
            await self._send(item, message)
        except Exception as error:  # one row's failure must never stop the others
            await self._failed(item, error)
            return 0
        await self.bot.service.delivery.mark_delivered(item.id)
        return 1

    async def _failed(self, item: OutboxItem, error: BaseException) -> None:
        reason, transient = _failure(error)
        attempts = item.attempts + 1
        if isinstance(error, NotADiscordUser) or attempts >= (
            TRANSIENT_ATTEMPTS if transient else PERMANENT_ATTEMPTS
        ):
            await self._give_up(item, reason)
            return
        held = isinstance(error, DmsClosed)
        await self.bot.service.delivery.mark_failed(item.id, reason, held=held)
        level = logging.INFO if isinstance(error, DmsClosed) else logging.WARNING
        log.log(level, "outbox %s not delivered (%s); will retry", item.id, reason)

    async def _give_up(self, item: OutboxItem, reason: str) -> None:
        log.warning("outbox %s set aside: %s", item.id, reason)
        await self.bot.service.delivery.give_up(item.id, reason)

    async def _send(self, item: OutboxItem, message: OutboxMessage) -> None:
        if item.target_kind == "dm":
            await self._send_dm(item, message)
            return
        channel = await self.bot.channel_by_id(int(item.target_id))
        if channel is None:
            raise ChannelGone(item.target_id)
        if isinstance(message, BoardChanged | PromptsOpened):
            await self._publish(item, message, channel)
            return
        content, embeds = await self._compose(item, message)
        if not (isinstance(message, Report) and await self._told_in_turn(message, channel, embeds)):
            content, mentions = self._pings(message, channel, content)
            await self._send_parts(channel, item, content, embeds, mentions)
        if isinstance(message, Report):
            await self._post_pictures(item, message, channel)

    async def _post_pictures(self, item: OutboxItem, report: Report, channel: Any) -> None:
        """The pictures a step adds to its report (a battle's card), in one message after
        it. A picture that cannot be drawn is logged and left out: the report stands."""
        if report.campaign_id is None:
            return
        try:
            files = await pictures_of_step(self.bot, report.campaign_id, report.seq, report.events)
        except Exception:
            log.exception("the pictures of step %s could not be drawn", report.seq)
            return
        if files:
            await channel.send(files=files, nonce=f"{item.id}.pictures")

    async def _publish(
        self, item: OutboxItem, message: BoardChanged | PromptsOpened, channel: Any
    ) -> None:
        """A step's map and prompts: the map of a step that opens prompts goes in the first
        new prompt message (right above its buttons), any other map on its own."""
        delivery = self.bot.service.delivery
        beside = await delivery.map_beside_prompts(item.id)
        if await delivery.superseded(item.id):
            # A newer row of the campaign replaces this one; a map that was to go with these
            # prompts goes out alone, unless a newer map replaces it too. An undo's reports
            # are taken out all the same.
            if isinstance(message, PromptsOpened):
                await self.prompts.drop_undone_steps(message, channel)
            alone = isinstance(message, PromptsOpened) and beside
            if alone and not await delivery.superseded(item.id - 1):
                await self._post_map(item.campaign_id, message.seq, channel, item.id - 1)
            return
        if isinstance(message, BoardChanged):
            if not beside:
                await self._post_map(item.campaign_id, message.seq, channel, item.id)
            return
        drawn = await map_of_step(self.bot, item.campaign_id, message.seq) if beside else None
        await self.prompts.publish(item, message, channel, drawn)

    async def _post_map(self, campaign_id: int, seq: int, channel: Any, nonce: int) -> None:
        drawn = await map_of_step(self.bot, campaign_id, seq)
        if drawn is not None:
            embed, file = drawn
            await channel.send(embed=embed, file=file, nonce=nonce)

    async def _told_in_turn(
        self, report: Report, channel: Any, embeds: list[discord.Embed]
    ) -> bool:
        """Add a step's report to its seat's open prompt message, so that a turn stays one
        message: its prompt, then (closed) what the seat did. Without an open one (the
        seat's prompt was private), its latest prompt message takes the report when nothing
        was posted after it. False for a step of no seat, the last step, or a report that
        does not fit there: it is posted on its own."""
        if report.campaign_id is None or report.seat is None or report.finished:
            return False
        if len(embeds) != 1:
            return False
        posts = await self.bot.service.delivery.prompt_posts(report.campaign_id, open_only=True)
        turn = next(
            (
                post
                for post in posts
                if post.seat == report.seat and post.channel_id == str(channel.id)
            ),
            None,
        )
        if turn is None:
            turn = await self.prompts.turn_goes_on(report.campaign_id, report.seat, channel)
        if turn is None:
            return False
        try:
            message = await channel.fetch_message(int(turn.message_id))
        except discord.NotFound:
            return False
        told = list(message.embeds)
        if any(embed.title == embeds[0].title for embed in told):
            return True  # told before a crash: the row is only marked now
        gathered = told + embeds
        if len(gathered) > EMBEDS_PER_MESSAGE or sum(map(len, gathered)) > EMBEDS_TOTAL_LIMIT:
            return False
        await message.edit(embeds=gathered)
        return True

    async def _send_dm(self, item: OutboxItem, message: OutboxMessage) -> None:
        user_id = _user_id(item)
        if user_id is None:
            raise NotADiscordUser(f"not a Discord user: {item.target_id[:40]}")
        user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        content, embeds = await self._compose(item, message)
        try:
            await self._send_parts(user, item, content, embeds, NO_PINGS)
        except discord.Forbidden:
            raise DmsClosed from None

    async def _compose(
        self, item: OutboxItem, message: OutboxMessage
    ) -> tuple[str, list[discord.Embed]]:
        language = await self.bot.campaign_language(item.campaign_id)
        message = await with_reminder_context(self.bot, message)
        standings = None
        if isinstance(message, Report) and message.finished and message.scores:
            campaign = await self.bot.service.lobby.get_campaign(item.campaign_id)
            standings = await campaign_standings(
                self.bot, campaign.id, campaign.ruleset, message.scores, language
            )
        return outbox_message(_with_mentions(message), language, standings)

    async def _send_parts(
        self,
        target: Any,
        item: OutboxItem,
        content: str,
        embeds: list[discord.Embed],
        mentions: discord.AllowedMentions,
    ) -> None:
        """Send within Discord's limits; the first part carries the outbox id as its nonce
        (a row sent again after a crash is answered with the first message, not a second),
        and a part the previous process already posted is not posted again."""
        for number, (text, part) in enumerate(fit_message(content, embeds)):
            if await self._sent_before(target, item, text, part):
                continue
            nonce: int | str = item.id if number == 0 else f"{item.id}.{number}"
            await target.send(text or None, embeds=part, nonce=nonce, allowed_mentions=mentions)

    async def _sent_before(
        self, target: Any, item: OutboxItem, text: str, embeds: list[discord.Embed]
    ) -> bool:
        """Whether a row written before this process began is already among the target's
        recent messages (each found message answers for one part only)."""
        if self._started_at is None or item.created_at >= self._started_at:
            return False
        if not hasattr(target, "history"):
            return False
        key = getattr(target, "id", 0)
        if key not in self._recent:
            me = getattr(getattr(self.bot, "user", None), "id", None)
            try:
                self._recent[key] = [
                    message
                    async for message in target.history(limit=RECENT_MESSAGES)
                    if me is None or message.author.id == me
                ]
            except discord.HTTPException:
                self._recent[key] = []  # unreadable: the nonce is all there is
        wanted = (text or "", [(embed.title, embed.description) for embed in embeds])
        for message in self._recent[key]:
            if message.created_at < item.created_at:
                continue
            found = [(embed.title, embed.description) for embed in message.embeds]
            if (message.content or "", found) == wanted:
                self._recent[key].remove(message)
                log.info("outbox %s was posted before the restart: not sent again", item.id)
                return True
        return False

    def _pings(
        self, message: OutboxMessage, channel: Any, content: str
    ) -> tuple[str, discord.AllowedMentions]:
        """Who a channel post may ping: the named seat holder for a reminder, the moderator
        role for an alert, nobody otherwise (an audit line names a moderator, a report names
        players: neither should buzz anyone's phone)."""
        if getattr(message, "key", None) in PINGING_KEYS:
            return content, USER_PINGS
        if isinstance(message, ModeratorAlert):
            guild = getattr(channel, "guild", None)
            role = guild and discord.utils.get(guild.roles, name=self.bot.moderator_role)
            if role:
                only_role = discord.AllowedMentions(everyone=False, users=False, roles=[role])
                return f"{role.mention} {content}", only_role
        return content, NO_PINGS

    async def hand_over_held(self, interaction: discord.Interaction[Any]) -> None:
        """Give a player the private notes their closed DMs refused, ephemerally."""
        if self._lock.locked():
            # A delivery under way may be finding this player's DMs closed right now: let it
            # finish (briefly: the command is already answered) so the note comes with this
            # answer rather than the next.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._lock.acquire(), HAND_OVER_WAIT_SECONDS)
                self._lock.release()
        delivery = self.bot.service.delivery
        for item in await delivery.held_notes(str(interaction.user.id)):
            language = user_language(interaction)
            try:
                content, embeds = outbox_message(_with_mentions(item.message()), language)
            except ValidationError:
                continue  # the delivery loop sets it aside
            note = translate("discord.me.held", language)
            try:
                for text, part in fit_message(f"{note}\n{content}".strip(), embeds):
                    await interaction.followup.send(text or "\u200b", embeds=part, ephemeral=True)
            except discord.HTTPException:
                continue  # still held: the next command tries again
            await delivery.mark_delivered(item.id)


def _user_id(item: OutboxItem) -> int | None:
    """The Discord user of a DM row; None when the id is no snowflake."""
    target = item.target_id
    return int(target) if target.isdigit() and 0 < int(target) < 2**64 else None


def _with_mentions(message: OutboxMessage) -> OutboxMessage:
    """An audit line names Discord users (the moderator, a seat's new and previous holder)
    by mention, the bot's own acts by name."""
    if not isinstance(message, AuditNotice):
        return message
    params = {**message.params, "moderator": message.params.get("actor", "")}
    for name in ("moderator", "holder", "previous"):
        user = str(params.get(name) or "")
        params[name] = f"<@{user}>" if user.isdigit() else user
    return message.model_copy(update={"params": params})
