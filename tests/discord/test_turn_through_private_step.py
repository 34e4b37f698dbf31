"""One turn, one message through a private sub-step (issue 22): an Ultima Ratio Regis
player's impulse shows its free actions in the channel, then asks for a card of the hand
by DM, then the power actions in the channel again. The card's report and the following
prompt go in the turn's channel message, which nothing was posted after, instead of a
post each; /admin undo takes the card's report out of it again."""

from __future__ import annotations

from typing import Any

import simcord

from rulesets import registry
from tests.discord.conftest import Table, seated_campaign

SEATS = ["P1", "P2", "P3"]
MAX_STEPS = 40


async def _refereed_campaign(t: Table) -> tuple[int, dict[str, simcord.MemberActor]]:
    players = dict(zip(SEATS, [t.alice, t.bob, t.carol], strict=True))
    players["REF"] = t.guild.add_member(t.env.create_user("erin"))
    campaign_id = await seated_campaign(t, "ultima-ratio-regis", players)
    return campaign_id, players


async def _step(t: Table, campaign_id: int, players: dict[str, Any], pick: int) -> Any:
    """Play the first open prompt with the autopilot's choice; the prompt played."""
    service = t.bot.service
    current = await service.get_campaign(campaign_id)
    state = await service.state_at(campaign_id, current.seq)
    prompt = (await service.prompts(campaign_id))[0]
    action = registry.get("ultima-ratio-regis").autopilot_action(state, prompt.seat, pick)
    await service.submit(campaign_id, str(players[prompt.seat].id), action, seat=prompt.seat)
    await t.bot.courier.deliver_pending()
    return prompt


async def _up_to_a_private_card(
    t: Table, campaign_id: int, players: dict[str, Any]
) -> tuple[str, Any]:
    """Play until a player's card is asked by DM; its seat and the prompt."""
    service = t.bot.service
    for pick in range(MAX_STEPS):
        upcoming = (await service.prompts(campaign_id))[0]
        if upcoming.private and upcoming.seat != "REF":
            return upcoming.seat, upcoming
        await _step(t, campaign_id, players, pick)
    raise AssertionError("no private prompt in the first impulse")


async def test_a_private_card_stays_in_the_turns_channel_message(table: Table) -> None:
    t = table
    campaign_id, players = await _refereed_campaign(t)
    service = t.bot.service
    seat, _ = await _up_to_a_private_card(t, campaign_id, players)
    player = players[seat]
    before = t.public_messages()
    turn = before[-1]
    assert player.mention in turn.content and turn.components == []  # closed: its card is by DM
    told = len(turn.embeds)

    played = await _step(t, campaign_id, players, MAX_STEPS)

    assert played.seat == seat and played.private
    after = t.public_messages()
    assert [m.id for m in after] == [m.id for m in before]  # no post of its own
    turn = after[-1]
    assert len(turn.embeds) == told + 1  # the card's report, in the turn's message
    assert "plays card" in (turn.embeds[-1].description or "")
    next_prompt = (await service.prompts(campaign_id))[0]
    assert next_prompt.seat == seat and not next_prompt.private
    assert turn.components  # the power actions' buttons, in the same message
    assert "power action" in turn.content and "~~" not in turn.content


async def test_an_undone_card_leaves_the_turns_channel_message(table: Table) -> None:
    t = table
    campaign_id, players = await _refereed_campaign(t)
    await _up_to_a_private_card(t, campaign_id, players)
    await _step(t, campaign_id, players, MAX_STEPS)
    turn = t.public_messages()[-1]
    card_report = turn.embeds[-1].title
    assert "plays card" in (turn.embeds[-1].description or "")

    await t.moderator.slash(t.channel, "admin undo", reason="a slip")
    await t.bot.courier.deliver_pending()

    shown = next(message for message in t.public_messages() if message.id == turn.id)
    assert card_report not in [embed.title for embed in shown.embeds]
    assert (await t.bot.service.prompts(campaign_id))[0].private  # the card is asked again
