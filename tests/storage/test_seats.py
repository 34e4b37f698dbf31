"""Seat tenures: one current holder per seat, and the history of every holder."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.storage import NewHolder, SeatTaken, SeqConflict, Store
from tests.storage.conftest import T0, audit, entry, new_campaign


def holder(seat: str, user: str, hours: int = 0) -> NewHolder:
    return NewHolder(
        seat=seat, user_id=user, display_name=user.upper(), started_at=T0 + timedelta(hours=hours)
    )


async def test_a_seat_has_one_current_holder(store: Store) -> None:
    campaign = await store.create_campaign(new_campaign())
    await store.take_seat(campaign.id, holder("red", "u1"), expected_seq=-1)
    with pytest.raises(SeatTaken):
        await store.take_seat(campaign.id, holder("red", "u2"), expected_seq=-1)
    [current] = await store.current_holders(campaign.id)
    assert (current.seat, current.user_id) == ("red", "u1")


async def test_no_seat_is_taken_in_the_lobby_after_the_start(store: Store) -> None:
    campaign = await store.create_campaign(new_campaign())
    await store.append_action(
        campaign.id, entry(0, None), expected_status="lobby", new_status="active"
    )
    with pytest.raises(SeqConflict):
        await store.take_seat(campaign.id, holder("red", "u1"), expected_seq=-1)


async def test_replacing_a_holder_keeps_the_tenure_history(store: Store) -> None:
    campaign = await store.create_campaign(new_campaign())
    await store.take_seat(campaign.id, holder("red", "u1"), expected_seq=-1)
    await store.take_seat(campaign.id, holder("blue", "u2"), expected_seq=-1)
    await store.replace_holder(
        campaign.id, holder("red", "u3", hours=5), expected_seq=-1, audit=audit("assign")
    )
    history = [(row.seat, row.user_id, row.ended_at) for row in await store.tenures(campaign.id)]
    assert history == [
        ("red", "u1", T0 + timedelta(hours=5)),
        ("blue", "u2", None),
        ("red", "u3", None),
    ]
    current = {row.seat: row.user_id for row in await store.current_holders(campaign.id)}
    assert current == {"blue": "u2", "red": "u3"}
    assert [row.act for row in await store.audit_log(campaign.id)] == ["assign"]


async def test_releasing_a_seat_frees_it(store: Store) -> None:
    campaign = await store.create_campaign(new_campaign())
    await store.take_seat(campaign.id, holder("red", "u1"), expected_seq=-1)
    await store.release_seat(campaign.id, "red", T0, expected_seq=-1)
    assert await store.current_holders(campaign.id) == []
    await store.take_seat(campaign.id, holder("red", "u2"), expected_seq=-1)
    assert len(await store.tenures(campaign.id)) == 2
