"""Struggle of Empires through the trust services: random legal play, a correction a few
steps back, export and import, and the dice verified once the campaign is ended."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.services import CampaignService, FakeClock, open_service
from rulesets import registry
from rulesets.core import Prompt, legal_prompts, state_hash
from tests.random_play import random_action

SEED = "ab" * 32
STEPS = 60


@pytest.fixture
async def elsewhere(tmp_path: Path, clock: FakeClock) -> AsyncIterator[CampaignService]:
    opened = await open_service(tmp_path / "elsewhere.sqlite3", clock, snapshot_every=10)
    yield opened
    await opened.close()


async def _random_campaign(
    service: CampaignService, rng: random.Random
) -> tuple[int, dict[str, str]]:
    """A three-player campaign played STEPS random legal steps through the service."""
    seats = [spec.id for spec in registry.get("struggle").seat_pool()][:3]
    campaign = await service.create_campaign(
        ruleset="struggle", creator_id="1", guild_id=1, channel_id=2, options={}, seed_hex=SEED
    )
    users = {seat: str(100 + number) for number, seat in enumerate(seats)}
    for seat, user in users.items():
        await service.join(campaign.id, user, seat, seat)
    await service.start(campaign.id, "1")
    for _ in range(STEPS):
        prompt = rng.choice(await service.prompts(campaign.id))
        await service.submit(
            campaign.id, users[prompt.seat], random_action(prompt, rng), seat=prompt.seat
        )
    return campaign.id, users


async def _hashes(service: CampaignService, campaign_id: int) -> list[str]:
    seq = (await service.get_campaign(campaign_id)).seq
    return [state_hash(await service.state_at(campaign_id, n)) for n in range(seq + 1)]


async def test_a_struggle_campaign_corrects_exports_imports_and_verifies(
    service: CampaignService, elsewhere: CampaignService
) -> None:
    rng = random.Random(7)
    campaign_id, _ = await _random_campaign(service, rng)
    before = await service.history(campaign_id, limit=STEPS + 1)

    # Replace the action three steps back by another legal one of the same seat.
    target = before[-4]
    assert target.seat is not None
    [prompt] = [
        p for p in await _prompts_at(service, campaign_id, target.seq - 1) if p.seat == target.seat
    ]
    other = next(
        action
        for action in (random_action(prompt, rng) for _ in range(200))
        if action != target.action
    )
    preview = await service.preview_correction(campaign_id, target.seq, other)
    await service.correct_action(
        campaign_id, target.seq, other, actor="mod", reason="misclick", expected_seq=STEPS
    )
    after = await service.history(campaign_id, limit=STEPS + 1)
    assert after[-1].seq == target.seq + len(preview.kept)
    assert preview.kept == list(range(target.seq + 1, target.seq + 1 + len(preview.kept)))
    if preview.stopped_at is not None:
        assert preview.stopped_at == target.seq + 1 + len(preview.kept)
    assert [e.action for e in after[target.seq + 1 :]] == [
        e.action for e in before[target.seq + 1 : target.seq + 1 + len(preview.kept)]
    ]
    assert after[target.seq].action == other

    await service.end_campaign(campaign_id, actor="mod", reason="enough for a test")
    checked = await service.verify_dice(campaign_id)
    assert checked.ok and checked.replay.ok and checked.rolls_checked > 0

    new_id = (
        await elsewhere.import_campaign(
            await service.export_campaign(campaign_id),
            actor="mod",
            reason="copy",
            guild_id=1,
            channel_id=3,
        )
    ).id
    assert await _hashes(elsewhere, new_id) == await _hashes(service, campaign_id)


async def _prompts_at(service: CampaignService, campaign_id: int, seq: int) -> list[Prompt]:
    return legal_prompts(registry.get("struggle"), await service.state_at(campaign_id, seq))
