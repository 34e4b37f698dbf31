"""The map in the channel: drawn for a "board changed" outbox row, and /map's pictures;
and the extra pictures a step adds to its report (a battle's report card).

Only the PUBLIC view is drawn: a seat's secrets never reach it. Which steps moved the
board is decided by the services (`bot.services.board`).
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.language import tr
from bot.render import has_map, map_renderer, render_campaign_png, render_timeline
from bot.render.registry import has_step_pictures
from bot.render.step_cards import render_step_pictures_async
from rulesets import registry

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

TIMELINE_FRAMES = 40  # an animated GIF stays a few megabytes and a minute long
TIMELINE_SCAN = 400  # states looked at for board changes, spread over the whole log


def board_signature(ruleset: str, public_view: dict[str, Any]) -> str:
    """What the map shows on its regions, as comparable text."""
    scene = map_renderer(ruleset).scene_from_view(public_view, "en")
    return json.dumps([region.model_dump(mode="json") for region in scene.regions])


def map_message(
    png: bytes, *, campaign_id: int, seq: int, language: str
) -> tuple[discord.Embed, discord.File]:
    embed = discord.Embed(title=tr("discord.map.title", language, campaign=campaign_id, seq=seq))
    embed.set_image(url="attachment://map.png")
    return embed, discord.File(io.BytesIO(png), filename="map.png")


async def public_view_at(bot: CourierBot, campaign: Any, seq: int) -> dict[str, Any]:
    state = await bot.service.play.state_at(campaign.id, seq)
    return registry.get(campaign.ruleset).view(state, None)


async def timeline_gif(bot: CourierBot, campaign: Any) -> bytes:
    """An animated GIF of the states where the board changed, at most TIMELINE_FRAMES of them
    sampled evenly (the first and the last always kept). Drawn in a worker thread."""
    last = campaign.seq
    step = max(1, last // TIMELINE_SCAN)
    seqs = sorted({*range(0, last + 1, step), last})
    renderer = map_renderer(campaign.ruleset)
    scenes: list[Any] = []
    previous = None
    view: dict[str, Any] = {}
    for seq in seqs:
        view = await public_view_at(bot, campaign, seq)
        signature = board_signature(campaign.ruleset, view)
        if signature != previous or seq == last:
            scenes.append(renderer.scene_from_view(view, campaign.language))
            previous = signature
    if len(scenes) > TIMELINE_FRAMES:
        picks = {
            round(i * (len(scenes) - 1) / (TIMELINE_FRAMES - 1)) for i in range(TIMELINE_FRAMES)
        }
        scenes = [scene for index, scene in enumerate(scenes) if index in picks]
    # A campaign's board is the same all along: the last view says which geometry it is.
    geometry = renderer.geometry_for(view)
    return await asyncio.to_thread(partial(render_timeline, scenes, geometry=geometry))


async def map_of_step(
    bot: CourierBot, campaign_id: int, seq: int
) -> tuple[discord.Embed, discord.File] | None:
    """The map of step `seq` as a message (None for a game without a map), drawn in a
    worker thread: what the step changed outlined against the step before, the seats that
    must act next in the banner, and each seat named by its player."""
    campaign = await bot.service.lobby.get_campaign(campaign_id)
    if not has_map(campaign.ruleset):
        return None
    view = await public_view_at(bot, campaign, seq)
    previous = await public_view_at(bot, campaign, seq - 1) if seq > 0 else None
    awaited = sorted({p.seat for p in await bot.service.delivery.prompts_at(campaign.id, seq)})
    holders = await bot.service.lobby.holders(campaign.id)
    png = await render_campaign_png(
        campaign.ruleset,
        view,
        campaign_id=campaign.id,
        seq=seq,
        language=campaign.language,
        previous_view=previous,
        labels={f"seat.{seat}": holder.display_name for seat, holder in holders.items()},
        awaited=awaited,
    )
    return map_message(png, campaign_id=campaign.id, seq=seq, language=campaign.language)


async def pictures_of_step(
    bot: CourierBot, campaign_id: int, seq: int, events: Sequence[Mapping[str, Any]]
) -> list[discord.File]:
    """The pictures step `seq` adds to its report, drawn in a worker thread from its PUBLIC
    events (the report's) and the public view after it; none for most steps."""
    campaign = await bot.service.lobby.get_campaign(campaign_id)
    if not events or not has_step_pictures(campaign.ruleset):
        return []
    view = await public_view_at(bot, campaign, seq)
    pictures = await render_step_pictures_async(campaign.ruleset, events, view, campaign.language)
    return [
        discord.File(io.BytesIO(picture.png), filename=f"step-{seq}-{number}.png")
        for number, picture in enumerate(pictures, start=1)
    ]
