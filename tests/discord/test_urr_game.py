"""Ultima Ratio Regis through Discord: the referee's seat beside eight players, and a
refereed campaign of four players played with slash commands."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.i18n import translate
from bot.services import CampaignInfo, ServiceError
from rulesets.ultima_ratio_regis.state import UrrState
from tests.discord.conftest import Table, text_of
from tests.ultima_ratio_regis.steering import steer

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


CAMPAIGN_SEED = 0  # a two-turn campaign of the steering player that meets every combat
# (found with the pure engine; a rules change that moves the game may need another seed)
COMBAT_KINDS = {"land", "naval", "piracy", "siege", "submission"}
MAX_STEPS = 1_500


async def four_players_and_a_referee(t: Table) -> tuple[CampaignInfo, dict[str, Any]]:
    """A two-turn campaign of the steering seed, its four players and referee seated by
    /campaign join and started: the campaign and each seat's member."""
    campaign = await t.bot.service.create_campaign(
        ruleset="ultima-ratio-regis",
        creator_id=str(t.moderator.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={"campaign_turns": 2},
        seed_hex=f"{CAMPAIGN_SEED:064x}",
    )
    dave = t.guild.add_member(t.env.create_user("dave"))
    actors = {"P1": t.alice, "P2": t.bob, "P3": t.carol, "P4": dave, "REF": t.moderator}
    for seat, actor in actors.items():
        await actor.slash(t.channel, "campaign join", seat=seat)
    await t.moderator.slash(t.channel, "campaign start")
    return campaign, actors


# Thousands of steps through SimCord (minutes of CPU): in the slow run, with the other
# whole games.
@pytest.mark.slow
async def test_a_refereed_campaign_of_four_players_through_discord(table: Table) -> None:
    """Four players and a referee give every order with /play (a hand's cards among them,
    privately); two whole turns meet every kind of combat, a capitulation, a war ended
    with reparations and the end-of-turn procedure; no held card reaches the channel."""
    t = table
    service = t.bot.service
    campaign, actors = await four_players_and_a_referee(t)
    assert t.prompts_for(t.moderator), "the referee's first input is a prompt in the channel"

    rng = random.Random(CAMPAIGN_SEED)
    answered_by_referee: set[str] = set()
    cards_played_by_slash = 0
    shown: dict[int, str] = {}
    for _ in range(MAX_STEPS):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        assert isinstance(state, UrrState)
        _no_held_card_in_new_public_text(t, state, shown)
        prompt = rng.choice(await service.prompts(campaign.id))
        action = steer(prompt, rng)
        choice = prompt.find(action)
        assert choice is not None
        mine = [p for p in await service.prompts(campaign.id) if p.seat == prompt.seat]
        order = f"{current.seq}:{prompt.seat}:{mine.index(prompt)}:{prompt.choices.index(choice)}"
        numbers = [int(action[name]) for name in choice.ranges]
        answered = await actors[prompt.seat].slash(
            t.channel, "play", order=order, **({"number": numbers[0]} if numbers else {})
        )
        assert "Order accepted" in text_of(answered), text_of(answered)
        if prompt.seat == "REF":
            answered_by_referee.add(prompt.kind)
        if action["type"] == "play_card":
            assert answered.response is not None and answered.response.ephemeral
            cards_played_by_slash += 1

    finished = await service.get_campaign(campaign.id)
    assert finished.status == "finished"
    history = await service.history(campaign.id, limit=100_000, before_seq=None)
    events = [event for entry in history for event in entry.events]
    keys = {event.key for event in events}
    opened = {
        str(event.params["kind"]).removeprefix("urr_kind_")
        for event in events
        if event.key == "urr.event.combat_opened"
    }
    assert opened == COMBAT_KINDS
    assert {"urr.event.capitulation", "urr.event.reparation", "urr.event.war_over"} <= keys
    assert {"urr.event.expenses", "urr.event.vp", "urr.event.turn_over"} <= keys
    assert cards_played_by_slash >= 8
    assert {
        "assign_power",
        "begin_turn",
        "order",
        "declare_winner",
        "set_budget",
        "enter_expenses",
        "award_vp",
    } <= answered_by_referee


def _no_held_card_in_new_public_text(t: Table, state: UrrState, shown: dict[int, str]) -> None:
    """What the channel shows anew (posted or edited since the last look) names no card
    that sits in a hand: a card's name is public only once it is played."""
    held = {card for hand in state.hands.values() for card in hand}
    names = [
        re.compile(rf"\b{re.escape(translate(f'name.{card}', language))}\b")
        for card in held
        for language in ("en", "fr")
    ]
    for message in t.public_messages():
        text = message.content + "".join(str(embed.to_dict()) for embed in message.embeds)
        text += "".join(repr(row.to_dict()) for row in message.components)
        if shown.get(message.id) == text:
            continue
        shown[message.id] = text
        leaked = [name.pattern for name in names if name.search(text)]
        assert not leaked, (leaked, text[:300])


def _cards_posted(t: Table) -> list[str]:
    """The battle report cards in the channel, by file name (step-<seq>-<n>.png)."""
    return [
        attachment.filename
        for message in t.public_messages()
        for attachment in message.attachments
        if attachment.filename.startswith("step-")
    ]


async def test_a_battle_report_card_is_posted_once_after_a_combat(table: Table) -> None:
    """The steering campaign's first orders resolve two combats among steps that resolve
    none: after each order, the channel holds one card per combat resolved so far, posted
    after that step's report, and no card for any other step."""
    t = table
    service = t.bot.service
    campaign, actors = await four_players_and_a_referee(t)
    rng = random.Random(CAMPAIGN_SEED)
    resolved: list[int] = []
    for _ in range(20):
        prompt = rng.choice(await service.prompts(campaign.id))
        action = steer(prompt, rng)
        holder = str(actors[prompt.seat].id)
        result = await service.submit(campaign.id, holder, action, seat=prompt.seat)
        await t.bot.courier.deliver_pending()
        if any(event.key == "urr.event.dice" for event in result.events):
            resolved.append(result.seq)
        assert _cards_posted(t) == [f"step-{seq}-1.png" for seq in resolved]
    assert 1 <= len(resolved) < 20
