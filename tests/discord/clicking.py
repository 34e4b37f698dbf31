"""Giving an order the way a player does in SimCord: the button (or select option) of the
seat's open prompt message that stands for it, then the modal's numbers (and note) when it
has any;
`/play` for a choice no component shows."""

from __future__ import annotations

from typing import Any

import discord
import simcord

from bot.discord.choices import PromptSlot, seat_prompts
from bot.discord.components import (
    BUTTON_LIMIT,
    NUMBER_FIELD,
    PICK_FIELD,
    SELECT_LIMIT,
    SELECT_MENUS,
    TEXT_FIELD,
    button_id,
    select_id,
)
from bot.services import CampaignService
from rulesets.core import Choice, Prompt


async def prompt_of(
    service: CampaignService, campaign_id: int, seat: str, action: dict[str, Any]
) -> tuple[int, Prompt, Choice]:
    """The seat's prompt listing `action`: its number among the seat's prompts, and the choice."""
    for number, prompt in enumerate(seat_prompts(await service.prompts(campaign_id), seat)):
        choice = prompt.find(action)
        if choice is not None:
            return number, prompt, choice
    raise AssertionError(f"{action} is not among {seat}'s choices")


async def prompt_message(
    service: CampaignService,
    channel: simcord.ChannelHandle,
    viewer: simcord.MemberActor,
    campaign_id: int,
    seat: str,
    number: int,
) -> discord.Message:
    """The open message showing the seat's prompt number `number`: in the channel, or in
    the viewer's DMs for a private prompt."""
    posts = await service.delivery.prompt_posts(campaign_id, open_only=True)
    (post,) = [p for p in posts if (p.seat, p.number) == (seat, number)]
    if post.channel_id not in ("", str(channel.id)):
        shown = viewer.user.dm_channel.history()
    else:
        shown = channel.history(viewer=viewer)
    return next(m for m in shown if str(m.id) == post.message_id)


async def click_order(
    service: CampaignService,
    channel: simcord.ChannelHandle,
    player: simcord.MemberActor,
    campaign_id: int,
    seat: str,
    action: dict[str, Any],
) -> simcord.InteractionResult:
    """Give `action` for `seat` through the components the bot posted (or /play)."""
    number, prompt, choice = await prompt_of(service, campaign_id, seat, action)
    index = prompt.choices.index(choice)
    seq = (await service.get_campaign(campaign_id)).seq
    slot = PromptSlot(campaign_id, seq, seat, number)
    message = await prompt_message(service, channel, player, campaign_id, seat, number)
    # A private prompt is in the player's DMs, where the user (not the member) clicks.
    clicker: Any = player.user if prompt.private else player
    if len(prompt.choices) <= BUTTON_LIMIT:
        shown = await clicker.click(message, custom_id=button_id(slot, index))
    elif index < SELECT_LIMIT * SELECT_MENUS:
        page = select_id(slot, index // SELECT_LIMIT)
        shown = await clicker.select(message, [str(index)], custom_id=page)
    else:
        order = f"{seq}:{seat}:{number}:{index}"
        shown = await player.slash(channel, "play", order=order)
    if not choice.ranges and not choice.picks and not choice.texts:
        return shown
    assert shown.modal is not None, "a choice with numbers, a list or a note asks in a modal"
    typed = {NUMBER_FIELD + name: str(action[name]) for name in choice.ranges}
    typed |= {PICK_FIELD + name: " ".join(action[name]) for name in choice.picks}
    typed |= {TEXT_FIELD + name: str(action[name]) for name in choice.texts if action.get(name)}
    return await clicker.submit_modal(shown, typed)
