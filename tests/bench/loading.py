"""(b) Loading a campaign with a long log into a fresh process, from the newest snapshot
and, with the snapshots deleted, by replaying the whole log (checking every state hash).

The log is written in one store transaction (`import_campaign`), as an import would.
Two games: the bench's own 5,000-action game (almost free rules: the cost is storage and
replay machinery) and a whole real game, for the per-action cost of real rules.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from bot.services import FakeClock, open_service
from bot.storage import ActionRecord, NewCampaign
from bot.storage.base import TenureRecord
from rulesets import registry
from rulesets.core import legal_prompts, seed_commitment, start, state_hash, submit
from tests.bench.figures import Figure, median, ms
from tests.bench.long_game import LONG_GAME
from tests.random_play import random_action

SNAPSHOT_EVERY = 50
REPEATS = 3


def kernel_log(
    ruleset_name: str, seed_hex: str, length: int
) -> tuple[list[str], list[ActionRecord], dict[int, dict[str, Any]]]:
    """A log of random legal play (up to `length` actions) and its snapshots."""
    clock = FakeClock()
    ruleset = registry.get(ruleset_name)
    seats = [spec.id for spec in ruleset.seat_pool()][: ruleset.min_players]
    outcome = start(ruleset, seats, {}, seed_hex)
    rng = random.Random(1)
    entries, snapshots = [], {}
    seat: str | None = None
    action: dict[str, Any] = {"type": "start", "seats": seats}
    while True:
        state = outcome.state
        entries.append(
            ActionRecord(
                seq=state.seq,
                seat=seat,
                action=action,
                events=[event.model_dump(mode="json") for event in outcome.events],
                rolls=[roll.model_dump() for roll in outcome.rolls],
                state_hash=state_hash(state),
                actor="u0",
                at=clock.now(),
            )
        )
        if state.seq and state.seq % SNAPSHOT_EVERY == 0:
            snapshots[state.seq] = state.model_dump(mode="json")
        if state.finished or state.seq >= length:
            return seats, entries, snapshots
        prompt = rng.choice(legal_prompts(ruleset, state))
        seat, action = prompt.seat, random_action(prompt, rng)
        outcome = submit(ruleset, state, seat, action)


async def stored_campaign(
    database: Path, ruleset_name: str, length: int, *, with_snapshots: bool
) -> tuple[int, int]:
    seed = "b0" * 32
    seats, entries, snapshots = kernel_log(ruleset_name, seed, length)
    clock = FakeClock()
    service = await open_service(database, clock)
    row = await service.store.import_campaign(
        NewCampaign(
            ruleset=ruleset_name,
            ruleset_version=registry.get(ruleset_name).version,
            options={},
            data=None,
            seed_hex=seed,
            seed_commitment=seed_commitment(seed),
            guild_id=1,
            channel_id=None,
            language="en",
            creator="u0",
            created_at=clock.now(),
        ),
        status="active",
        tenures=[TenureRecord(s, f"u{i}", s, clock.now(), None) for i, s in enumerate(seats)],
        entries=entries,
        audit=[],
        snapshots=snapshots if with_snapshots else {},
    )
    await service.close()
    return row.id, entries[-1].seq


async def load_seconds(database: Path, campaign_id: int, seq: int) -> list[float]:
    """Seconds to rebuild the state at `seq` in a service with a cold cache."""
    times = []
    for _ in range(REPEATS):
        service = await open_service(database, FakeClock())
        began = time.perf_counter()
        await service.state_at(campaign_id, seq)
        times.append(time.perf_counter() - began)
        await service.close()
    return times


async def loading_figures(folder: Path, real_ruleset: str | None) -> list[Figure]:
    section = "(b) load a campaign into a fresh process (cold cache)"
    registry.register(LONG_GAME)
    figures = []
    games = [(LONG_GAME.name, 5_000)]
    if real_ruleset is not None:
        games.append((real_ruleset, 100_000))
    for name, length in games:
        for with_snapshots in (True, False):
            database = folder / f"load-{name}-{with_snapshots}.sqlite3"
            campaign_id, last = await stored_campaign(
                database, name, length, with_snapshots=with_snapshots
            )
            if with_snapshots:
                # Exactly at a snapshot, and 49 steps after one: the worst case, replayed.
                at_snapshot = last - last % SNAPSHOT_EVERY
                worst = at_snapshot - 1 if last % SNAPSHOT_EVERY < SNAPSHOT_EVERY - 1 else last
                points = [(at_snapshot, "at a snapshot"), (worst, "49 steps after a snapshot")]
            else:
                points = [(last, "no snapshot, full replay")]
            for seq, label in points:
                target = "< 100 ms" if with_snapshots else "(none: the fallback path)"
                seconds = median(await load_seconds(database, campaign_id, seq))
                met = seconds < 0.1 if with_snapshots else None
                figures.append(
                    Figure(section, f"{name}, step {seq:,}, {label}", ms(seconds), target, met)
                )
    return figures
