"""Many clicks on one prompt: the first is applied, the others are refused by their
expected step before the rules are asked anything."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.services.play
from bot.services import ActionReport, CampaignService, StaleSeq
from tests.services.conftest import RED, started_table


async def test_a_thousand_clicks_on_one_prompt_run_the_rules_once(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await started_table(service)
    applied: list[int] = []
    original = bot.services.play.submit_action

    def counting(*args: Any, **kwargs: Any) -> Any:
        applied.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(bot.services.play, "submit_action", counting)
    click = {"type": "bid", "amount": 2}
    results = await asyncio.gather(
        *(service.submit(campaign_id, RED, click, expected_seq=0) for _ in range(1_000)),
        return_exceptions=True,
    )
    winners = [result for result in results if isinstance(result, ActionReport)]
    assert len(winners) == 1 and winners[0].seq == 1
    assert all(isinstance(r, StaleSeq) for r in results if r is not winners[0])
    assert len(applied) == 1
