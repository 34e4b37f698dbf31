"""Random games played through the services with a channel, so that every step writes its
public report and private notes to the outbox: material for the secrecy checks."""

from __future__ import annotations

import random

from bot.services import CampaignService
from rulesets import registry
from tests.random_play import random_action

CHANNEL = 6_000


def user_for(seat: str, seats: list[str]) -> str:
    return str(5_000 + seats.index(seat))


async def played_campaign(
    service: CampaignService, ruleset_name: str, seed_number: int, max_steps: int
) -> tuple[int, dict[str, str]]:
    """A campaign of `ruleset_name` at its smallest table, played at random for up to
    `max_steps` steps; returns its id and the user holding each seat."""
    ruleset = registry.get(ruleset_name)
    seats = [spec.id for spec in ruleset.seat_pool()][: ruleset.min_players]
    info = await service.create_campaign(
        ruleset=ruleset_name,
        creator_id=user_for(seats[0], seats),
        guild_id=3,
        channel_id=CHANNEL + seed_number,
        options={},
        seed_hex=f"{seed_number + 1:064x}",
    )
    for seat in seats:
        await service.join(info.id, user_for(seat, seats), seat, seat)
    await service.start(info.id, user_for(seats[0], seats))
    rng = random.Random(seed_number)
    for _ in range(max_steps):
        prompts = await service.prompts(info.id)
        if not prompts:
            break
        prompt = rng.choice(prompts)
        await service.submit(
            info.id,
            user_for(prompt.seat, seats),
            random_action(prompt, rng),
            seat=prompt.seat,
        )
    return info.id, {seat: user_for(seat, seats) for seat in seats}
