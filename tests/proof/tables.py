"""Campaigns for the proof tests: a service on a temporary database and mini tables."""

from __future__ import annotations

import itertools
from typing import Any

from bot.services import CampaignService, ServiceError
from rulesets.core import state_hash
from tests.proof.crash_plan import USERS

SEED = "c0ffee" * 11 + "00"
CHANNEL = 8_000
_FRESH_CHANNELS = itertools.count(CHANNEL)
GUILD = 77


async def mini_table(
    service: CampaignService,
    seats: tuple[str, ...] = ("red", "blue", "green"),
    *,
    channel: int | None = None,
    seed_hex: str = SEED,
    guild: int = GUILD,
) -> int:
    """A started mini campaign with each seat held by its user from `USERS`, in a channel
    of its own unless one is given (a channel holds one campaign at a time)."""
    info = await service.create_campaign(
        ruleset="mini",
        creator_id=USERS[seats[0]],
        guild_id=guild,
        channel_id=channel if channel is not None else next(_FRESH_CHANNELS),
        options={},
        seed_hex=seed_hex,
    )
    for seat in seats:
        await service.join(info.id, USERS[seat], seat.title(), seat)
    await service.start(info.id, USERS[seats[0]])
    return info.id


async def fingerprint(service: CampaignService, campaign_id: int) -> tuple[Any, ...]:
    """What a refused request must leave untouched: seq, status, state, outbox, holders,
    audit trail."""
    campaign = await service.get_campaign(campaign_id)
    digest = None
    if campaign.seq >= 0:  # a campaign ended in the lobby has no state
        digest = state_hash(await service.state_at(campaign_id, campaign.seq))
    holders = {seat: row.user_id for seat, row in (await service.holders(campaign_id)).items()}
    return (
        campaign.seq,
        campaign.status,
        digest,
        await service.store.count_outbox(campaign_id),
        holders,
        len(await service.audit_log(campaign_id)),
    )


def is_refusal(outcome: object) -> bool:
    return isinstance(outcome, ServiceError)
