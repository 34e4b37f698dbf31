"""When the scheduler looks next, on both stores: a running campaign is due until its wake
time is set, any change makes it due again and refuses a wake time planned before it, and
a campaign that is not running has no wake time."""

from __future__ import annotations

from datetime import timedelta

from bot.storage import Store
from tests.storage.conftest import T0, audit, entry, new_campaign


async def due(store: Store, hours: float) -> list[int]:
    rows = await store.due_campaigns(T0 + timedelta(hours=hours), after_id=0, limit=10)
    return [row.campaign_id for row in rows]


async def test_the_wake_time_follows_every_change_of_a_running_campaign(store: Store) -> None:
    campaign = await store.create_campaign(new_campaign())
    assert await store.wake_changes(campaign.id) is None
    await store.append_action(
        campaign.id, entry(0, None), expected_status="lobby", new_status="active"
    )
    assert await due(store, 0) == [campaign.id]
    changes = await store.wake_changes(campaign.id)
    assert changes is not None
    assert await store.set_wake(campaign.id, T0 + timedelta(hours=5), expected_changes=changes)
    assert await due(store, 4) == []
    assert await due(store, 5) == [campaign.id]

    await store.add_audit(campaign.id, audit("note"))
    assert await due(store, 0) == [campaign.id]
    assert not await store.set_wake(campaign.id, None, expected_changes=changes)
    latest = await store.wake_changes(campaign.id)
    assert latest is not None and latest > changes
    assert await store.set_wake(campaign.id, None, expected_changes=latest)
    assert await due(store, 10_000) == []

    await store.append_action(campaign.id, entry(1), expected_status="active")
    assert await due(store, 0) == [campaign.id]
    await store.set_status(
        campaign.id, "paused", expected_seq=1, expected_status="active", audit=audit("pause")
    )
    assert await store.wake_changes(campaign.id) is None
    assert await due(store, 0) == []


async def test_due_campaigns_come_in_batches_by_id(store: Store) -> None:
    started = []
    for _ in range(5):
        campaign = await store.create_campaign(new_campaign())
        await store.append_action(
            campaign.id, entry(0, None), expected_status="lobby", new_status="active"
        )
        started.append(campaign.id)
    first = await store.due_campaigns(T0, after_id=0, limit=3)
    rest = await store.due_campaigns(T0, after_id=first[-1].campaign_id, limit=3)
    assert [row.campaign_id for row in first + rest] == started
