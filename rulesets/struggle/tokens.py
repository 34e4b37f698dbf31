"""Control tokens planted on the map, saying so when a power's supply has run out."""

from __future__ import annotations

from rulesets.core import StepContext
from rulesets.struggle.state import StruggleState, place_token

Ctx = StepContext[StruggleState]


def plant_token(ctx: Ctx, region: str, power: str) -> bool:
    """Put one of `power`'s tokens in `region`; an empty supply is reported, not silent."""
    if place_token(ctx.state, region, power):
        return True
    ctx.emit("soe.no_token_left", power=power, region=region)
    return False
