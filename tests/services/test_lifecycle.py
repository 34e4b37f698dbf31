"""A campaign from creation to final scores: seats, start, play, outbox, seed."""

from __future__ import annotations

import hashlib

import pytest

from bot.services import CampaignService, FakeClock, ServiceError
from tests.services.conftest import (
    BLUE,
    CHANNEL,
    GREEN,
    RED,
    SEED,
    new_table,
    play_to_the_end,
    started_table,
)


async def test_a_new_campaign_publishes_only_the_commitment(service: CampaignService) -> None:
    campaign_id = await new_table(service)
    campaign = await service.get_campaign(campaign_id)
    assert campaign.seed_commitment == hashlib.sha256(bytes.fromhex(SEED)).hexdigest()
    assert campaign.revealed_seed is None
    assert (campaign.status, campaign.seq, campaign.channel_id) == ("lobby", -1, CHANNEL)
    assert await service.campaign_for_channel(CHANNEL) == campaign
    assert [c.id for c in await service.list_campaigns(7)] == [campaign_id]


async def test_a_guild_lists_only_its_own_campaigns(service: CampaignService) -> None:
    ours = await new_table(service)
    local = await new_table(service, channel=None)
    assert [c.id for c in await service.list_campaigns(7)] == [ours]
    assert [c.id for c in await service.list_campaigns(8)] == []
    assert [c.id for c in await service.list_campaigns(None)] == [local]
    assert [c.id for c in await service.all_campaigns()] == [ours, local]


async def test_a_campaign_without_a_given_seed_draws_its_own(service: CampaignService) -> None:
    first = await service.create_campaign(
        ruleset="mini", creator_id=RED, guild_id=None, channel_id=None, options={}
    )
    second = await service.create_campaign(
        ruleset="mini", creator_id=RED, guild_id=None, channel_id=None, options={}
    )
    assert first.seed_commitment != second.seed_commitment


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"ruleset": "chess"}, "core.error.unknown_ruleset"),
        ({"options": {"speed": 3}}, "core.error.unknown_option"),
        ({"options": {"treasure_points": 99}}, "core.error.bad_option_value"),
        ({"language": "de"}, "service.error.unknown_language"),
        ({"seed_hex": "xyz"}, "service.error.bad_seed"),
        ({"data": {"map": []}}, "core.error.data_not_replaceable"),
    ],
)
async def test_a_campaign_with_bad_settings_is_refused(
    service: CampaignService, changes: dict[str, object], key: str
) -> None:
    settings: dict[str, object] = {
        "ruleset": "mini",
        "creator_id": RED,
        "guild_id": 7,
        "channel_id": CHANNEL,
        "options": {},
    } | changes
    with pytest.raises(ServiceError) as refused:
        await service.create_campaign(**settings)  # type: ignore[arg-type]
    assert refused.value.key == key
    assert await service.list_campaigns(None) == []


async def test_joining_takes_the_named_or_a_random_free_seat(service: CampaignService) -> None:
    campaign_id = await new_table(service, seats=("blue",))
    seat = await service.join(campaign_id, RED, "Red")
    assert seat in {"red", "green"}
    assert set(await service.holders(campaign_id)) == {"blue", seat}
    assert await service.seat_of(campaign_id, RED) == seat
    assert await service.seat_of(campaign_id, GREEN) is None


@pytest.mark.parametrize(
    ("user", "seat", "key"),
    [
        (GREEN, "red", "service.error.seat_taken"),
        (GREEN, "purple", "service.error.seat_not_in_campaign"),
        (RED, "green", "service.error.already_seated"),
    ],
)
async def test_a_seat_that_cannot_be_taken_is_refused(
    service: CampaignService, user: str, seat: str, key: str
) -> None:
    campaign_id = await new_table(service)
    with pytest.raises(ServiceError) as refused:
        await service.join(campaign_id, user, "Someone", seat)
    assert refused.value.key == key


async def test_a_full_table_takes_nobody_else(service: CampaignService) -> None:
    campaign_id = await new_table(service, seats=("red", "blue", "green"))
    with pytest.raises(ServiceError) as refused:
        await service.join(campaign_id, "1004", "Late")
    assert refused.value.key == "service.error.campaign_full"


async def test_leaving_is_possible_only_in_the_lobby(service: CampaignService) -> None:
    campaign_id = await new_table(service, seats=("red", "blue", "green"))
    await service.leave(campaign_id, GREEN)
    assert set(await service.holders(campaign_id)) == {"red", "blue"}
    await service.start(campaign_id, RED)
    with pytest.raises(ServiceError) as refused:
        await service.leave(campaign_id, BLUE)
    assert refused.value.key == "service.error.leave_after_start"
    with pytest.raises(ServiceError) as refused:
        await service.join(campaign_id, GREEN, "Green")
    assert refused.value.key == "service.error.not_in_lobby"


