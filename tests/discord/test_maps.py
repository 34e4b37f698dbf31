"""The map in the channel: posted after a move that changes the board and not after one that
does not; /map at an earlier step, /map timeline as an animated GIF, and their refusals."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import discord
import simcord
from PIL import Image

from bot.discord.delivery import OutboxCourier
from bot.services import open_service
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.discord.conftest import Table, seated_campaign, text_of


async def _open_struggle(t: Table) -> int:
    """alice (Great Britain) and bob (France) start a two-player Struggle of Empires."""
    campaign = await t.bot.service.create_campaign(
        ruleset="struggle",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        seed_hex="ab" * 32,
    )
    await t.alice.slash(t.channel, "campaign join", seat="GBR")
    await t.bob.slash(t.channel, "campaign join", seat="FRA")
    await t.alice.slash(t.channel, "campaign start")
    return campaign.id


def _maps_posted(t: Table) -> list[discord.Message]:
    return [
        message
        for message in t.public_messages()
        if any(attachment.filename == "map.png" for attachment in message.attachments)
    ]


def _file(t: Table, result: simcord.InteractionResult, name: str) -> bytes:
    posted = result.followups[0] if result.followups else result.response
    assert posted is not None
    attachment = next(a for a in posted.attachments if a.filename == name)
    data = t.env.backend.cdn.get(attachment.url)
    assert data is not None
    return data


async def _play_autopilot(t: Table, campaign_id: int, seat: str) -> None:
    """One move of `seat` chosen by the autopilot, published as an order would be."""
    service = t.bot.service
    state = await service.state_at(campaign_id, (await service.get_campaign(campaign_id)).seq)
    assert isinstance(state, StruggleState)
    action: dict[str, Any] = STRUGGLE.autopilot_action(state, seat, 0)
    user = t.alice if seat == "GBR" else t.bob
    await service.submit(campaign_id, str(user.id), action, seat=seat)
    await t.bot.courier.deliver_pending()


async def test_set_up_placements_get_one_map_when_they_end_and_a_bid_none(table: Table) -> None:
    t = table
    campaign_id = await _open_struggle(t)
    assert len(_maps_posted(t)) == 1  # the starting board

    # The first placement, chosen in the prompt's select menu, puts an army on the board,
    # but set-up goes on: no map for it.
    prompt = (await t.bot.service.prompts(campaign_id))[0]
    assert prompt.kind == "place_unit" and prompt.seat == "GBR"
    menu = f"courier:s:{campaign_id}:0:GBR:0:0"
    picked = await t.alice.select(t.last_prompt_for(t.alice), ["0"], custom_id=menu)
    assert "Order accepted" in text_of(picked)
    assert len(_maps_posted(t)) == 1

    placements = 1
    while (await t.bot.service.prompts(campaign_id))[0].kind == "place_unit":
        await _play_autopilot(t, campaign_id, (await t.bot.service.prompts(campaign_id))[0].seat)
        placements += 1
    # Set-up is over: one map of the whole opening board, before the first bid's prompt.
    assert placements > 2
    assert len(_maps_posted(t)) == 2
    # The map sits in the first bid's prompt message, right above its buttons.
    last = t.public_messages()[-1]
    assert last.components and last.attachments[0].filename == "map.png"

    # A bid moves nothing on the board: no new map.
    bidder = (await t.bot.service.prompts(campaign_id))[0]
    assert bidder.kind == "bid"
    user = t.alice if bidder.seat == "GBR" else t.bob
    await t.bot.service.submit(campaign_id, str(user.id), {"type": "pass_bid"}, seat=bidder.seat)
    await t.bot.courier.deliver_pending()
    assert len(_maps_posted(t)) == 2


async def test_map_at_an_earlier_step_and_the_timeline(table: Table) -> None:
    t = table
    campaign_id = await _open_struggle(t)
    for _ in range(4):
        await _play_autopilot(t, campaign_id, (await t.bot.service.prompts(campaign_id))[0].seat)

    now = _file(t, await t.carol.slash(t.channel, "map"), "map.png")
    start = _file(t, await t.carol.slash(t.channel, "map", at=0), "map.png")
    assert now.startswith(b"\x89PNG") and start.startswith(b"\x89PNG")
    assert start != now

    gif = _file(t, await t.carol.slash(t.channel, "map", timeline=True), "timeline.gif")
    with Image.open(io.BytesIO(gif)) as animation:
        assert animation.format == "GIF" and getattr(animation, "n_frames", 1) > 1


async def test_map_refusals_are_sentences(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini")
    early = await t.carol.slash(t.channel, "map")
    assert early.ephemeral and "has not started yet" in text_of(early)
    await t.alice.slash(t.channel, "campaign join", seat="red")
    await t.bob.slash(t.channel, "campaign join", seat="blue")
    await t.alice.slash(t.channel, "campaign start")
    for seq in (-1, 99):
        refused = await t.carol.slash(t.channel, "map", at=seq)
        assert refused.ephemeral and f"There is no step {seq}" in text_of(refused)
    no_art = await t.carol.slash(t.channel, "map", timeline=True)
    assert no_art.ephemeral and "no drawn map" in text_of(no_art)
    no_close_up = await t.carol.slash(t.channel, "map", region="red")
    assert no_close_up.ephemeral and "no close-up to show" in text_of(no_close_up)
    assert await t.carol.autocomplete(t.channel, "map", "region", "") == []


async def test_a_map_queued_before_a_restart_is_posted_once_after_it(
    table: Table, database: Path
) -> None:
    t = table
    campaign_id = await _open_struggle(t)
    maps_before = len(_maps_posted(t))
    # Another process (a console on the same file) plays the set-up placements through: the
    # bot is not told, as if it had crashed between the commit and the posting of the map.
    other = await open_service(database)
    try:
        while (prompt := (await other.prompts(campaign_id))[0]).kind == "place_unit":
            seq = (await other.get_campaign(campaign_id)).seq
            state = await other.state_at(campaign_id, seq)
            assert isinstance(state, StruggleState)
            action: dict[str, Any] = STRUGGLE.autopilot_action(state, prompt.seat, 0)
            user = t.alice if prompt.seat == "GBR" else t.bob
            await other.submit(campaign_id, str(user.id), action, seat=prompt.seat)
    finally:
        await other.close()
    assert len(_maps_posted(t)) == maps_before
    restarted = OutboxCourier(t.bot)
    await restarted.deliver_pending()
    await restarted.deliver_pending()
    assert len(_maps_posted(t)) == maps_before + 1


async def test_a_posted_map_shows_what_the_step_changed_and_who_acts_next(
    table: Table, monkeypatch: Any
) -> None:
    """The delivery draws a step's map against the step before, with the seats awaited
    next and each seat's player named (issue 21's story on the posted maps)."""
    t = table
    drawn: list[dict[str, Any]] = []
    import bot.discord.maps as maps

    real = maps.render_campaign_png

    async def spy(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(kwargs)
        return await real(*args, **kwargs)

    monkeypatch.setattr(maps, "render_campaign_png", spy)
    campaign_id = await _open_struggle(t)
    while (prompt := (await t.bot.service.prompts(campaign_id))[0]).kind == "place_unit":
        await _play_autopilot(t, campaign_id, prompt.seat)
    set_up = drawn[-1]  # the map that ends set-up
    assert len(drawn) == 2
    assert set_up["seq"] == (await t.bot.service.get_campaign(campaign_id)).seq
    assert set_up["previous_view"] is not None
    assert set_up["awaited"] == [prompt.seat]
    assert set_up["labels"]["seat.GBR"] == "alice"
    assert drawn[0]["previous_view"] is None  # the starting board has no step before it


async def test_map_region_offers_the_regions_by_name_and_crops_a_close_up(table: Table) -> None:
    t = table
    await _open_struggle(t)
    offered = await t.carol.autocomplete(t.channel, "map", "region", "euro")
    # Central Europe's name and the whole of Europe (an area), by their names, not their ids.
    assert {choice["name"] for choice in offered} == {"Europe", "Central Europe"}
    assert offered[0]["name"] == "Europe"  # a name that starts with what was typed first
    central = next(choice for choice in offered if choice["name"] == "Central Europe")

    result = await t.carol.slash(t.channel, "map", region=central["value"])
    close_up = Image.open(io.BytesIO(_file(t, result, "map.png")))
    whole = Image.open(io.BytesIO(_file(t, await t.carol.slash(t.channel, "map"), "map.png")))
    assert close_up.width * close_up.height < whole.width * whole.height / 4
    assert "Central Europe: campaign" in text_of(result)

    # Typed out in full, in another case, without picking from the list: the same close-up.
    typed = await t.carol.slash(t.channel, "map", region="the americas")
    americas = Image.open(io.BytesIO(_file(t, typed, "map.png")))
    assert americas.height > americas.width  # the tall inset of the Americas
    assert "The Americas: campaign" in text_of(typed)


async def test_map_region_refuses_a_name_the_map_does_not_know_in_words(table: Table) -> None:
    t = table
    await _open_struggle(t)
    refused = await t.carol.slash(t.channel, "map", region="Atlantis")
    assert refused.ephemeral
    assert "The map has no region or area called “Atlantis”" in text_of(refused)
    assert "Europe, The Americas, The Indies" in text_of(refused)


async def test_map_legend_posts_the_key_apart_and_the_map_keeps_one_line(table: Table) -> None:
    t = table
    await _open_struggle(t)
    plain = _file(t, await t.carol.slash(t.channel, "map"), "map.png")
    result = await t.carol.slash(t.channel, "map", legend=True)
    keyed = Image.open(io.BytesIO(_file(t, result, "map.png")))
    key = Image.open(io.BytesIO(_file(t, result, "legend.png")))
    full = Image.open(io.BytesIO(plain))
    assert keyed.size == full.size and keyed.tobytes() != full.tobytes()
    assert key.height > 200  # every row of the key, which the map no longer carries


async def test_pax_britannica_close_ups_of_its_continents_are_offered_by_map_region(
    table: Table,
) -> None:
    """Issue 19: "regional close-ups (Africa, Asia, the Americas) available through /map
    region:"."""
    t = table
    players = {"britain": t.alice, "france": t.bob, "germany": t.carol}
    players["usa"] = t.guild.add_member(t.env.create_user("dave"))
    await seated_campaign(t, "pax-britannica", players)
    offered = await t.carol.autocomplete(t.channel, "map", "region", "afr")
    assert offered[0]["name"] == "Africa"  # the continent first, then areas such as Namibia's
    result = await t.carol.slash(t.channel, "map", region=offered[0]["value"])
    close_up = Image.open(io.BytesIO(_file(t, result, "map.png")))
    whole = Image.open(io.BytesIO(_file(t, await t.carol.slash(t.channel, "map"), "map.png")))
    assert close_up.width * close_up.height < whole.width * whole.height / 2
    assert "Africa: campaign" in text_of(result)
