"""Posting a campaign's prompts when the delivery loop meets a "prompts opened" row.

One turn, one message: a seat's prompt message is edited in place through the sub-steps
of its turn (fresh buttons for the new seq, since custom ids carry it), an unchanged prompt
(same seat, text and choices) keeps its message and only gets fresh buttons, and a message
pings its player only when their turn begins (nobody is pinged for their own sub-step).
Prompt messages no prompt of the new row takes over are closed (struck through, buttons
removed). A seat whose sub-step went by DM (a card of its hand) goes on in its channel
message when nothing was posted after it: the step's report and next prompt go there. After
an undo, the prompt messages lose the reports (and maps) of the undone
steps that were told in them, so they show the campaign as it is after the undo.

The prompt messages are recorded in the database with the row they answer, the channel
they are in and the seat and number of the prompt they show, whether the bot restarted in
between or not; a row published half-way before a crash posts or edits only what is missing.

A private prompt (a secret programme, a hand) goes to its seat's holder by DM and never to
the channel; when their DMs are closed the channel only tells them, by mention, that a
private choice awaits them in /play (whose choices and answers only they see).
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.choices import PromptSlot
from bot.discord.components import SELECT_LIMIT, SELECT_MENUS, prompt_view
from bot.discord.holdings import holdings_line
from bot.discord.limits import CONTENT_LIMIT, clip
from bot.i18n import localise_value, render, translate
from bot.services import OutboxItem
from bot.services.outbox import PromptsOpened
from bot.storage import PromptPostRow
from rulesets import registry
from rulesets.core import Prompt

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

log = logging.getLogger("bot.discord.prompts")
PINGS = discord.AllowedMentions(everyone=False, roles=False, users=True)
NO_PINGS = discord.AllowedMentions.none()


def prompt_fingerprint(prompt: Prompt) -> str:
    """What a prompt shows (its text and choices), as a short comparable digest."""
    shown = prompt.model_dump(mode="json")
    return hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()[:32]


class PromptBoard:
    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot

    async def publish(
        self,
        item: OutboxItem,
        opened: PromptsOpened,
        channel: Any,
        drawn: tuple[discord.Embed, discord.File] | None = None,
    ) -> None:
        """Show the prompts of `opened.seq`: edit the seat's open message where there is one,
        post the others, then close the earlier messages no prompt took over. The step's map
        (`drawn`) goes in the first new message, or alone first when none is new. Discord
        errors propagate: the row stays pending and is tried again."""
        service = self.bot.service
        campaign = await service.lobby.get_campaign(item.campaign_id)
        await self.drop_undone_steps(opened, channel)
        posts = await service.delivery.prompt_posts(item.campaign_id, open_only=True)
        done = [post for post in posts if post.outbox_id == item.id]
        earlier = {(post.seat, post.number): post for post in posts if post.outbox_id != item.id}
        holders = await service.lobby.holders(item.campaign_id)
        # Players who already held a prompt are in their turn: a new message does not ping them.
        waiting = {holders[post.seat].user_id for post in posts if post.seat in holders}
        taken = {post.message_id for post in done}
        prompts = await service.delivery.prompts_at(item.campaign_id, opened.seq)
        already = {post.position for post in done}
        earlier_ids = {key_post.message_id for key_post in earlier.values()}
        if any(post.message_id not in earlier_ids for post in done):
            drawn = None  # posted with this row's first new message before a restart
        elif drawn is not None and not _needs_a_new_message(prompts, earlier):
            embed, file = drawn
            await channel.send(embed=embed, file=file, nonce=f"m{item.id}")
            drawn = None
        context = await self._context(item.campaign_id, opened.seq, campaign.ruleset)
        numbers: dict[str, int] = {}  # each seat's prompts are numbered in order
        for position, prompt in enumerate(prompts if opened.open else []):
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
            content += context.lines(campaign.ruleset, prompt.seat, campaign.language)
            if len(prompt.choices) > SELECT_MENUS * SELECT_LIMIT:
                content += "\n" + translate("discord.prompt.more_in_play", campaign.language)
            shown = Shown(
                clip(content, CONTENT_LIMIT),
                prompt_view(
                    campaign.ruleset,
                    PromptSlot(campaign.id, opened.seq, prompt.seat, number),
                    prompt,
                    campaign.language,
                ),
                prompt_fingerprint(prompt),
                PINGS if holder and holder.user_id not in waiting else NO_PINGS,
                f"p{item.id}.{position}",
            )
            previous = earlier.pop((prompt.seat, number), None)
            posted: tuple[Any, str] | None = None
            if prompt.private:
                posted = await self._in_private(holder.user_id if holder else "", previous, shown)
                if posted is None:
                    shown = _private_notice(shown, holder.user_id if holder else "", campaign)
            if posted is None:
                extra: dict[str, Any] = {}
                if drawn is not None:
                    extra = {"embed": drawn[0], "file": drawn[1]}
                here = previous
                if not extra and previous and previous.channel_id not in _here_ids(channel):
                    # The seat's last sub-step went by DM: its turn goes on here, unpinged.
                    resumed = await self.turn_goes_on(item.campaign_id, prompt.seat, channel)
                    if resumed is not None:  # closed: its text is shown again
                        here = replace(resumed, fingerprint="")
                posted = await _show(channel, here, shown, extra)
                if extra and posted[1] != (previous.message_id if previous else None):
                    drawn = None
            where, message_id = posted
            await service.delivery.record_prompt_post(
                item.id,
                position,
                str(where.id),
                message_id,
                shown.content,
                seat=prompt.seat,
                number=number,
                fingerprint=shown.fingerprint,
            )
            taken.add(message_id)
            if previous is not None and previous.message_id == message_id:
                await service.delivery.close_prompt_post(previous.id)
        await self._close(
            [post for post in posts if post.outbox_id != item.id],
            channel,
            campaign.language,
            taken,
        )

    async def _in_private(
        self, user_id: str, previous: PromptPostRow | None, shown: Shown
    ) -> tuple[Any, str] | None:
        """Show a private prompt in its holder's DMs: (the DM channel, the message id), or
        None when the holder is no Discord user or does not accept DMs from the bot."""
        if not (user_id.isdigit() and 0 < int(user_id) < 2**64):
            return None
        try:
            user = self.bot.get_user(int(user_id)) or await self.bot.fetch_user(int(user_id))
            dm = user.dm_channel or await user.create_dm()
            return await _show(dm, previous, replace(shown, pings=NO_PINGS), {})
        except discord.Forbidden:
            log.info("DMs closed for %s: a private prompt is announced in /play", user_id)
            return None

    async def drop_undone_steps(self, opened: PromptsOpened, channel: Any) -> None:
        """After an undo back to `opened.seq`: take the undone steps' reports and maps out
        of the campaign's prompt messages that were open when those steps were made (a
        step's report is told in its seat's open prompt message), so that no message goes
        on showing an order that no longer stands."""
        if opened.campaign_id is None or opened.undone_from is None:
            return
        since = opened.undone_since
        campaign = await self.bot.service.lobby.get_campaign(opened.campaign_id)
        undone = {
            translate(key, campaign.language, campaign=campaign.id, seq=seq)
            for seq in range(opened.seq + 1, opened.undone_from + 1)
            for key in ("discord.report.title", "discord.map.title")
        }
        posts = [
            post
            for post in await self.bot.service.delivery.prompt_posts(campaign.id)
            if post.channel_id in ("", str(channel.id))
        ]
        touched = {
            post.message_id
            for post in posts
            if post.closed_at is None or since is None or post.closed_at >= since
        }
        # A seat's latest message may have taken a report after it closed (`turn_goes_on`).
        latest = {post.seat: post for post in sorted(posts, key=lambda post: post.id)}
        touched |= {post.message_id for post in latest.values()}
        for message_id in sorted(touched):
            try:
                message = await channel.fetch_message(int(message_id))
                kept = [embed for embed in message.embeds if embed.title not in undone]
                if len(kept) < len(message.embeds):
                    pictures: dict[str, Any] = (
                        {} if any(embed.image.url for embed in kept) else {"attachments": []}
                    )
                    await message.edit(embeds=kept, **pictures)
            except discord.HTTPException:
                log.info("could not take the undone steps out of message %s", message_id)

    async def turn_goes_on(self, campaign_id: int, seat: str, channel: Any) -> PromptPostRow | None:
        """The seat's latest prompt message in `channel` when nothing was posted after it
        (its last sub-step went by DM, or it acted without a prompt message of its own): the
        seat's turn goes on in that message rather than in a new one. None otherwise."""
        posts = await self.bot.service.delivery.prompt_posts(campaign_id)
        mine = [
            post for post in posts if post.seat == seat and post.channel_id in _here_ids(channel)
        ]
        if not mine:
            return None
        latest = max(mine, key=lambda post: post.id)
        try:
            last = [message async for message in channel.history(limit=1)]
        except discord.HTTPException:
            return None
        return latest if last and str(last[0].id) == latest.message_id else None

    def _channel_of(self, post: PromptPostRow, channel: Any) -> Any:
        """The channel a prompt message was posted in: the campaign's, or a holder's DMs."""
        if post.channel_id in ("", str(channel.id)):
            return channel
        return self.bot.get_partial_messageable(int(post.channel_id))

    async def _context(self, campaign_id: int, seq: int, ruleset: str) -> PromptContext:
        """Each seat's deadline and the public view the prompts of `seq` are shown with."""
        service = self.bot.service
        due = {
            waiting.seat: waiting.due_unix
            for waiting in await service.schedule.waiting(campaign_id)
        }
        state = await service.play.state_at(campaign_id, seq)
        return PromptContext(due, registry.get(ruleset).view(state, None))

    async def _close(
        self, posts: list[PromptPostRow], channel: Any, language: str, taken: set[str]
    ) -> None:
        """Close the earlier prompt messages; one a new prompt took over keeps its text."""
        closed = translate("discord.prompt.closed", language)
        service = self.bot.service
        for post in posts:
            if post.message_id not in taken:
                try:
                    where = self._channel_of(post, channel)
                    message = where.get_partial_message(int(post.message_id))
                    await message.edit(
                        content=clip(f"~~{post.content}~~ {closed}", CONTENT_LIMIT), view=None
                    )
                except discord.HTTPException:
                    # A deleted prompt message needs no closing; a click on a live one left
                    # behind is refused as stale anyway.
                    log.info("could not close the prompt message %s", post.message_id)
            await service.delivery.close_prompt_post(post.id)


