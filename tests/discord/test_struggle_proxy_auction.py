"""Sealed proxy bidding through Discord (issue 14): seven players in one channel settle the
first war's alliances; the bot posts fewer than half the bid prompts when the same bidders
register sealed maxima instead of raising one gold at a time."""

from __future__ import annotations

import pytest

from rulesets.struggle.state import StruggleState
from tests.discord.conftest import Table
from tests.struggle.helpers import SEVEN, value_bidder

pytestmark = pytest.mark.slow
BID_TEXTS = ("High bid:", "Nobody has bid yet", "Everybody passed")


async def bid_prompts_posted(t: Table, proxies: bool) -> int:
    """Play placement and the first war's auction in a channel of its own; count the bid
    prompts the bot posted there."""
    service = t.bot.service
    channel = t.guild.create_text_channel("sealed" if proxies else "open")
    campaign = await service.create_campaign(
        ruleset="struggle",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=channel.id,
        options={"sealed_proxy_bidding": proxies},
        seed_hex="7a" * 32,
    )
    names = [f"{name}-{channel.id}" for name in ("dave", "erin", "frank", "grace")]
    members = [t.alice, t.bob, t.carol, *(t.guild.add_member(t.env.create_user(n)) for n in names)]
    players = dict(zip(SEVEN, members, strict=True))
    for power, player in players.items():
        await player.slash(channel, "campaign join", seat=power)
    await t.alice.slash(channel, "campaign start")
    while True:
        state = await service.state_at(campaign.id, (await service.get_campaign(campaign.id)).seq)
        assert isinstance(state, StruggleState)
        if state.phase not in ("placement", "auction"):
            break
        if state.phase == "placement":
            prompt = (await service.prompts(campaign.id))[0]
            seat, action = prompt.seat, prompt.choices[0].instantiate()
        else:
            seat, action = value_bidder(state, proxies)
        await service.submit(campaign.id, str(players[seat].id), action, seat=seat)
        await t.bot.after_change(campaign.id)
    posted = channel.history(viewer=t.spectator)
    return sum(1 for message in posted if any(text in message.content for text in BID_TEXTS))


async def test_proxy_bids_halve_the_auction_prompts_posted(table: Table) -> None:
    open_bids = await bid_prompts_posted(table, proxies=False)
    sealed = await bid_prompts_posted(table, proxies=True)
    print(f"bid prompts posted in war 1 at 7 players: {open_bids} open, {sealed} with proxies")
    assert 0 < sealed * 2 < open_bids
