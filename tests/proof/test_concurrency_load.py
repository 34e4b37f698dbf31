"""Many orders arriving at once: exactly the legal ones are applied, none twice, none lost,
and each loser is told the situation changed (`StaleSeq`) or why its order is refused."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.i18n import translate
from bot.services import ActionReport, CampaignService, ServiceError, StaleSeq
from tests.proof.crash_plan import USERS, Step, random_game, seed_for
from tests.proof.tables import mini_table


def _bid_storm(count: int) -> list[tuple[str, dict[str, Any]]]:
    """Red's legal bids, red's impossible bids, and others trying to bid out of turn."""
    rng = random.Random(count)
    orders: list[tuple[str, dict[str, Any]]] = []
    for _ in range(count):
        kind = rng.choice(["legal", "too_high", "out_of_turn"])
        if kind == "legal":
            orders.append(("red", {"type": "bid", "amount": rng.randint(1, 10)}))
        elif kind == "too_high":
            orders.append(("red", {"type": "bid", "amount": rng.randint(11, 10**9)}))
        else:
            orders.append((rng.choice(["blue", "green"]), {"type": "pass"}))
    return orders


async def test_a_hundred_orders_at_once_for_one_situation_apply_exactly_one(
    service: CampaignService,
) -> None:
    campaign_id = await mini_table(service)
    orders = _bid_storm(100)
    results = await asyncio.gather(
        *(
            service.submit(campaign_id, USERS[seat], action, expected_seq=0)
            for seat, action in orders
        ),
        return_exceptions=True,
    )
    applied = [r for r in results if isinstance(r, ActionReport)]
    assert len(applied) == 1 and applied[0].seq == 1
    [entry] = await service.history(campaign_id, limit=1)
    winner = results.index(applied[0])
    assert entry.seq == 1 and entry.action == orders[winner][1]
    for (seat, action), result in zip(orders, results, strict=True):
        if result is applied[0]:
            continue
        assert isinstance(result, ServiceError), result  # never an unexpected exception
        legal = seat == "red" and action.get("amount", 99) <= 10
        if legal:
            assert isinstance(result, StaleSeq) and result.params["seq"] == 1
        else:
            assert isinstance(result, StaleSeq) or result.key.startswith("core.error.")
    assert (await service.get_campaign(campaign_id)).seq == 1


async def test_simultaneous_calls_sent_many_times_apply_once_per_seat(
    service: CampaignService,
) -> None:
    campaign_id = await mini_table(service)
    for seat in ("red", "blue", "green"):
        await service.submit(campaign_id, USERS[seat], {"type": "pass"})
    assert (await service.get_campaign(campaign_id)).seq == 3
    sides = {"red": "low", "blue": "high", "green": "low"}
    senders = [seat for seat in sides for _ in range(33)] + ["red"]
    random.Random(3).shuffle(senders)

    async def send_until_answered(seat: str) -> ActionReport | ServiceError:
        """A client that sends again whenever it is told the situation changed."""
        while True:
            try:
                return await service.submit(
                    campaign_id, USERS[seat], {"type": "call", "side": sides[seat]}
                )
            except StaleSeq:
                continue
            except ServiceError as refused:
                return refused

    answers = await asyncio.gather(*(send_until_answered(seat) for seat in senders))
    applied = [answer for answer in answers if isinstance(answer, ActionReport)]
    assert sorted(report.seat or "" for report in applied) == ["blue", "green", "red"]
    refused = {answer.key for answer in answers if isinstance(answer, ServiceError)}
    assert refused <= {"core.error.not_your_turn", "service.error.campaign_finished"}, refused
    log = await service.history(campaign_id, limit=100)
    assert sorted(entry.seat or "" for entry in log[4:]) == ["blue", "green", "red"]
    assert (await service.get_campaign(campaign_id)).status == "finished"


async def _play_with_duplicate_clicks(
    service: CampaignService, campaign_id: int, steps: list[Step]
) -> list[BaseException | ActionReport]:
    """Every step clicked twice at once for the seq it was shown at."""
    losers: list[BaseException | ActionReport] = []
    for seq, step in enumerate(steps):
        first, second = await asyncio.gather(
            *(
                service.submit(campaign_id, step.user, step.action, expected_seq=seq)
                for _ in range(2)
            ),
            return_exceptions=True,
        )
        reports = [r for r in (first, second) if isinstance(r, ActionReport)]
        assert len(reports) == 1, (first, second)
        losers.append(second if first is reports[0] else first)
    return losers


async def _many_campaigns_at_once(service: CampaignService, campaigns: int) -> None:
    seats = ("red", "blue")
    plans: dict[int, list[Step]] = {}
    for number in range(campaigns):
        seed = seed_for(10_000 + number)
        campaign_id = await mini_table(service, seats, channel=9_000 + number, seed_hex=seed)
        plans[campaign_id] = random_game("mini", list(seats), seed, number)
    outcomes = await asyncio.gather(
        *(_play_with_duplicate_clicks(service, cid, steps) for cid, steps in plans.items())
    )
    for (campaign_id, steps), losers in zip(plans.items(), outcomes, strict=True):
        assert all(isinstance(loser, StaleSeq) for loser in losers)
        log = await service.history(campaign_id, limit=len(steps) + 5)
        assert [entry.action for entry in log[1:]] == [step.action for step in steps]
        campaign = await service.get_campaign(campaign_id)
        assert campaign.status == "finished" and campaign.seq == len(steps)


async def test_a_hundred_campaigns_played_at_once_with_double_clicks(
    service: CampaignService,
) -> None:
    await _many_campaigns_at_once(service, 100)


@pytest.mark.slow
async def test_a_thousand_campaigns_played_at_once_with_double_clicks(
    service: CampaignService,
) -> None:
    await _many_campaigns_at_once(service, 1_000)


def test_the_loser_is_told_the_situation_changed_in_both_languages() -> None:
    stale = StaleSeq(4, 9)
    english = translate(stale.key, "en", **stale.params)
    french = translate(stale.key, "fr", **stale.params)
    assert "changed" in english and "9" in english
    assert french != english and "9" in french and stale.key not in french
