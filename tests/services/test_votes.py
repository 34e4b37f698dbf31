"""Table votes (issue 22): ending the game needs every voter's yes, replacing a silent
player a majority of the others; a vote closes when its result is certain or at its
deadline, is announced and kept in the trail, and Courier carries out one that passes."""

from __future__ import annotations

import pytest

from bot.services import CampaignService, FakeClock, ServiceError
from tests.services.conftest import BLUE, GREEN, RED, started_table

# Votes live in the audit trail, which both stores already test.
SQLITE_ONLY = True


async def test_the_game_ends_when_every_player_agrees(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    vote = await service.votes.propose(campaign_id, RED, "agreement")
    assert vote.number == 1 and vote.voters == [RED, BLUE] and vote.ballots == {RED: True}
    assert vote.result is None
    assert (await service.get_campaign(campaign_id)).status == "active"
    closed = await service.votes.cast(campaign_id, BLUE, 1, yes=True)
    assert closed.result == "passed"
    assert (await service.get_campaign(campaign_id)).status == "finished"
    acts = [entry.act for entry in await service.moderation.audit_log(campaign_id)]
    assert acts[-5:] == ["vote_open", "vote_ballot", "vote_ballot", "vote_closed", "end"]


async def test_one_no_keeps_the_game_going(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    await service.votes.propose(campaign_id, BLUE, "concession")
    closed = await service.votes.cast(campaign_id, RED, 1, yes=False)
    assert closed.result == "failed"
    assert (await service.get_campaign(campaign_id)).status == "active"
    with pytest.raises(ServiceError) as refused:
        await service.votes.cast(campaign_id, RED, 1, yes=True)
    assert refused.value.key == "service.vote.closed"
    # A new vote may open once the last one closed.
    assert (await service.votes.propose(campaign_id, RED, "agreement")).number == 2


async def test_a_silent_player_is_replaced_by_a_majority_of_the_others(
    service: CampaignService,
) -> None:
    campaign_id = await started_table(service, seats=("red", "blue", "green"))
    vote = await service.votes.propose(campaign_id, RED, "replace", seat="green")
    assert vote.voters == [RED, BLUE] and vote.needed() == 2
    with pytest.raises(ServiceError) as refused:
        await service.votes.cast(campaign_id, GREEN, 1, yes=False)
    assert refused.value.key == "service.vote.not_a_voter"
    closed = await service.votes.cast(campaign_id, BLUE, 1, yes=True)
    assert closed.result == "passed"
    assert await service.schedule.open_seats(campaign_id) == ["green"]
    assert (await service.get_campaign(campaign_id)).status == "active"


async def test_at_the_deadline_a_missing_ballot_is_a_no(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started_table(service)
    await service.votes.propose(campaign_id, RED, "agreement", hours=24)
    clock.advance(hours=23)
    await service.votes.close_due_votes(campaign_id)
    assert (await service.votes.list_votes(campaign_id))[0].result is None
    assert await service.votes.campaigns_voting() == [campaign_id]
    clock.advance(hours=2)
    await service.votes.close_due_votes(campaign_id)
    [vote] = await service.votes.list_votes(campaign_id)
    assert vote.result == "failed" and vote.ballots == {RED: True}
    assert await service.votes.campaigns_voting() == []
    assert (await service.get_campaign(campaign_id)).status == "active"


async def test_refusals_leave_no_vote_behind(service: CampaignService) -> None:
    campaign_id = await started_table(service)
    for user, kind, seat, key in [
        (GREEN, "agreement", None, "service.vote.not_a_player"),
        (RED, "surrender", None, "service.vote.bad_kind"),
        (RED, "replace", "green", "service.vote.no_such_seat"),
        (RED, "replace", "red", "service.vote.replace_yourself"),
    ]:
        with pytest.raises(ServiceError) as refused:
            await service.votes.propose(campaign_id, user, kind, seat=seat)
        assert refused.value.key == key
    with pytest.raises(ServiceError) as refused:
        await service.votes.propose(campaign_id, RED, "agreement", hours=0)
    assert refused.value.key == "service.vote.bad_hours"
    assert await service.votes.list_votes(campaign_id) == []
    await service.votes.propose(campaign_id, RED, "agreement")
    with pytest.raises(ServiceError) as refused:
        await service.votes.propose(campaign_id, BLUE, "concession")
    assert refused.value.key == "service.vote.one_at_a_time"
