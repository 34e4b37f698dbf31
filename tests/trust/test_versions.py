"""Ruleset versions: a campaign made under older rules is replayed, and a divergence is
reported to the table and stops play instead of silently changing the game."""

from __future__ import annotations

from typing import Any, ClassVar

from bot.services import CampaignService
from rulesets.core import StepContext
from tests.services.conftest import BLUE, RED, SEED
from tests.trust.dice_race import DiceRace, RaceState, RollDie


class SameRulesNewVersion(DiceRace):
    version: ClassVar[str] = "2"


class DoubleDice(DiceRace):
    """Version 3 counts every roll twice: the totals of old games change."""

    version: ClassVar[str] = "3"

    def apply(self, ctx: StepContext[RaceState], seat: str, action: Any) -> None:
        before = ctx.state.totals[seat]
        super().apply(ctx, seat, action)
        if isinstance(action, RollDie):
            ctx.state.totals[seat] += ctx.state.totals[seat] - before


async def _race(service: CampaignService, moves: tuple[str, ...] = ("roll", "hold")) -> int:
    campaign = await service.create_campaign(
        ruleset="dice_race", creator_id=RED, guild_id=7, channel_id=555, options={}, seed_hex=SEED
    )
    await service.join(campaign.id, RED, "Red", "red")
    await service.join(campaign.id, BLUE, "Blue", "blue")
    await service.start(campaign.id, RED)
    for user, kind in zip((RED, BLUE) * 3, moves, strict=False):
        await service.submit(campaign.id, user, {"type": kind})
    return campaign.id


async def _announced_acts(service: CampaignService) -> list[str]:
    return [
        item.payload["params"]["act"]
        for item in await service.pending_outbox(200)
        if item.payload.get("kind") == "audit"
    ]


async def test_campaigns_of_the_current_version_are_not_replayed(service: CampaignService) -> None:
    await _race(service)
    assert await service.check_versions() == []


async def test_an_identical_history_under_new_rules_is_reported_once(
    service: CampaignService, rules_upgrade: Any
) -> None:
    campaign_id = await _race(service)
    rules_upgrade(SameRulesNewVersion())
    [report] = await service.check_versions()
    assert (report.campaign_id, report.ok, report.paused) == (campaign_id, True, False)
    assert (report.recorded_version, report.current_version) == ("1", "2")
    assert await service.check_versions() == []  # already checked under version 2
    campaign = await service.get_campaign(campaign_id)
    assert (campaign.status, campaign.ruleset_version) == ("active", "1")
    assert await _announced_acts(service) == ["version_check"]


async def test_a_diverging_history_is_reported_and_play_stops(
    service: CampaignService, rules_upgrade: Any
) -> None:
    campaign_id = await _race(service)
    rules_upgrade(DoubleDice())
    [report] = await service.check_versions()
    assert (report.ok, report.problem, report.seq, report.paused) == (False, "state_hash", 1, True)
    assert (await service.get_campaign(campaign_id)).status == "paused"
    [audit] = await service.audit_log(campaign_id)
    assert (audit.act, audit.actor, audit.seqs) == ("version_check", "courier", [1])
    assert audit.detail == {"version": "3", "ok": False, "problem": "state_hash", "seq": 1}
    assert await _announced_acts(service) == ["version_check"]
    # Reported once per version (a restart does not repeat it), unless asked again.
    assert await service.check_versions() == []
    assert [r.campaign_id for r in await service.check_versions(recheck=True)] == [campaign_id]
