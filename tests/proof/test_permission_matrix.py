"""Who may do what, as a matrix: every moderator-only and seat-only operation tried by the
seat's holder, another player, a spectator, an outsider and a moderator.

Moderator checks live in the adapter (`bot/discord/access.py` and the /admin group's
`interaction_check`); seat checks live in the services. SimCord drives the same rules
through real commands in `tests/discord/test_permissions.py`.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from unittest.mock import MagicMock

import discord
import pytest

from bot.discord.access import (
    campaign_in_scope,
    is_moderator,
    require_creator_or_moderator,
    require_moderator,
)
from bot.discord.choices import PromptSlot
from bot.discord.cogs.admin import Admin
from bot.discord.components import button_id
from bot.discord.errors import Refusal
from bot.services import CampaignService, ServiceError
from tests.proof.crash_plan import USERS
from tests.proof.fake_interaction import UNEXPECTED, click, offline_bot
from tests.proof.tables import GUILD, fingerprint, mini_table

MODERATOR_ID, SPECTATOR_ID, OUTSIDER_ID, ROLE_MODERATOR_ID = 4001, 4002, 4003, 4004
ROLES = ("holder", "other_player", "spectator", "outsider", "moderator", "role_moderator")


def member(user_id: int, *, manage_guild: bool = False, role: str | None = None) -> Any:
    fake = MagicMock(spec=discord.Member)
    fake.id = user_id
    fake.mention = f"<@{user_id}>"
    fake.guild_permissions = discord.Permissions(manage_guild=manage_guild)
    fake.roles = [SimpleNamespace(name=role)] if role else []
    return fake


def user_of(role: str) -> Any:
    """The Discord user behind each role: red holds the seat in question, blue another."""
    if role == "holder":
        return member(int(USERS["red"]))
    if role == "other_player":
        return member(int(USERS["blue"]))
    if role == "spectator":
        return member(SPECTATOR_ID)
    if role == "outsider":  # not a member of the guild at all (a DM, another server)
        fake = MagicMock(spec=discord.User)
        fake.id = OUTSIDER_ID
        return fake
    if role == "moderator":
        return member(MODERATOR_ID, manage_guild=True)
    return member(ROLE_MODERATOR_ID, role="Courier Moderator")


def interaction_as(bot: Any, role: str, guild_id: int = GUILD) -> Any:
    return SimpleNamespace(
        client=bot, user=user_of(role), guild_id=guild_id, channel_id=None, locale=None
    )


MODERATORS = {"moderator", "role_moderator"}


@pytest.mark.parametrize("role", ROLES)
async def test_moderator_checks(service: CampaignService, role: str) -> None:
    bot = offline_bot(service)
    bot.moderator_role = "Courier Moderator"
    interaction = interaction_as(bot, role)
    allowed = role in MODERATORS
    assert is_moderator(bot, interaction) is allowed
    if allowed:
        require_moderator(bot, interaction)
        assert await Admin(bot).interaction_check(interaction)
    else:
        with pytest.raises(Refusal, match="moderators_only"):
            require_moderator(bot, interaction)
        with pytest.raises(Refusal, match="moderators_only"):
            await Admin(bot).interaction_check(interaction)


@pytest.mark.parametrize("role", ROLES)
async def test_creator_or_moderator_checks(service: CampaignService, role: str) -> None:
    bot = offline_bot(service)
    bot.moderator_role = "Courier Moderator"
    campaign = await service.get_campaign(await mini_table(service))  # red created it
    interaction = interaction_as(bot, role)
    if role in {"holder", *MODERATORS}:
        require_creator_or_moderator(bot, interaction, campaign)
    else:
        with pytest.raises(Refusal, match="creator_or_moderator"):
            require_creator_or_moderator(bot, interaction, campaign)


@pytest.mark.parametrize("role", ROLES)
async def test_a_campaign_of_another_server_is_unknown_to_everyone(
    service: CampaignService, role: str
) -> None:
    bot = offline_bot(service)
    elsewhere = await mini_table(service, guild=GUILD + 1)
    with pytest.raises(Refusal, match="unknown_campaign"):
        await campaign_in_scope(bot, interaction_as(bot, role), elsewhere)


def _user_id(role: str) -> str:
    return str(user_of(role).id)


@pytest.mark.parametrize("role", ROLES)
async def test_only_the_holder_may_order_for_a_seat(service: CampaignService, role: str) -> None:
    campaign_id = await mini_table(service)
    before = await fingerprint(service, campaign_id)
    bid = {"type": "bid", "amount": 3}
    if role == "holder":
        report = await service.submit(campaign_id, _user_id(role), bid, seat="red")
        assert report.seq == 1
        return
    with pytest.raises(ServiceError) as refused:
        await service.submit(campaign_id, _user_id(role), bid, seat="red")
    expected = "not_your_seat" if role == "other_player" else "no_seat"
    assert refused.value.key == f"service.error.{expected}"
    with pytest.raises(ServiceError):
        await service.submit(campaign_id, _user_id(role), bid)  # their own seat, if any
    assert await fingerprint(service, campaign_id) == before


@pytest.mark.parametrize("role", ROLES)
async def test_only_the_holder_may_click_the_seats_buttons(
    service: CampaignService, role: str
) -> None:
    campaign_id = await mini_table(service)
    before = await fingerprint(service, campaign_id)
    told = await click(
        service, button_id(PromptSlot(campaign_id, 0, "red"), 0), _user_id(role), "0"
    )
    assert told and UNEXPECTED not in told
    if role == "holder":
        assert (await service.get_campaign(campaign_id)).seq == 1
    else:
        assert await fingerprint(service, campaign_id) == before


@pytest.mark.parametrize("role", ROLES)
async def test_only_the_holder_sees_the_seats_private_view(
    service: CampaignService, role: str
) -> None:
    campaign_id = await mini_table(service)
    if role == "holder":
        view = await service.private_view(campaign_id, _user_id(role), seat="red")
        assert view["you"]["seat"] == "red"
        return
    with pytest.raises(ServiceError):
        await service.private_view(campaign_id, _user_id(role), seat="red")
    if role == "other_player":  # their own view never holds red's secrets
        own = await service.private_view(campaign_id, _user_id(role))
        assert own["you"]["seat"] == "blue"


@pytest.mark.parametrize("role", ROLES)
async def test_only_a_seated_player_may_leave_the_lobby(
    service: CampaignService, role: str
) -> None:
    info = await service.create_campaign(
        ruleset="mini", creator_id=USERS["red"], guild_id=GUILD, channel_id=1, options={}
    )
    await service.join(info.id, USERS["red"], "Red", "red")
    await service.join(info.id, USERS["blue"], "Blue", "blue")
    if role in ("holder", "other_player"):
        await service.leave(info.id, _user_id(role))
        assert len(await service.holders(info.id)) == 1
        return
    with pytest.raises(ServiceError, match="no_seat"):
        await service.leave(info.id, _user_id(role))
    assert len(await service.holders(info.id)) == 2
