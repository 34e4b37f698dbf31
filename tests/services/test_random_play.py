"""Random legal play through the service, with undos and rollbacks mixed in: whatever the
path, the stored log rebuilds the very state the service holds, at every seq."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.services import CampaignService, FakeClock, open_service, verify_campaign
from rulesets.core import state_hash
from tests.random_play import random_action
from tests.services.conftest import USERS, new_table


async def wander(service: CampaignService, campaign_id: int, rng: random.Random) -> None:
    """Play random legal choices; now and then a moderator undoes or rolls back."""
    for _ in range(40):
        campaign = await service.get_campaign(campaign_id)
        if campaign.status == "finished":
            return
        roll = rng.random()
        if roll < 0.15 and campaign.seq > 0:
            await service.undo_last(campaign_id, actor="mod", reason="random undo")
        elif roll < 0.2 and campaign.seq > 0:
            target = rng.randrange(campaign.seq)
            await service.rollback(campaign_id, target, actor="mod", reason="random rollback")
        else:
            prompt = rng.choice(await service.prompts(campaign_id))
            await service.submit(campaign_id, USERS[prompt.seat], random_action(prompt, rng))


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(min_value=0, max_value=2**32))
async def test_any_path_of_play_and_undo_replays_exactly(tmp_path: Path, seed: int) -> None:
    db = tmp_path / f"wander-{seed}.sqlite3"
    service = await open_service(db, FakeClock(), snapshot_every=3)
    try:
        campaign_id = await new_table(service, seats=("red", "blue", "green"))
        await service.start(campaign_id, USERS["red"])
        await wander(service, campaign_id, random.Random(seed))
        seq = (await service.get_campaign(campaign_id)).seq
        held = state_hash(await service.state_at(campaign_id, seq))
    finally:
        await service.close()
    cold = await open_service(db, FakeClock(), snapshot_every=3)
    try:
        log = await cold.history(campaign_id, limit=1000)
        assert [entry.seq for entry in log] == list(range(seq + 1))
        for entry in log:
            assert state_hash(await cold.state_at(campaign_id, entry.seq)) == entry.state_hash
        assert log[-1].state_hash == held
        assert (await verify_campaign(cold.store, campaign_id)).ok
    finally:
        await cold.close()
