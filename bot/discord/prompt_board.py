"""Posting a campaign's prompts when the delivery loop meets a "prompts opened" row.

One turn, one message: a seat's prompt message is edited in place through the sub-steps
of its turn (fresh buttons for the new seq, since custom ids carry it), an unchanged prompt
(same seat, text and choices) keeps its message and only gets fresh buttons, and a message
pings its player only when their turn begins (nobody is pinged for their own sub-step).
Prompt messages no prompt of the new row takes over are closed (struck through, buttons
removed).

The prompt messages are recorded in the database with the row they answer and the seat
and number of the prompt they show, whether the bot restarted in between or not; a row
published half-way before a crash posts or edits only what is missing.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
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
            content = clip(content, CONTENT_LIMIT)
            slot = PromptSlot(campaign.id, opened.seq, prompt.seat, number)
            view = prompt_view(campaign.ruleset, slot, prompt, campaign.language)
            fingerprint = prompt_fingerprint(prompt)
            previous = earlier.pop((prompt.seat, number), None)
            message_id = None
            if previous is not None:
                message_id = await _edited(channel, previous, content, view, fingerprint)
            if message_id is None:
                pings = PINGS if holder and holder.user_id not in waiting else NO_PINGS
                extra: dict[str, Any] = {}
                if drawn is not None:
                    extra = {"embed": drawn[0], "file": drawn[1]}
                    drawn = None
                message = await channel.send(
                    content,
                    view=view,
                    allowed_mentions=pings,
                    nonce=f"p{item.id}.{position}",
                    **extra,
                )
                message_id = str(message.id)
            await service.delivery.record_prompt_post(
                item.id,
                position,
                str(channel.id),
                message_id,
                content,
                seat=prompt.seat,
                number=number,
                fingerprint=fingerprint,
            )
            taken.add(message_id)
            if previous is not None:
                await service.delivery.close_prompt_post(previous.id)
        await self._close(
            [post for post in posts if post.outbox_id != item.id],
            channel,
            campaign.language,
            taken,
        )

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
                    message = channel.get_partial_message(int(post.message_id))
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


def _needs_a_new_message(prompts: list[Prompt], earlier: dict[tuple[str, int], Any]) -> bool:
    """Whether some prompt has no open message of its seat and number to take over."""
    numbers: dict[str, int] = {}
    for prompt in prompts:
        number = numbers[prompt.seat] = numbers.get(prompt.seat, -1) + 1
        if (prompt.seat, number) not in earlier:
            return True
    return False


async def _edited(
    channel: Any, previous: PromptPostRow, content: str, view: Any, fingerprint: str
) -> str | None:
    """Show the prompt in the seat's open message: new text, or for an unchanged prompt only
    fresh buttons (their custom ids carry the new seq). None when the message is gone."""
    message = channel.get_partial_message(int(previous.message_id))
    try:
        if previous.fingerprint == fingerprint and previous.content == content:
            await message.edit(view=view)
        else:
            await message.edit(content=content, view=view, allowed_mentions=NO_PINGS)
    except discord.NotFound:
        return None  # deleted by someone: the prompt is posted anew
    return previous.message_id
