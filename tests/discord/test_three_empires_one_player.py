"""One player holding three empires at once (issue 13's acceptance): every order of an
Empires campaign is given by clicking the prompt's button or typing `/play`, and each
order the bot carries out is the one clicked, for the empire whose prompt was clicked.

The campaign is played until two levy phases have passed in which one player places a
unit for three empires at once (seven levy prompts open together, three of them one
player's): the case where a click on the Habsburgs' message used to place Prussia's."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.discord.choices import seat_prompts
from bot.services import CampaignService
from rulesets.empires import EMPIRES
from rulesets.empires.state import EmpiresState
from tests.discord.clicking import click_order, prompt_message
from tests.discord.conftest import Table, text_of

SEATS = ["P1", "P2", "P3"]
SEED = f"{0:064x}"  # at this seed Player 2 levies for three empires in the first levy phase
LEVY_PHASES = 2
MAX_STEPS = 600


async def last_order(service: CampaignService, campaign_id: int) -> tuple[str | None, Any]:
    (entry,) = await service.history(campaign_id, limit=1)
    return entry.seat, entry.action


def units_of(state: EmpiresState, empire: str, region: str) -> int:
    return sum(1 for unit in state.units if (unit.empire, unit.region) == (empire, region))


async def test_every_click_of_a_player_holding_three_empires_is_the_order_applied(
    table: Table,
) -> None:
    t = table
    service = t.bot.service
    campaign = await service.create_campaign(
        ruleset="empires",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        seed_hex=SEED,
    )
    await service.moderation.set_maps(campaign.id, "on_demand", actor="test", reason="speed")
    players = dict(zip(SEATS, [t.alice, t.bob, t.carol], strict=True))
    for seat, player in players.items():
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")

    levy_phases = orders_checked = typed = 0
    for step in range(MAX_STEPS):
        if levy_phases == LEVY_PHASES:
            break
        seq = (await service.get_campaign(campaign.id)).seq
        prompts = await service.prompts(campaign.id)
        held = Counter(prompt.seat for prompt in prompts)
        seat, count = held.most_common(1)[0]
        if count < 3:
            state = await service.state_at(campaign.id, seq)
            seat = prompts[0].seat
            action = EMPIRES.autopilot_action(state, seat, step)
            answered = await click_order(
                service, t.channel, players[seat], campaign.id, seat, action
            )
            assert "Order accepted" in text_of(answered), text_of(answered)
            assert await last_order(service, campaign.id) == (seat, action)
            orders_checked += 1
            continue
        # One player, three (or more) prompts at once: each its own message; answered from
        # the last to the first with the last choice of each, the middle one typed.
        player = players[seat]
        assert len(t.prompts_for(player)) >= count
        for number in reversed(range(count)):
            prompt = seat_prompts(await service.prompts(campaign.id), seat)[number]
            empire = str(prompt.choices[0].action["empire"])
            message = await prompt_message(service, t.channel, player, campaign.id, seat, number)
            assert str(prompt.text.params["empire"]) == empire
            index = len(prompt.choices) - 1
            action = prompt.choices[index].instantiate()
            before = await service.state_at(
                campaign.id, (await service.get_campaign(campaign.id)).seq
            )
            assert isinstance(before, EmpiresState)
            if number == 1:
                offered = await player.autocomplete(t.channel, "play", "order", "")
                current = (await service.get_campaign(campaign.id)).seq
                value = f"{current}:{seat}:{number}:{index}"
                assert value in [choice["value"] for choice in offered]
                answered = await player.slash(t.channel, "play", order=value)
                typed += 1
            else:
                answered = await click_order(service, t.channel, player, campaign.id, seat, action)
            assert message.components  # the prompt was live on its own message
            assert "Order accepted" in text_of(answered), text_of(answered)
            assert await last_order(service, campaign.id) == (seat, action)
            after = await service.state_at(
                campaign.id, (await service.get_campaign(campaign.id)).seq
            )
            assert isinstance(after, EmpiresState)
            region = str(action["region"])
            assert units_of(after, empire, region) == units_of(before, empire, region) + 1
            orders_checked += 1
        levy_phases += 1
    assert levy_phases == LEVY_PHASES, f"only {levy_phases} levy phases in {MAX_STEPS} steps"
    assert typed == LEVY_PHASES and orders_checked > 50