@dataclass(frozen=True)
class PromptContext:
    """What a prompt message shows under its question: the seat's deadline, as a Discord
    timestamp every reader sees in their own time zone, and what the seat has."""

    due_unix: dict[str, int]
    view: dict[str, Any]

    def lines(self, ruleset: str, seat: str, language: str) -> str:
        shown = []
        if seat in self.due_unix:
            shown.append(
                translate("discord.prompt.deadline", language, due_unix=self.due_unix[seat])
            )
        held = holdings_line(ruleset, self.view, seat, language)
        if held:
            shown.append(held)
        return "".join("\n" + line for line in shown)


def _here_ids(channel: Any) -> tuple[str, str]:
    """The channel ids a prompt post of `channel` is recorded with ("" before DMs existed)."""
    return ("", str(channel.id))


def _needs_a_new_message(prompts: list[Prompt], earlier: dict[tuple[str, int], Any]) -> bool:
    """Whether some public prompt has no open message of its seat and number to take over
    (a private prompt goes by DM: it cannot carry the step's map)."""
    numbers: dict[str, int] = {}
    for prompt in prompts:
        number = numbers[prompt.seat] = numbers.get(prompt.seat, -1) + 1
        if not prompt.private and (prompt.seat, number) not in earlier:
            return True
    return False


