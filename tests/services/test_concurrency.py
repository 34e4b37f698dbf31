"""Two submissions for the same situation: exactly one is applied, the other is told so."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.services import CampaignService, StaleSeq
from bot.storage import Store
from tests.services.conftest import BLUE, RED, started_table


class RacingStore:
    """Holds each `append_action` until `writers` of them are waiting, then lets them go,
    so that every writer has computed its step from the same state before any commits."""

    def __init__(self, store: Store, writers: int) -> None:
        self._store = store
        self._arrived = 0
        self._writers = writers
        self._all_here = asyncio.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def append_action(self, *args: Any, **kwargs: Any) -> None:
        self._arrived += 1
        if self._arrived >= self._writers:
            self._all_here.set()
        await self._all_here.wait()
        await self._store.append_action(*args, **kwargs)


async def test_the_same_click_twice_applies_once(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    bid = {"type": "bid", "amount": 4}
    results = await asyncio.gather(
        service.submit(campaign_id, RED, bid, expected_seq=0),
        service.submit(campaign_id, RED, bid, expected_seq=0),
        return_exceptions=True,
    )
    assert sorted(type(result).__name__ for result in results) == ["ActionReport", "StaleSeq"]
    assert (await service.get_campaign(campaign_id)).seq == 1
    assert len(await service.history(campaign_id, limit=10)) == 2


async def test_two_players_racing_from_the_same_state_apply_exactly_one(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "pass"})
    await service.submit(campaign_id, BLUE, {"type": "pass"})  # both now call at once
    # Two processes on one database: within one, orders for a campaign take turns anyway.
    racing = RacingStore(service.store, writers=2)
    one, other = (CampaignService(racing) for _ in range(2))  # type: ignore[arg-type]
    results = await asyncio.gather(
        one.submit(campaign_id, RED, {"type": "call", "side": "low"}),
        other.submit(campaign_id, BLUE, {"type": "call", "side": "high"}),
        return_exceptions=True,
    )
    [loser] = [result for result in results if isinstance(result, Exception)]
    assert isinstance(loser, StaleSeq) and loser.params["seq"] == 3
    assert (await service.get_campaign(campaign_id)).seq == 3
    # The loser's order was not lost for good: sent again, it now applies.
    late = RED if results[0] is loser else BLUE
    side = "low" if late == RED else "high"
    report = await service.submit(campaign_id, late, {"type": "call", "side": side})
    assert report.finished


async def test_a_stale_expected_seq_is_refused_before_anything_runs(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "pass"})
    try:
        await service.submit(campaign_id, BLUE, {"type": "pass"}, expected_seq=0)
    except StaleSeq as stale:
        assert stale.seq == 1 and stale.key == "service.error.stale_seq"
    else:
        raise AssertionError("a click made at seq 0 was applied at seq 1")
