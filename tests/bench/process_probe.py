"""The bot process without its Discord login, for the memory and start-up figures.

Usage: python -m tests.bench.process_probe DB [--active IDS_FILE] [--now ISO_TIME]

Imports what the bot imports (discord.py, the adapter, the services, every ruleset), opens
and migrates the database, loads the catalogues, and runs two scheduler ticks by a clock
stopped at `--now` (default: the real time): the first looks at every campaign changed
since the last tick (all of them in a fresh database), plays what is overdue and plans
each one's wake time; the second is the steady state. It prints `opened` before the ticks
and `ready <first tick seconds> <second tick seconds>` after them. Given a file of
campaign ids, it then plays one order in each (so each state is loaded and cached, as for
active tables) and prints `memory <VmRSS kB> <VmHWM kB>` from /proc/self/status.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from datetime import datetime
from pathlib import Path


def status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return -1


async def probe(database: Path, active_file: Path | None, now: datetime | None) -> None:
    import bot.discord.client  # noqa: F401  (the adapter and discord.py, as the bot loads them)
    from bot.i18n import LANGUAGES, catalogue
    from bot.services import FakeClock, open_service
    from rulesets import registry
    from tests.fixtures.mini_game import MINI  # the bench databases hold miniature tables

    registry.register(MINI)
    registry.all_rulesets()
    for language in LANGUAGES:
        catalogue(language)
    service = await open_service(database, None if now is None else FakeClock(now))
    print("opened", flush=True)
    ticks = []
    for _ in range(2):
        began = time.perf_counter()
        await service.run_due()
        ticks.append(time.perf_counter() - began)
    print(f"ready {ticks[0]:.3f} {ticks[1]:.3f}", flush=True)
    if active_file is None:
        await service.close()
        return
    for campaign_id in (int(n) for n in active_file.read_text().split()):
        prompts = await service.prompts(campaign_id)
        if prompts:
            prompt = prompts[0]
            order = prompt.choices[0].instantiate()
            holders = await service.holders(campaign_id)
            await service.submit(campaign_id, holders[prompt.seat].user_id, order, seat=prompt.seat)
        await service.public_view(campaign_id)
    print(f"memory {status_kb('VmRSS')} {status_kb('VmHWM')}", flush=True)
    await service.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("database", type=Path)
    parser.add_argument("--active", type=Path, default=None)
    parser.add_argument("--now", type=datetime.fromisoformat, default=None)
    arguments = parser.parse_args()
    asyncio.run(probe(arguments.database, arguments.active, arguments.now))