@dataclass(frozen=True)
class Shown:
    """A prompt message as it is to be shown: text, components, digest, pings, nonce."""

    content: str
    view: Any
    fingerprint: str
    pings: discord.AllowedMentions
    nonce: str


def _private_notice(shown: Shown, user_id: str, campaign: Any) -> Shown:
    """What the channel shows for a private prompt whose holder's DMs are closed: a mention
    and where to answer, never the prompt's text or choices."""
    content = translate(
        "discord.prompt.private_in_play",
        campaign.language,
        mention=f"<@{user_id}>" if user_id else "",
        campaign=campaign.id,
    )
    return replace(shown, content=content, view=None, fingerprint="private")


async def _show(
    where: Any, previous: PromptPostRow | None, shown: Shown, extra: dict[str, Any]
) -> tuple[Any, str]:
    """Show the prompt in `where`: in the seat's open message there when it has one (new
    text, or for an unchanged prompt only fresh buttons: their custom ids carry the new
    seq), else in a new message. Returns `where` and the message id."""
    if previous is not None and previous.channel_id == str(where.id):
        message = where.get_partial_message(int(previous.message_id))
        try:
            if previous.fingerprint == shown.fingerprint and previous.content == shown.content:
                await message.edit(view=shown.view)
            else:
                await message.edit(
                    content=shown.content, view=shown.view, allowed_mentions=NO_PINGS
                )
            return where, previous.message_id
        except discord.NotFound:
            pass  # deleted by someone: the prompt is posted anew
    optional = {"view": shown.view} if shown.view is not None else {}
    message = await where.send(
        shown.content, allowed_mentions=shown.pings, nonce=shown.nonce, **optional, **extra
    )
    return where, str(message.id)
