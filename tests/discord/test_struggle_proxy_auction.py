"""Sealed proxy bidding through Discord (issue 14): seven players in one channel, every bid
given with the prompt's button and the number modal. The bot shows fewer than half the bid
prompts when the same bidders register sealed maxima instead of raising one gold at a time.

The default suite plays placement and the first war's auction; the whole game (all three
wars, every other order by the autopilot) runs under `-m slow`."""

from __future__ import annotations

import pytest

from bot.services import CampaignService
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.discord.clicking import click_order
from tests.discord.conftest import Table, text_of
from tests.struggle.helpers import SEVEN, value_bidder

BID_TEXTS = ("High bid:", "Nobody has bid yet", "Everybody passed")
SEED = "7a" * 32


async def auction_prompts_shown(t: Table, *, proxies: bool, whole_game: bool) -> int:
    """Play a 7-player campaign in a channel of its own (the first war's auction, or the
    whole game); count the bid prompts the bot showed (posted, or shown in a turn's message
    edited in place)."""
    service: CampaignService = t.bot.service
    channel = t.guild.create_text_channel(f"{'sealed' if proxies else 'open'}-{whole_game}")
    campaign = await service.create_campaign(
        ruleset="struggle",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=channel.id,
        options={"sealed_proxy_bidding": proxies},
        seed_hex=SEED,
    )
    await service.moderation.set_maps(campaign.id, "on_demand", actor="test", reason="speed")
    names = [f"{name}-{channel.id}" for name in ("dave", "erin", "frank", "grace")]
    members = [t.alice, t.bob, t.carol, *(t.guild.add_member(t.env.create_user(n)) for n in names)]
    players = dict(zip(SEVEN, members, strict=True))
    for power, player in players.items():
        await player.slash(channel, "campaign join", seat=power)
    await t.alice.slash(channel, "campaign start")
    for step in range(20_000):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        assert isinstance(state, StruggleState)
        if not whole_game and state.phase not in ("placement", "auction"):
            break
        if state.phase == "auction":
            seat, action = value_bidder(state, proxies)
            answered = await click_order(service, channel, players[seat], campaign.id, seat, action)
            assert "Order accepted" in text_of(answered), text_of(answered)
        else:
            seat = (await service.prompts(campaign.id))[0].seat
            action = STRUGGLE.autopilot_action(state, seat, step)
            await service.submit(campaign.id, str(players[seat].id), action, seat=seat)
            await t.bot.courier.deliver_pending()
    if whole_game:
        assert (await service.get_campaign(campaign.id)).status == "finished"
    shown = await service.delivery.prompt_posts(campaign.id)
    return sum(1 for post in shown if any(text in post.content for text in BID_TEXTS))


async def test_proxy_bids_halve_the_first_wars_auction_prompts(table: Table) -> None:
    open_bids = await auction_prompts_shown(table, proxies=False, whole_game=False)
    sealed = await auction_prompts_shown(table, proxies=True, whole_game=False)
    print(f"bid prompts shown in war 1 at 7 players: {open_bids} open, {sealed} with proxies")
    assert 0 < sealed * 2 < open_bids


@pytest.mark.slow
async def test_proxy_bids_halve_a_whole_games_auction_prompts(table: Table) -> None:
    open_bids = await auction_prompts_shown(table, proxies=False, whole_game=True)
    sealed = await auction_prompts_shown(table, proxies=True, whole_game=True)
    print(f"bid prompts shown in a whole 7-player game: {open_bids} open, {sealed} with proxies")
    assert 0 < sealed * 2 < open_bids
