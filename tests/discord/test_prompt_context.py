"""Each prompt message shows its deadline as a Discord timestamp and what the seat has that
matters for the choice, in the campaign's language (issue 13, "Prompts with their context").

Struggle of Empires: gold and population, and the actions left on one's own turn; Empires:
the power of each empire the player rules. Nothing of a seat's private view is shown: the
prompt message is public."""

from __future__ import annotations

import re

import pytest

from bot.services import CampaignService
from rulesets.struggle import STRUGGLE
from tests.discord.conftest import Table

DEADLINE = re.compile(r"<t:(\d+):R>")


async def open_campaign(t: Table, game: str, seats: list[str], language: str) -> int:
    service: CampaignService = t.bot.service
    campaign = await service.create_campaign(
        ruleset=game,
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        language=language,
        seed_hex="5c" * 32,
    )
    for seat, player in zip(seats, [t.alice, t.bob, t.carol], strict=False):
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    return campaign.id


async def due_of(service: CampaignService, campaign_id: int, seat: str) -> int:
    (waiting,) = [w for w in await service.schedule.waiting(campaign_id) if w.seat == seat]
    return waiting.due_unix


@pytest.mark.parametrize(
    ("language", "gold", "actions", "unrest"),
    [
        ("en", "gold: {}", "actions left: {}", "unrest"),
        ("fr", "or : {}", "actions restantes : {}", "agitation"),
    ],
)
async def test_a_struggle_prompt_shows_its_deadline_and_the_powers_gold(
    table: Table, language: str, gold: str, actions: str, unrest: str
) -> None:
    t = table
    service = t.bot.service
    campaign_id = await open_campaign(t, "struggle", ["GBR", "FRA", "PRU"], language)
    players = {"GBR": t.alice, "FRA": t.bob, "PRU": t.carol}
    for step in range(400):
        seq = (await service.get_campaign(campaign_id)).seq
        state = await service.state_at(campaign_id, seq)
        prompt = (await service.prompts(campaign_id))[0]
        if state.phase == "actions":  # type: ignore[attr-defined]
            break
        action = STRUGGLE.autopilot_action(state, prompt.seat, step)
        await service.submit(campaign_id, str(players[prompt.seat].id), action, seat=prompt.seat)
        await t.bot.courier.deliver_pending()
    seat = prompt.seat
    message = t.last_prompt_for(players[seat]).content
    assert [int(due) for due in DEADLINE.findall(message)] == [
        await due_of(service, campaign_id, seat)
    ]
    view = await service.public_view(campaign_id)
    assert gold.format(view["powers"][seat]["gold"]) in message
    assert actions.format(view["actions_left"]) in message
    assert unrest not in message.lower()  # hidden unrest is the owner's secret


@pytest.mark.parametrize(
    ("language", "power"), [("en", "power of {}: "), ("fr", "puissance {} : ")]
)
async def test_an_empires_prompt_names_each_ruled_empires_power(
    table: Table, language: str, power: str
) -> None:
    t = table
    service = t.bot.service
    campaign_id = await open_campaign(t, "empires", ["P1", "P2", "P3"], language)
    view = await service.public_view(campaign_id)
    first = (await service.prompts(campaign_id))[0].seat
    message = t.last_prompt_for({"P1": t.alice, "P2": t.bob, "P3": t.carol}[first]).content
    assert DEADLINE.search(message)
    ruled = [empire for empire, monarch in view["monarchs"].items() if monarch == first]
    of = {"en": {"PR": "Prussia"}, "fr": {"PR": "de la Prusse"}}
    shown = [line for line in message.splitlines() if power.split("{")[0] in line]
    assert len(shown) == 1 or not ruled
    for empire in ruled:
        strength = view["empires"][empire]["power"]
        assert f": {strength}" in shown[0] or f" : {strength}" in shown[0]
    if "PR" in ruled:
        assert of[language]["PR"] in shown[0]
