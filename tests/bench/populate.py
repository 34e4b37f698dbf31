"""Fast bench databases: one real campaign made through the services, then cloned with
`INSERT … SELECT` in a single transaction (ten thousand campaigns in about a second).

A clone copies every row that belongs to the campaign (log, seats, snapshots, schedule),
so it loads and plays like the original: the state holds no campaign id.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

from rulesets import registry
from rulesets.core import legal_prompts, start, submit
from tests.random_play import random_action

# The original's history (outbox, audit) is not needed by a clone; its wake time is written
# by the database's own triggers for each clone.
SKIPPED_TABLES = {"outbox", "audit", "campaign_wake"}


def _columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


def _child_tables(db: sqlite3.Connection) -> list[str]:
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    return [
        name for name in names if name not in SKIPPED_TABLES and "campaign_id" in _columns(db, name)
    ]


def clone_campaigns(database: Path, template_id: int, count: int) -> list[int]:
    """Add `count` copies of campaign `template_id`; returns their ids."""
    db = sqlite3.connect(database)
    try:
        db.execute("BEGIN IMMEDIATE")
        campaign_columns = [c for c in _columns(db, "campaigns") if c not in ("id", "channel_id")]
        listed = ", ".join(campaign_columns)
        start = db.execute("SELECT COALESCE(MAX(id), 0) FROM campaigns").fetchone()[0] + 1
        ids = list(range(start, start + count))
        db.executemany(
            f"INSERT INTO campaigns (id, channel_id, {listed})"
            f" SELECT ?, ?, {listed} FROM campaigns WHERE id = ?",
            [(new_id, 10**9 + new_id, template_id) for new_id in ids],
        )
        for table in _child_tables(db):
            columns = [c for c in _columns(db, table) if c not in ("id", "campaign_id")]
            names = ", ".join(columns)
            db.executemany(
                f"INSERT INTO {table} (campaign_id, {names})"
                f" SELECT ?, {names} FROM {table} WHERE campaign_id = ?",
                [(new_id, template_id) for new_id in ids],
            )
        db.execute("COMMIT")
    finally:
        db.close()
    return ids


def player(index: int) -> str:
    """The Discord user id of the bench's `index`-th player."""
    return str(1_000 + index)


async def started_campaign(service: Any, ruleset_name: str, seed: int, *, players: int = 0) -> int:
    """A campaign of `ruleset_name` started through the services (users `player(0)`, …)."""
    ruleset = registry.get(ruleset_name)
    seats = [spec.id for spec in ruleset.seat_pool()][: players or ruleset.min_players]
    info = await service.create_campaign(
        ruleset=ruleset_name,
        creator_id="u0",
        guild_id=1,
        channel_id=seed,
        options={},
        seed_hex=f"{seed:064x}",
    )
    for index, seat in enumerate(seats):
        await service.join(info.id, player(index), seat, seat)
    await service.start(info.id, "u0")
    return int(info.id)


def planned_orders(
    ruleset_name: str, seed: int, *, players: int = 0, limit: int = 100_000
) -> list[tuple[str, str, dict[str, Any]]]:
    """A random legal game for `started_campaign(ruleset_name, seed)`, as (user, seat,
    action) triples, computed by the kernel alone."""
    ruleset = registry.get(ruleset_name)
    seats = [spec.id for spec in ruleset.seat_pool()][: players or ruleset.min_players]
    state = start(ruleset, seats, {}, f"{seed:064x}").state
    rng = random.Random(seed)
    orders: list[tuple[str, str, dict[str, Any]]] = []
    while not state.finished and len(orders) < limit:
        prompt = rng.choice(legal_prompts(ruleset, state))
        action = random_action(prompt, rng)
        state = submit(ruleset, state, prompt.seat, action).state
        orders.append((player(seats.index(prompt.seat)), prompt.seat, action))
    return orders


async def play(
    service: Any, campaign_id: int, orders: list[tuple[str, str, dict[str, Any]]]
) -> None:
    for user, seat, action in orders:
        await service.submit(campaign_id, user, action, seat=seat)
