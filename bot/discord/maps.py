"""The map in the channel: posted after a step that moved the board, and /map's pictures.

"The board" is what the map draws on the regions (control, pieces, markers): the scene's
regions built from the PUBLIC view. Gold, bids and whose turn it is change every click and
are not worth a picture; a seat's secrets never reach the public view at all.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.language import tr
from bot.render import has_map, map_renderer, render_campaign_png, render_timeline
from rulesets import registry

if TYPE_CHECKING:
    from bot.discord.client import CourierBot

log = logging.getLogger("bot.discord.maps")
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
    state = await bot.service.state_at(campaign.id, seq)
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
    return await asyncio.to_thread(render_timeline, scenes)


class MapPoster:
    """Posts the campaign's map after a change that moved the board, at most once a change.

    It remembers each campaign's board as last checked; after a restart it compares with
    the step before the current one, so the first move after a restart is not missed.
    """

    def __init__(self, bot: CourierBot) -> None:
        self.bot = bot
        self._boards: dict[int, str] = {}
        self._lock = asyncio.Lock()

    async def post_if_board_changed(self, campaign_id: int) -> bool:
        """Post the map if the board differs from the last one seen; True when posted."""
        try:
            async with self._lock:
                return await self._post_if_changed(campaign_id)
        except Exception:
            # A missing map must never stop the reports and prompts that follow it.
            log.exception("map of campaign %s not posted", campaign_id)
            return False

    async def _post_if_changed(self, campaign_id: int) -> bool:
        campaign = await self.bot.service.get_campaign(campaign_id)
        if campaign.status == "lobby" or campaign.channel_id is None:
            return False
        if not has_map(campaign.ruleset):
            return False
        view = await public_view_at(self.bot, campaign, campaign.seq)
        board = board_signature(campaign.ruleset, view)
        before = self._boards.get(campaign_id)
        if before is None and campaign.seq > 0:
            earlier = await public_view_at(self.bot, campaign, campaign.seq - 1)
            before = board_signature(campaign.ruleset, earlier)
        self._boards[campaign_id] = board
        if board == before:
            return False
        channel = await self.bot.channel_by_id(int(campaign.channel_id))
        if channel is None:
            return False
        png = await render_campaign_png(
            campaign.ruleset,
            view,
            campaign_id=campaign.id,
            seq=campaign.seq,
            language=campaign.language,
        )
        embed, file = map_message(
            png, campaign_id=campaign.id, seq=campaign.seq, language=campaign.language
        )
        await channel.send(embed=embed, file=file)
        return True
