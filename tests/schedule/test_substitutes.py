"""Substitutes and seats played by the autopilot from the start."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.services import CampaignService, FakeClock, ServiceError
from bot.services.schedule import Scheduler
from tests.schedule.conftest import BLUE, GREEN, RED, notices, started
from tests.services.conftest import new_table


async def test_a_volunteer_takes_an_open_seat_and_gets_its_secrets_by_dm(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 2})
    clock.advance(hours=1)
    await service.open_seat(campaign_id, "blue", actor="mod", reason="blue left the server")
    assert await service.open_seats(campaign_id) == ["blue"]
    [(_, _, opened)] = await notices(service, campaign_id, "schedule.notice.seat_open")
    assert opened["seat"] == "blue"
    clock.advance(hours=1)
    assert await service.substitute(campaign_id, GREEN, "Green") == "blue"
    # The DM carries blue's private view, secret luck included.
    rows = await service.store.campaign_outbox(campaign_id)
    [dm] = [r for r in rows if r.payload.get("key") == "schedule.notice.your_seat"]
    assert (dm.target_kind, dm.target_id) == ("dm", GREEN)
    luck = (await service.state_at(campaign_id, 1)).luck["blue"]  # type: ignore[attr-defined]
    assert dm.payload["view"]["you"] == {"seat": "blue", "luck": luck, "call": None}
    # The seat's history keeps both holders; the substitute plays on.
    history = [(h.seat, h.user_id) for h in await service.seat_history(campaign_id)]
    assert history[-2:] == [("blue", BLUE), ("blue", GREEN)]
    assert await service.open_seats(campaign_id) == []
    await service.submit(campaign_id, GREEN, {"type": "pass"})
    [entry] = await service.history(campaign_id, limit=1)
    assert (entry.seat, entry.actor) == ("blue", GREEN)
    # The pending deadline now reminds the substitute.
    assert {w.user_id for w in await service.waiting(campaign_id)} == {RED, GREEN}


async def test_only_an_open_seat_can_be_taken_and_not_by_a_seated_player(
    service: CampaignService,
) -> None:
    campaign_id = await started(service)
    with pytest.raises(ServiceError) as refused:
        await service.substitute(campaign_id, GREEN, "Green", "red")
    assert refused.value.key == "schedule.error.seat_not_open"
    await service.open_seat(campaign_id, "blue", actor="mod", reason="x")
    with pytest.raises(ServiceError) as refused:
        await service.substitute(campaign_id, RED, "Red", "blue")
    assert refused.value.key == "service.error.already_seated"


async def test_a_short_handed_group_starts_with_the_autopilot_in_the_empty_seats(
    service: CampaignService, clock: FakeClock, scheduler: Scheduler
) -> None:
    campaign_id = await new_table(service, ("red",))
    report = await service.start_with_autopilot(campaign_id, RED, ["blue"])
    assert (await service.state_at(campaign_id, 0)).seats == ["red", "blue"]
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 1})
    assert report.seq == 0
    tick = await scheduler.tick()
    assert tick.autopilots >= 1 and tick.missed == 0
    blue_moves = [e for e in await service.history(campaign_id, limit=20) if e.seat == "blue"]
    assert blue_moves and all(e.actor == "courier:autopilot" for e in blue_moves)
    # Red alone owes decisions now; their clock runs as usual.
    assert [w.seat for w in await service.waiting(campaign_id)] == ["red"]
    clock.advance(timedelta(hours=48))
    assert (await scheduler.tick()).missed == 1


async def test_the_autopilot_start_refuses_a_held_or_unknown_seat(
    service: CampaignService,
) -> None:
    campaign_id = await new_table(service, ("red", "blue"))
    for seats, key in (
        (["blue"], "service.error.seat_taken"),
        (["mauve"], "service.error.seat_not_in_campaign"),
    ):
        with pytest.raises(ServiceError) as refused:
            await service.start_with_autopilot(campaign_id, RED, seats)
        assert refused.value.key == key
    assert (await service.get_campaign(campaign_id)).status == "lobby"
