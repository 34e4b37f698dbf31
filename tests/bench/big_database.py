"""The 10,000- or 100,000-campaign database for the memory and start-up figures: 200 games in play
(Struggle of Empires and Empires, forty actions in) and 9,800 finished miniature games."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bot.services import FakeClock, open_service
from rulesets import registry
from tests.bench.populate import clone_campaigns, planned_orders, play, started_campaign

ACTIVE_GAMES = 200
ACTIONS_IN = 40
BUILT_AT = datetime(2026, 1, 1, tzinfo=UTC)
"""The database's clock: its deadlines fall two days later."""


async def build_big_database(database: Path, campaigns: int) -> list[int]:
    """Returns the ids of the campaigns in play."""
    heavy: list[str] = [name for name in ("struggle", "empires") if name in _registered()]
    heavy = heavy or ["mini"]
    service = await open_service(database, FakeClock(BUILT_AT))
    templates = []
    for seed, name in enumerate(heavy, start=11):
        campaign_id = await started_campaign(service, name, seed)
        await play(service, campaign_id, planned_orders(name, seed, limit=ACTIONS_IN))
        templates.append(campaign_id)
    mini = await started_campaign(service, "mini", 99)
    await play(service, mini, planned_orders("mini", 99))
    await service.close()
    active = list(templates)
    share = ACTIVE_GAMES // len(templates)
    for template in templates:
        active += clone_campaigns(database, template, share - 1)
    clone_campaigns(database, mini, campaigns - len(active) - 1)
    return active


def _registered() -> set[str]:
    return {ruleset.name for ruleset in registry.all_rulesets()}
