"""The bot process without its Discord login, for the memory and start-up figures.

Usage: python -m tests.bench.process_probe DB [ACTIVE_IDS_FILE]

Imports what the bot imports (discord.py, the adapter, the services, every ruleset), opens
and migrates the database, loads the catalogues, runs the first scheduler tick (which
re-arms every running campaign's deadlines) and prints `opened` before the tick and
`ready <tick seconds>` after it. Given a file
of campaign ids, it then plays one order in each (so each state is loaded and cached, as
for active tables) and prints `memory <VmRSS kB> <VmHWM kB>` from /proc/self/status.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path


def status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return -1


async def probe(database: Path, active_file: Path | None) -> None:
    import bot.discord.client  # noqa: F401  (the adapter and discord.py, as the bot loads them)
    from bot.i18n import LANGUAGES, catalogue
    from bot.services import open_service
    from rulesets import registry
    from tests.fixtures.mini_game import MINI  # the bench databases hold miniature tables

    registry.register(MINI)
    registry.all_rulesets()
    for language in LANGUAGES:
        catalogue(language)
    service = await open_service(database)
    print("opened", flush=True)
    began = time.perf_counter()
    run_due = getattr(service, "run_due", None)
    if run_due is not None:
        await run_due()
    print(f"ready {time.perf_counter() - began:.3f}", flush=True)
    if active_file is None:
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
    arguments = [Path(arg) for arg in sys.argv[1:]]
    asyncio.run(probe(arguments[0], arguments[1] if len(arguments) > 1 else None))
