"""The action log: seq checks, one transaction per action, truncation, snapshots."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import SeqConflict, Store
from tests.storage.conftest import T0, audit, entry, new_campaign, report


async def started(store: Store) -> int:
    campaign = await store.create_campaign(new_campaign())
    await store.append_action(
        campaign.id, entry(0, seat=None), expected_status="lobby", new_status="active"
    )
    return campaign.id


async def test_a_new_campaign_waits_in_the_lobby_at_seq_minus_one(store: Store) -> None:
    campaign = await store.create_campaign(new_campaign(options={"x": 1}))
    assert (campaign.status, campaign.seq, campaign.options) == ("lobby", -1, {"x": 1})
    assert await store.get_campaign(campaign.id) == campaign
    assert await store.get_campaign(campaign.id + 1) is None


async def test_appending_moves_the_campaign_and_writes_everything_together(
    store: Store,
) -> None:
    campaign_id = await started(store)
    await store.append_action(
        campaign_id, entry(1), expected_status="active", outbox=[report()], snapshot={"s": 1}
    )
    campaign = await store.get_campaign(campaign_id)
    assert campaign is not None and (campaign.seq, campaign.status) == (1, "active")
    assert [row.seq for row in await store.actions(campaign_id)] == [0, 1]
    assert await store.count_outbox(campaign_id) == 1
    snapshot = await store.latest_snapshot(campaign_id, 5)
    assert snapshot is not None and (snapshot.seq, snapshot.state) == (1, {"s": 1})


async def test_an_entry_for_an_old_seq_is_refused(store: Store) -> None:
    campaign_id = await started(store)
    await store.append_action(campaign_id, entry(1), expected_status="active")
    with pytest.raises(SeqConflict):
        await store.append_action(campaign_id, entry(1), expected_status="active")
    with pytest.raises(SeqConflict):
        await store.append_action(campaign_id, entry(3), expected_status="active")


async def test_an_entry_for_a_paused_campaign_is_refused(store: Store) -> None:
    campaign_id = await started(store)
    await store.set_status(
        campaign_id,
        "paused",
        expected_seq=0,
        expected_status="active",
        audit=audit("pause"),
    )
    with pytest.raises(SeqConflict):
        await store.append_action(campaign_id, entry(1), expected_status="active")


async def test_two_concurrent_appends_of_the_same_seq_apply_exactly_one(
    store: Store,
) -> None:
    campaign_id = await started(store)
    results = await asyncio.gather(
        store.append_action(campaign_id, entry(1, "red"), expected_status="active"),
        store.append_action(campaign_id, entry(1, "blue"), expected_status="active"),
        return_exceptions=True,
    )
    assert sum(result is None for result in results) == 1
    assert sum(isinstance(result, SeqConflict) for result in results) == 1
    assert len(await store.actions(campaign_id)) == 2


async def test_truncating_removes_later_entries_and_snapshots(store: Store) -> None:
    campaign_id = await started(store)
    for seq in (1, 2, 3):
        await store.append_action(
            campaign_id, entry(seq), expected_status="active", snapshot={"at": seq}
        )
    await store.truncate_log(campaign_id, 1, expected_seq=3, audit=audit("rollback", [2, 3]))
    assert [row.seq for row in await store.actions(campaign_id)] == [0, 1]
    snapshot = await store.latest_snapshot(campaign_id, 10)
    assert snapshot is not None and snapshot.seq == 1
    campaign = await store.get_campaign(campaign_id)
    assert campaign is not None and campaign.seq == 1
    [record] = await store.audit_log(campaign_id)
    assert (record.act, record.seqs) == ("rollback", [2, 3])


async def test_recent_actions_pages_backwards_oldest_first(store: Store) -> None:
    campaign_id = await started(store)
    for seq in range(1, 6):
        await store.append_action(campaign_id, entry(seq), expected_status="active")
    page = await store.recent_actions(campaign_id, limit=2)
    assert [row.seq for row in page] == [4, 5]
    page = await store.recent_actions(campaign_id, limit=2, before_seq=4)
    assert [row.seq for row in page] == [2, 3]


async def test_outbox_rows_stay_pending_until_delivered(store: Store) -> None:
    campaign_id = await started(store)
    await store.append_action(
        campaign_id, entry(1), expected_status="active", outbox=[report("a"), report("b")]
    )
    first, second = await store.pending_outbox(10)
    await store.mark_failed(first.id, "Forbidden")
    await store.mark_delivered(second.id, T0)
    [still] = await store.pending_outbox(10)
    assert (still.id, still.attempts, still.last_error) == (first.id, 1, "Forbidden")
    assert still.payload == {"text": "a"}


async def test_an_id_no_column_can_hold_matches_nothing(store: Store) -> None:
    campaign_id = await started(store)
    forged = 2**70
    assert await store.get_campaign(forged) is None
    assert await store.actions(forged) == []
    assert await store.outbox_row(forged) is None
    assert [row.seq for row in await store.actions(campaign_id)] == [0]


async def test_json_values_come_back_equal_with_their_keys_sorted(store: Store) -> None:
    """Both stores give objects back in one key order, so code iterating over a stored dict
    behaves the same on either."""
    payload = {"zz": [1, 2.5, None, True], "b": {"y": "été", "aa": -1}, "a": 2**53}
    campaign_id = await started(store)
    await store.append_action(campaign_id, entry(1), expected_status="active", snapshot=payload)
    snapshot = await store.latest_snapshot(campaign_id, 1)
    assert snapshot is not None and snapshot.state == payload
    assert list(snapshot.state) == ["a", "b", "zz"]
    assert list(snapshot.state["b"]) == ["aa", "y"]
