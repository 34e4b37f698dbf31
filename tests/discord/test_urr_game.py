"""Ultima Ratio Regis through Discord: the referee's seat beside eight players, and a
refereed campaign of four players played with slash commands."""

from __future__ import annotations

import pytest

from bot.services import ServiceError
from tests.discord.conftest import Table

PLAYER_SEATS = [f"P{n}" for n in range(1, 9)]


async def test_the_referee_sits_beside_eight_players(table: Table) -> None:
    """3–8 players plus the referee: the REF seat does not count against the eight."""
    service = table.bot.service
    campaign = await service.create_campaign(
        ruleset="ultima-ratio-regis",
        creator_id=str(table.moderator.id),
        guild_id=table.guild.id,
        channel_id=table.channel.id,
        options={},
        seed_hex="ab" * 32,
    )
    users = [table.env.create_user(f"player{n}") for n in range(10)]
    for user, seat in zip(users, PLAYER_SEATS, strict=False):
        await service.join(campaign.id, str(user.id), user.name, seat)
    with pytest.raises(ServiceError) as refused:
        await service.join(campaign.id, str(users[8].id), users[8].name)
    assert refused.value.key == "service.error.campaign_full"
    assert await service.join(campaign.id, str(users[8].id), users[8].name, "REF") == "REF"
    with pytest.raises(ServiceError) as refused:
        await service.join(campaign.id, str(users[9].id), users[9].name)
    assert refused.value.key == "service.error.campaign_full"
    await service.start(campaign.id, str(table.moderator.id))
    state = await service.state_at(campaign.id, (await service.get_campaign(campaign.id)).seq)
    assert state.seats == [*PLAYER_SEATS, "REF"]
