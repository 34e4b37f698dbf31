"""The audit trail: every moderator act with who, when, why and which steps; each one
announced in the channel; readable only through moderator commands."""

from __future__ import annotations

from datetime import timedelta

from bot.services import CampaignService, FakeClock
from tests.services.conftest import BLUE, CHANNEL, RED, started_table

THREE = ("red", "blue", "green")


async def test_every_moderator_act_is_audited_with_its_reason_and_announced(
    service: CampaignService, clock: FakeClock
) -> None:
    campaign_id = await started_table(service, seats=THREE)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 1})
    await service.submit(campaign_id, BLUE, {"type": "bid", "amount": 2})
    acts = [
        service.undo_last(campaign_id, actor="mod", reason="r-undo"),
        service.force_default(campaign_id, "blue", actor="mod", reason="r-force"),
        service.correct_action(
            campaign_id,
            2,
            {"type": "bid", "amount": 3},
            actor="mod",
            reason="r-correct",
            expected_seq=2,
        ),
        service.rollback(campaign_id, 1, actor="mod", reason="r-rollback"),
        service.assign_seat(campaign_id, "green", "2001", "Gwen", actor="mod", reason="r-sub"),
        service.release_seat(campaign_id, "green", actor="mod", reason="r-kick"),
        service.pause(campaign_id, actor="mod", reason="r-pause"),
        service.resume(campaign_id, actor="mod", reason="r-resume"),
        service.export_campaign(campaign_id, include_seed=True, actor="mod", reason="r-export"),
        service.end_campaign(campaign_id, actor="mod", reason="r-end"),
    ]
    for act in acts:
        clock.advance(minutes=1)
        await act
    trail = await service.audit_log(campaign_id)
    assert [(entry.act, entry.reason) for entry in trail] == [
        ("undo", "r-undo"),
        ("force_default", "r-force"),
        ("correct", "r-correct"),
        ("rollback", "r-rollback"),
        ("assign_seat", "r-sub"),
        ("release_seat", "r-kick"),
        ("pause", "r-pause"),
        ("resume", "r-resume"),
        ("export_seed", "r-export"),
        ("end", "r-end"),
    ]
    assert all(entry.actor == "mod" for entry in trail)
    assert [entry.at - trail[0].at for entry in trail] == [
        timedelta(minutes=n) for n in range(len(trail))
    ]
    assert [entry.seqs for entry in trail[:4]] == [[2], [2], [2], [2]]
    notices = [
        item for item in await service.pending_outbox(200) if item.payload["kind"] == "audit"
    ]
    assert {item.target_id for item in notices} == {str(CHANNEL)}
    announced = [item.payload["params"] for item in notices]
    assert [(notice["act"], notice["reason"]) for notice in announced] == [
        (entry.act, entry.reason) for entry in trail
    ]
