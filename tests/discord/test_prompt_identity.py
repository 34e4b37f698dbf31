"""A click or a typed order carries out the prompt it was made on (issue 13).

Two cases seen in play: one seat holding several prompts at once (a click on the second
prompt executed the first one's choice), and one player holding two seats after a
moderator's replacement (every click on the second seat's prompt was refused).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rulesets import registry
from tests.discord.conftest import Table, button_labels, open_mini_campaign, text_of
from tests.fixtures.twin_game import TWIN


@pytest.fixture
def twin_registered() -> Iterator[None]:
    registry.register(TWIN)
    yield
    registry._RULESETS.pop(TWIN.name, None)


async def _twin_campaign(t: Table) -> int:
    await t.alice.slash(t.channel, "campaign create", game="twin")
    campaign = await t.bot.service.campaign_for_channel(t.channel.id)
    assert campaign is not None
    await t.alice.slash(t.channel, "campaign join", seat="red")
    await t.alice.slash(t.channel, "campaign start")
    return campaign.id


async def _orders(t: Table, campaign_id: int) -> dict[str, str]:
    campaign = await t.bot.service.get_campaign(campaign_id)
    state = await t.bot.service.state_at(campaign_id, campaign.seq)
    return dict(state.orders)  # type: ignore[attr-defined]


@pytest.mark.usefixtures("twin_registered")
async def test_a_click_on_a_seats_second_prompt_carries_out_that_prompt(table: Table) -> None:
    t = table
    campaign_id = await _twin_campaign(t)
    north, south = t.prompts_for(t.alice)
    assert "north" in north.content.lower() or "twin.prompt.north" in north.content
    clicked = await t.alice.click(south, custom_id=south.components[0].children[1].custom_id)
    assert "Order accepted" in text_of(clicked)
    assert await _orders(t, campaign_id) == {"south": "advance"}


@pytest.mark.usefixtures("twin_registered")
async def test_play_offers_every_pending_prompt_of_the_seat(table: Table) -> None:
    t = table
    campaign_id = await _twin_campaign(t)
    offered = await t.alice.autocomplete(t.channel, "play", "order", "")
    assert len(offered) == 4  # two choices on each of the two fronts
    south_advance = [o for o in offered if o["value"].endswith(":1:1")]
    assert len(south_advance) == 1
    await t.alice.slash(t.channel, "play", order=south_advance[0]["value"])
    assert await _orders(t, campaign_id) == {"south": "advance"}
    # The north front is still open, and answered by its own order.
    offered = await t.alice.autocomplete(t.channel, "play", "order", "")
    assert len(offered) == 2
    await t.alice.slash(t.channel, "play", order=offered[0]["value"])
    assert await _orders(t, campaign_id) == {"south": "advance", "north": "hold"}


async def test_a_player_holding_two_seats_answers_each_seats_prompt(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    replaced = await t.moderator.slash(
        t.channel, "admin replace", seat="blue", player=t.alice, reason="bob left"
    )
    assert replaced.ephemeral
    opening = t.last_prompt_for(t.alice)
    await t.alice.click(opening, label="pass")  # red passes; blue must answer next
    blue_prompt = t.last_prompt_for(t.alice)
    assert button_labels(blue_prompt)
    answered = await t.alice.click(blue_prompt, label=button_labels(blue_prompt)[0])
    assert "Order accepted" in text_of(answered), text_of(answered)
    campaign = await t.bot.service.get_campaign(campaign_id)
    assert campaign.seq >= 2
