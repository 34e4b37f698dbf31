"""Retroactive correction: replace an earlier action, replay the rest, stop where it breaks."""

from __future__ import annotations

import pytest

from bot.services import CampaignService, ServiceError, StaleSeq
from rulesets.core import state_hash
from rulesets.core.rng import draw_value
from tests.services.conftest import BLUE, GREEN, RED, SEED, started_table

THREE = ("red", "blue", "green")


async def _auction_of_three(service: CampaignService) -> int:
    """Red bids 1, blue bids 2, green bids 3, red passes, blue bids 4: seqs 1 to 5."""
    campaign_id = await started_table(service, seats=THREE)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 1})
    await service.submit(campaign_id, BLUE, {"type": "bid", "amount": 2})
    await service.submit(campaign_id, GREEN, {"type": "bid", "amount": 3})
    await service.submit(campaign_id, RED, {"type": "pass"})
    await service.submit(campaign_id, BLUE, {"type": "bid", "amount": 4})
    return campaign_id


async def test_the_preview_shows_what_survives_and_where_it_stops(
    service: CampaignService,
) -> None:
    campaign_id = await _auction_of_three(service)
    before = state_hash(await service.state_at(campaign_id, 5))
    # Blue meant to pass at seq 2. Green's bid and red's pass still stand; red's pass then
    # ends the auction (green alone remains), so blue's later bid is no longer legal.
    preview = await service.preview_correction(campaign_id, 2, {"type": "pass"})
    assert (preview.seat, preview.original_action) == ("blue", {"type": "bid", "amount": 2})
    assert (preview.kept, preview.stopped_at, preview.dropped) == ([3, 4], 5, [5])
    assert preview.stop_reason == "core.error.not_a_legal_choice"
    assert [(prompt.seat, prompt.kind) for prompt in preview.prompts] == [
        ("red", "call"),
        ("blue", "call"),
        ("green", "call"),
    ]
    # A preview changes nothing.
    assert (await service.get_campaign(campaign_id)).seq == 5
    assert state_hash(await service.state_at(campaign_id, 5)) == before
    assert await service.audit_log(campaign_id) == []


async def test_a_correction_replays_the_rest_and_asks_the_stopped_seat_again(
    service: CampaignService,
) -> None:
    campaign_id = await _auction_of_three(service)
    report = await service.correct_action(
        campaign_id, 2, {"type": "pass"}, actor="mod", reason="misclick", expected_seq=5
    )
    assert report.seq == 4 and "blue" in {prompt.seat for prompt in report.prompts}
    history = await service.history(campaign_id, limit=10)
    assert [(entry.seq, entry.seat, entry.action["type"]) for entry in history] == [
        (0, None, "start"),
        (1, "red", "bid"),
        (2, "blue", "pass"),
        (3, "green", "bid"),
        (4, "red", "pass"),
    ]
    assert (history[2].actor, history[3].actor) == ("mod", GREEN)
    state = await service.state_at(campaign_id, 4)
    assert (state.high_bidder, state.phase) == ("green", "calls")  # type: ignore[attr-defined]
    [audit] = await service.audit_log(campaign_id)
    assert (audit.act, audit.actor, audit.reason, audit.seqs) == (
        "correct",
        "mod",
        "misclick",
        [2, 3, 4, 5],
    )
    assert audit.detail["stopped_at"] == 5
    assert audit.detail["removed"][-1]["action"] == {"type": "bid", "amount": 4}
    # The game goes on from the corrected history, and the dice still verify at the end.
    for user, side in ((RED, "low"), (BLUE, "high"), (GREEN, "low")):
        await service.submit(campaign_id, user, {"type": "call", "side": side})
    assert (await service.get_campaign(campaign_id)).status == "finished"
    assert (await service.verify_dice(campaign_id)).ok


async def test_rolls_after_a_correction_are_drawn_again_from_the_same_counter(
    service: CampaignService,
) -> None:
    campaign = await service.create_campaign(
        ruleset="dice_race", creator_id=RED, guild_id=7, channel_id=555, options={}, seed_hex=SEED
    )
    await service.join(campaign.id, RED, "Red", "red")
    await service.join(campaign.id, BLUE, "Blue", "blue")
    await service.start(campaign.id, RED)
    # red rolls, blue holds, red rolls, blue rolls: draws 0, 1 and 2.
    for user, kind in ((RED, "roll"), (BLUE, "hold"), (RED, "roll"), (BLUE, "roll")):
        await service.submit(campaign.id, user, {"type": kind})
    # Blue meant to roll at seq 2: that roll takes draw 1, and the later rolls move on.
    await service.correct_action(
        campaign.id, 2, {"type": "roll"}, actor="mod", reason="misclick", expected_seq=4
    )
    history = await service.history(campaign.id, limit=10)
    drawn = [(entry.seq, roll.draw, roll.value) for entry in history for roll in entry.rolls]
    assert drawn == [
        (seq, draw, draw_value(SEED, draw, 6)) for seq, draw in ((1, 0), (2, 1), (3, 2), (4, 3))
    ]
    state = await service.state_at(campaign.id, 4)
    assert state.rng.counter == 4
    assert state.totals == {  # type: ignore[attr-defined]
        "red": draw_value(SEED, 0, 6) + draw_value(SEED, 2, 6),
        "blue": draw_value(SEED, 1, 6) + draw_value(SEED, 3, 6),
    }


async def test_an_illegal_correction_is_refused_and_changes_nothing(
    service: CampaignService,
) -> None:
    campaign_id = await _auction_of_three(service)
    with pytest.raises(ServiceError) as refused:
        await service.preview_correction(campaign_id, 3, {"type": "bid", "amount": 2})
    assert refused.value.key == "core.error.not_a_legal_choice"
    with pytest.raises(ServiceError) as out_of_range:
        await service.preview_correction(campaign_id, 6, {"type": "pass"})
    assert out_of_range.value.key == "trust.error.bad_correction_seq"
    assert (await service.get_campaign(campaign_id)).seq == 5


async def test_a_correction_previewed_before_another_move_is_stale(
    service: CampaignService,
) -> None:
    campaign_id = await _auction_of_three(service)
    preview = await service.preview_correction(campaign_id, 4, {"type": "bid", "amount": 5})
    await service.submit(campaign_id, GREEN, {"type": "bid", "amount": 6})
    with pytest.raises(StaleSeq):
        await service.correct_action(
            campaign_id,
            4,
            {"type": "bid", "amount": 5},
            actor="mod",
            reason="x",
            expected_seq=preview.expected_seq,
        )
    assert (await service.get_campaign(campaign_id)).seq == 6
