"""Checking a campaign's dice: every recorded roll recomputed from the seed and the log.

Anyone holding the revealed seed can run this: the seed must match the commitment
published at creation, the draws must be numbered 0, 1, 2… in log order with no gap,
and each recorded value must be the one the seed gives for that draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.errors import ServiceError
from bot.storage import Store
from rulesets.core import Roll, seed_commitment
from rulesets.core.rng import draw_value


@dataclass(frozen=True)
class RollMismatch:
    seq: int
    draw: int
    sides: int
    recorded: int
    expected: int | None
    """None when the draw number itself is out of order (`expected_draw` says which)."""
    expected_draw: int


@dataclass(frozen=True)
class Verification:
    campaign_id: int
    commitment_ok: bool
    rolls_checked: int
    mismatch: RollMismatch | None

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.mismatch is None


def check_rolls(
    seed_hex: str, entries: list[tuple[int, list[Roll]]]
) -> tuple[int, RollMismatch | None]:
    """Recompute the rolls of `(seq, rolls)` entries; the count checked and the first error."""
    counter = 0
    for seq, rolls in entries:
        for roll in rolls:
            if roll.draw != counter:
                return counter, RollMismatch(seq, roll.draw, roll.sides, roll.value, None, counter)
            expected = draw_value(seed_hex, roll.draw, roll.sides)
            if expected != roll.value:
                return counter, RollMismatch(
                    seq, roll.draw, roll.sides, roll.value, expected, counter
                )
            counter += 1
    return counter, None


async def verify_campaign(
    store: Store, campaign_id: int, seed_hex: str | None = None
) -> Verification:
    """Verify a campaign's rolls with `seed_hex` (default: the stored seed)."""
    campaign = await store.get_campaign(campaign_id)
    if campaign is None:
        raise ServiceError("service.error.unknown_campaign", campaign=campaign_id)
    seed = seed_hex if seed_hex is not None else campaign.seed_hex
    try:
        commitment = seed_commitment(seed)
    except ValueError:
        raise ServiceError("service.error.bad_seed") from None
    entries = [
        (record.seq, [Roll.model_validate(raw) for raw in record.rolls])
        for record in await store.actions(campaign_id)
    ]
    checked, mismatch = check_rolls(seed, entries)
    return Verification(
        campaign_id=campaign_id,
        commitment_ok=commitment == campaign.seed_commitment,
        rolls_checked=checked,
        mismatch=mismatch,
    )