async def test_starting_with_too_few_players_is_refused(service: CampaignService) -> None:
    campaign_id = await new_table(service, seats=("red",))
    with pytest.raises(ServiceError) as refused:
        await service.start(campaign_id, RED)
    assert refused.value.key == "core.error.player_count"
    assert (await service.get_campaign(campaign_id)).status == "lobby"


async def test_the_start_deals_in_seat_order_and_reports_it(service: CampaignService) -> None:
    campaign_id = await new_table(service, seats=("blue", "red"))
    report = await service.start(campaign_id, BLUE)
    assert (report.seq, report.seat, report.actor) == (0, None, BLUE)
    assert [prompt.seat for prompt in report.prompts] == ["red"]
    assert (await service.state_at(campaign_id, 0)).seats == ["red", "blue"]
    assert (await service.get_campaign(campaign_id)).status == "active"


async def test_the_start_sends_the_public_report_and_each_secret_to_its_holder(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    rows = await service.pending_outbox()
    step_rows = [row for row in rows if row.payload["kind"] in ("report", "private")]
    by_target = {(row.target_kind, row.target_id): row.payload for row in step_rows}
    assert set(by_target) == {("channel", str(CHANNEL)), ("dm", RED), ("dm", BLUE)}
    report = by_target[("channel", str(CHANNEL))]
    assert [event["key"] for event in report["events"]] == ["mini.setup"]
    assert report["rolls"] == []  # the luck draws are secrets
    assert report["waiting_for"] == ["red"]
    state = await service.state_at(campaign_id, 0)
    for seat, user in (("red", RED), ("blue", BLUE)):
        [event] = by_target[("dm", user)]["events"]
        assert event["params"] == {"seat": seat, "luck": state.luck[seat]}  # type: ignore[attr-defined]
    # Then the channel is asked to post the prompts of step 0, after the step's own news.
    assert rows[-1].payload == {
        "kind": "prompts_opened",
        "campaign_id": campaign_id,
        "seq": 0,
        "open": True,
    }


async def test_a_whole_game_ends_with_scores_and_the_seed_revealed(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    await service.submit(campaign_id, BLUE, {"type": "pass"})
    await service.submit(campaign_id, RED, {"type": "call", "side": "low"})
    final = await service.submit(campaign_id, BLUE, {"type": "call", "side": "high"})
    assert final.finished and final.prompts == []
    assert final.scores is not None and set(final.scores) == {"red", "blue"}
    assert [roll.sides for roll in final.rolls] == [6]
    campaign = await service.get_campaign(campaign_id)
    assert (campaign.status, campaign.seq, campaign.revealed_seed) == ("finished", 4, SEED)
    # The finished campaign stays the channel's, for its status, map and history.
    assert await service.campaign_for_channel(CHANNEL) == campaign
    reports = [row for row in await service.pending_outbox() if row.payload["kind"] == "report"]
    last_report = reports[-1].payload
    assert last_report["finished"] and last_report["scores"] == final.scores


async def test_private_views_belong_to_holders(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    state = await service.state_at(campaign_id, 0)
    mine = await service.private_view(campaign_id, RED)
    assert mine["you"]["luck"] == state.luck["red"]  # type: ignore[attr-defined]
    assert "you" not in await service.public_view(campaign_id)
    with pytest.raises(ServiceError) as refused:
        await service.private_view(campaign_id, GREEN)
    assert refused.value.key == "service.error.no_seat"


async def test_a_table_without_a_channel_writes_to_its_table_only(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service, channel=None)
    await play_to_the_end(service, campaign_id)
    table = await service.table_outbox(campaign_id)
    assert len(table) == await service.store.count_outbox(campaign_id)
    assert {row.target_kind for row in table} == {"table"}
    assert {row.message().kind for row in table} >= {"report", "private", "prompts_opened"}
    assert await service.pending_outbox(100) == []  # nothing for Discord


async def test_history_pages_back_through_the_log(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    newest = await service.history(campaign_id, limit=2)
    assert [entry.seq for entry in newest] == [3, 4]
    older = await service.history(campaign_id, limit=10, before_seq=3)
    assert [entry.seq for entry in older] == [0, 1, 2]
    assert older[1].action == {"type": "bid", "amount": 3}
    assert (older[1].seat, older[1].actor) == ("red", RED)
    assert all(event.is_public for event in older[0].events_for(None))


async def test_delivered_rows_leave_the_outbox(service: CampaignService, clock: FakeClock) -> None:
    await started_table(service)
    first, *rest = await service.pending_outbox()
    await service.mark_delivered(first.id)
    retry_at = await service.mark_failed(rest[0].id, "Forbidden: DMs closed")
    pending = await service.pending_outbox()
    assert first.id not in [row.id for row in pending]
    assert rest[0].id not in [row.id for row in pending]  # backing off
    clock.advance(seconds=(retry_at - clock.now()).total_seconds())
    pending = await service.pending_outbox()
    assert pending[0].id == rest[0].id
    assert pending[0].attempts == 1 and pending[0].last_error == "Forbidden: DMs closed"
