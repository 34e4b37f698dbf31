"""Recaps (issue 22): the step that ends a period of a game writes one recap (standings then
and now, each seat's orders and missed deadlines) above the next prompts, and the last step
a summary of each player's record (orders, median time to act, misses, dice luck)."""

from __future__ import annotations

import pytest

from bot.services import CampaignService, FakeClock
from bot.services.outbox import PromptsOpened, Recap, Report, parse_message
from bot.services.recaps import RECAPS, RecapSpec
from tests.services.conftest import BLUE, RED, started_table

# Recaps are outbox rows written with the step, which both stores already test.
SQLITE_ONLY = True


@pytest.fixture(autouse=True)
def mini_recaps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mini game's periods are its phases; its standings, the coins."""
    spec = RecapSpec("phase", lambda view: dict(view["coins"]), "vp")
    monkeypatch.setitem(RECAPS, "mini", spec)


async def _messages(service: CampaignService, campaign_id: int) -> list[object]:
    return [parse_message(row.payload) for row in await service.store.campaign_outbox(campaign_id)]


async def test_the_step_that_ends_a_period_writes_its_recap_above_the_prompts(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    assert not [m for m in await _messages(service, campaign_id) if isinstance(m, Recap)]
    await service.submit(campaign_id, BLUE, {"type": "pass"})  # the auction ends
    messages = await _messages(service, campaign_id)
    [recap] = [m for m in messages if isinstance(m, Recap)]
    assert recap.key == "recap.title.phase"
    assert recap.params == {
        "number": "auction",
        "campaign": campaign_id,
        "seq": 2,
        "standings": {"red": 7, "blue": 10},
    }
    standings = [line["params"] for line in recap.lines if line["key"] == "recap.standing.vp"]
    assert standings == [
        {"name": "blue", "value": 10, "change": 0},
        {"name": "red", "value": 7, "change": -3},
    ]
    seats = [line["params"] for line in recap.lines if line["key"] == "recap.seat"]
    assert seats == [
        {"seat": "red", "orders": 1, "missed": 0},
        {"seat": "blue", "orders": 1, "missed": 0},
    ]
    assert recap.lines[-1]["key"] == "recap.on_time"
    # Written with the step: after its report, before its prompts.
    at = messages.index(recap)
    assert isinstance(messages[at - 1], Report) and messages[at - 1].seq == 2  # type: ignore[attr-defined]
    assert isinstance(messages[at + 1], PromptsOpened)


async def test_the_last_step_sums_every_player_s_record_up(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started_table(service)
    for user, action, minutes in [
        (RED, {"type": "bid", "amount": 3}, 60),
        (BLUE, {"type": "pass"}, 10),
        (RED, {"type": "call", "side": "high"}, 120),
        (BLUE, {"type": "call", "side": "low"}, 30),
    ]:
        clock.advance(minutes=minutes)
        await service.submit(campaign_id, user, action)
    summary = [m for m in await _messages(service, campaign_id) if isinstance(m, Recap)][-1]
    assert summary.key == "recap.final.title"
    by_seat = {line["params"]["seat"]: line for line in summary.lines if "user" in line["params"]}
    assert by_seat["red"]["params"] == {
        "seat": "red",
        "user": f"<@{RED}>",
        "orders": 2,
        "missed": 0,
        "hours": 1,
        "minutes": 30,
    }
    assert by_seat["blue"]["params"]["hours"] == 0 and by_seat["blue"]["params"]["minutes"] == 20
    # Blue's last call rolled the die: its luck is that die against the average of 3.5.
    last = (await service.history(campaign_id, limit=1))[0]
    [die] = last.rolls
    [dice] = [line["params"] for line in summary.lines if line["key"] == "recap.final.dice"]
    assert dice == {"seat": "blue", "dice": 1, "luck": round(100 * (die.value - 3.5) / 3.5)}
