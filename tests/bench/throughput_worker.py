"""One bot process of the throughput bench: plays the first MOVES orders of the planned
game in each of its campaigns, round-robin, as fast as the store accepts them.

Usage: python -m tests.bench.throughput_worker DATABASE MOVES SEED ID,ID,…
Prints `ready` once its service is open, waits for a line on stdin, then prints the number
of orders it committed.
"""

from __future__ import annotations

import asyncio
import sys

from bot.services import FakeClock, open_service
from rulesets import registry
from tests.bench.populate import planned_orders
from tests.fixtures.mini_game import MINI


async def play(database: str, moves: int, seed: int, ids: list[int]) -> int:
    service = await open_service(database, FakeClock())
    ruleset = (await service.get_campaign(ids[0])).ruleset
    orders = planned_orders(ruleset, seed, limit=moves)
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)
    committed = 0
    for user, seat, action in orders:
        for campaign_id in ids:
            await service.submit(campaign_id, user, action, seat=seat)
            committed += 1
    await service.close()
    return committed


def main() -> None:
    registry.register(MINI)
    database, moves, seed, ids = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    print(asyncio.run(play(database, moves, seed, [int(i) for i in ids.split(",")])), flush=True)


if __name__ == "__main__":
    main()
