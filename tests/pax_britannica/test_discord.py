"""Pax Britannica campaigns through Discord (SimCord): four players join and start with
slash commands and give every order with `/play` (a fixed mix of the autopilot and random
legal choices), the map is posted, and the final record reaches the channel. Two turns in
the default suite; the whole peacetime game of ten turns (issue 19: "a whole peacetime game
through SimCord with 4 players") among the slow tests."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets.core import Prompt
from rulesets.pax_britannica import PAX
from tests.discord.conftest import Table, text_of
from tests.random_play import random_action

SEATS = ["britain", "france", "germany", "usa"]
STEPS_PER_TURN = 750


def policy_action(state: Any, prompt: Prompt, rng: random.Random, step: int) -> dict[str, Any]:
    if rng.random() < 0.3:
        return random_action(prompt, rng)
    return PAX.autopilot_action(state, prompt.seat, step)


@pytest.mark.parametrize("turns", [2, pytest.param(10, marks=pytest.mark.slow)])
async def test_a_pax_britannica_campaign_through_discord(table: Table, turns: int) -> None:
    t = table
    dave = t.guild.add_member(t.env.create_user("dave"))
    service = t.bot.service
    campaign = await service.create_campaign(
        ruleset="pax-britannica",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={"turns": turns},
        seed_hex="5a" * 32,
    )
    players = dict(zip(SEATS, [t.alice, t.bob, t.carol, dave], strict=True))
    for seat, player in players.items():
        joined = await player.slash(t.channel, "campaign join", seat=seat)
        assert not joined.ephemeral
    await t.alice.slash(t.channel, "campaign start")
    rng = random.Random(7)
    for step in range(STEPS_PER_TURN * turns):
        current = await service.get_campaign(campaign.id)
        if current.status == "finished":
            break
        state = await service.state_at(campaign.id, current.seq)
        prompts = await service.prompts(campaign.id)
        prompt = rng.choice(prompts)
        action = policy_action(state, prompt, rng, step)
        choice = prompt.find(action)
        assert choice is not None
        index = prompt.choices.index(choice)
        order = f"{current.seq}:{prompt.seat}:{index}"
        numbers = [int(action[name]) for name in choice.ranges]
        answered = await players[prompt.seat].slash(
            t.channel, "play", order=order, **({"number": numbers[0]} if numbers else {})
        )
        assert "Order accepted" in text_of(answered), text_of(answered)
        if step == 20:
            drawn = await t.spectator.slash(t.channel, "map")
            posted = drawn.followups[0] if drawn.followups else drawn.response
            assert posted is not None and posted.attachments
    finished = await service.get_campaign(campaign.id)
    assert finished.status == "finished"
    public = t.public_text()
    assert "Final scores" in public
    assert "pax." not in public
