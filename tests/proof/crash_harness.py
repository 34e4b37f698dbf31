"""Kill the crash worker at chosen or random moments, restart it, and check the database.

After every kill: each acknowledged step is in the log as planned, no step is half
written (log, seq, outbox rows and snapshots agree), and the state replays to the recorded
hashes from scratch. After the last run: every outbox row was delivered and each of its
messages posted (the maps and prompts of every committed step included, though a kill
fell between the commit and their posting), in the order of the rows, and a message was
sent twice only when a kill fell between its send and its mark (Discord's nonce then
answers with the first message).

The database is a SQLite file or a PostgreSQL URL; the checks read its tables through the
store's own row reader (`bot.storage.copying`), so they hold the same on both.
"""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.services import open_service, verify_campaign
from bot.services.replay import replay
from bot.storage import open_store
from bot.storage.copying import TABLES, Row, rows_of
from rulesets import registry
from rulesets.core import legal_prompts, start, state_hash, submit
from tests.proof.crash_plan import (
    CHANNEL,
    USERS,
    PlannedCampaign,
    load_plan,
    mini_board,
    random_game,
    save_plan,
    seed_for,
)

REPO = Path(__file__).resolve().parents[2]
PAUSE_POINTS = ("in_append", "in_snapshot", "after_commit", "after_send")


@dataclass
class CrashTable:
    database: str
    """A SQLite file's path or a PostgreSQL URL."""
    plan_path: Path
    sent_log: Path
    acknowledged: set[tuple[int, int]] = field(default_factory=set)
    kills: int = 0
    interrupted_sends: set[str] = field(default_factory=set)
    """The last nonce each killed run had sent: the only ones that may be sent twice."""


async def _prepare(database: str, campaigns: int, seats: list[str]) -> list[PlannedCampaign]:
    service = await open_service(database)
    planned = []
    for number in range(campaigns):
        seed = seed_for(number + 1)
        info = await service.create_campaign(
            ruleset="mini",
            creator_id=USERS[seats[0]],
            guild_id=1,
            channel_id=CHANNEL + number,
            options={},
            seed_hex=seed,
        )
        for seat in seats:
            await service.join(info.id, USERS[seat], seat, seat)
        await service.start(info.id, USERS[seats[0]])
        planned.append(
            PlannedCampaign(info.id, seed, seats, random_game("mini", seats, seed, number))
        )
    await service.close()
    return planned


def prepare_table(folder: Path, campaigns: int, database: str | None = None) -> CrashTable:
    """Campaigns in the lobby-started state, and a plan of whole games for them, in
    `database` (else a SQLite file in `folder`)."""
    database = database or str(folder / "crash.sqlite3")
    table = CrashTable(database, folder / "plan.json", folder / "sent.log")
    seats = ["red", "blue", "green"]
    save_plan(table.plan_path, asyncio.run(_prepare(table.database, campaigns, seats)))
    return table


def _worker(table: CrashTable, pause: tuple[str, int] | None) -> subprocess.Popen[str]:
    args = [sys.executable, "-m", "tests.proof.crash_worker"]
    args += [table.database, str(table.plan_path), str(table.sent_log)]
    if pause is not None:
        args += [pause[0], str(pause[1])]
    return subprocess.Popen(
        args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _read(table: CrashTable, line: str) -> None:
    words = line.split()
    if words[:1] == ["ack"]:
        table.acknowledged.add((int(words[1]), int(words[2])))


def _last_logged_send(table: CrashTable) -> str | None:
    if not table.sent_log.exists():
        return None
    logged = table.sent_log.read_text().split()
    return logged[-1] if logged else None


def run_until_killed(
    table: CrashTable, rng: random.Random, pause: tuple[str, int] | None = None
) -> bool:
    """One run, killed at the pause point or after a random number of acknowledgements and a
    random delay. Returns False when the run finished before it could be killed."""
    process = _worker(table, pause)
    assert process.stdout is not None
    acks_before_kill = rng.randint(0, 12)
    finished = False
    for line in process.stdout:
        _read(table, line)
        if line.startswith("done"):
            finished = True
            break
        if pause is not None and line.startswith("pause"):
            break
        if pause is None and line.startswith("ack"):
            acks_before_kill -= 1
            if acks_before_kill < 0:
                time.sleep(rng.uniform(0, 0.02))  # lands anywhere in the next step
                break
    process.send_signal(signal.SIGKILL)
    for line in process.stdout:  # what it printed before dying was acknowledged too
        _read(table, line)
        finished = finished or line.startswith("done")
    process.wait()
    assert process.stderr is not None
    errors = process.stderr.read()
    # A worker that died on its own (an exception) is a failure, not a kill.
    assert process.returncode in (0, -signal.SIGKILL), errors[-3000:]
    if not finished:
        table.kills += 1
        # The sent log, not stdout, says what was sent last: a kill can fall between the
        # send and the worker's "sent" line.
        logged = _last_logged_send(table)
        if logged is not None:
            table.interrupted_sends.add(logged)
    return not finished


def run_to_completion(table: CrashTable) -> None:
    process = _worker(table, None)
    out, errors = process.communicate(timeout=600)
    for line in out.splitlines():
        _read(table, line)
    assert process.returncode == 0 and out.rstrip().endswith("done"), errors[-3000:]


# The checks ------------------------------------------------------------------------------

Tables = dict[str, list[Row]]
CHECKED = ("campaigns", "actions", "snapshots", "outbox", "prompt_posts")


async def _read_rows(database: str) -> Tables:
    store = await open_store(database)
    try:
        return {
            table.name: [row async for row in rows_of(store, table)]  # type: ignore[arg-type]
            for table in TABLES
            if table.name in CHECKED
        }
    finally:
        await store.close()


def read_tables(database: str) -> Tables:
    """The rows the checks read, decoded (JSON values as Python values), in key order."""
    return asyncio.run(_read_rows(database))


def _of(rows: list[Row], campaign_id: int) -> list[Row]:
    return [row for row in rows if row["campaign_id"] == campaign_id]


def _expected_outbox(
    planned: PlannedCampaign, entries: list[Row], finished_seq: int | None
) -> Counter[tuple[str, str, int]]:
    """The outbox rows the services must have written for these log entries."""
    expected: Counter[tuple[str, str, int]] = Counter()
    for entry in entries:
        events = entry["events"]
        public = [event for event in events if event.get("visible_to") is None]
        channel = str(CHANNEL + planned.campaign_id - 1)
        if public or entry["seq"] == finished_seq:
            expected["channel", channel, entry["seq"]] += 1
        expected["channel", channel, entry["seq"]] += 1  # its prompts
        if entry["seq"] > 0 and mini_board(entry["seq"]) != mini_board(entry["seq"] - 1):
            expected["channel", channel, entry["seq"]] += 1  # its map
        for seat in planned.seats:
            if any(seat in (event.get("visible_to") or []) for event in events):
                expected["dm", USERS[seat], entry["seq"]] += 1
    return expected


def check_log_and_outbox(table: CrashTable) -> None:
    """Acknowledged steps present; log, seq, status, snapshots and outbox agree."""
    plan = load_plan(table.plan_path)
    tables = read_tables(table.database)
    campaigns = {row["id"]: row for row in tables["campaigns"]}
    for planned in plan:
        cid = planned.campaign_id
        campaign = campaigns[cid]
        entries = sorted(_of(tables["actions"], cid), key=lambda entry: entry["seq"])
        seqs = [entry["seq"] for entry in entries]
        assert seqs == list(range(campaign["seq"] + 1)), (cid, seqs, campaign["seq"])
        for entry in entries[1:]:
            step = planned.steps[entry["seq"] - 1]
            assert (entry["seat"], entry["action"]) == (step.seat, step.action)
        acked = {seq for campaign_id, seq in table.acknowledged if campaign_id == cid}
        assert acked <= set(seqs), f"acknowledged but lost: {sorted(acked - set(seqs))}"
        over = campaign["seq"] == len(planned.steps)
        assert campaign["status"] == ("finished" if over else "active")
        snapshots = _of(tables["snapshots"], cid)
        assert all(row["seq"] <= campaign["seq"] for row in snapshots)
        rows = _of(tables["outbox"], cid)
        # Notices (the dice commitment at creation) belong to no step.
        assert all("seq" in row["payload"] or row["payload"]["kind"] == "notice" for row in rows)
        actual = Counter(
            (row["target_kind"], row["target_id"], row["payload"]["seq"])
            for row in rows
            if "seq" in row["payload"]
        )
        assert actual == _expected_outbox(planned, entries, campaign["seq"] if over else None)


async def check_replay(table: CrashTable) -> None:
    """A fresh process state: every campaign rebuilds to its recorded hash, from its
    snapshots and from scratch, and its dice verify."""
    service = await open_service(table.database)
    try:
        for planned in load_plan(table.plan_path):
            campaign = await service.get_campaign(planned.campaign_id)
            [last] = await service.history(planned.campaign_id, limit=1)
            state = await service.state_at(planned.campaign_id, campaign.seq)
            assert state_hash(state) == last.state_hash
            row = await service.store.get_campaign(planned.campaign_id)
            assert row is not None
            entries = await service.store.actions(planned.campaign_id)
            from_scratch = replay(registry.get("mini"), row, None, entries)
            assert state_hash(from_scratch) == last.state_hash
            assert (await verify_campaign(service.store, planned.campaign_id)).ok
    finally:
        await service.close()


def _expected_nonces(tables: Tables) -> dict[int, list[str]]:
    """The messages each outbox row must have posted: one (its id as nonce), or for a
    "prompts opened" row one per open prompt (`p<id>.<n>`) that did not take over an earlier
    prompt message of its seat (that one is edited in place), none for prompts closed."""
    expected: dict[int, list[str]] = {}
    plan_states: dict[tuple[int, int], int] = {}
    shown: dict[int, dict[int, str]] = {}  # outbox id -> position -> message id
    for post in tables["prompt_posts"]:
        shown.setdefault(post["outbox_id"], {})[post["position"]] = post["message_id"]
    posted_before: set[str] = set()
    rows = [(row["id"], row["campaign_id"], row["payload"]) for row in tables["outbox"]]
    payloads = {row_id: payload for row_id, _, payload in rows}
    for row_id, campaign_id, payload in rows:
        if payload["kind"] == "board_changed" and _beside(payload, payloads.get(row_id + 1)):
            expected[row_id] = []  # posted in its step's first new prompt message
            continue
        if payload["kind"] != "prompts_opened":
            expected[row_id] = [str(row_id)]
            continue
        count = 0
        if payload["open"]:
            key = (campaign_id, payload["seq"])
            if key not in plan_states:
                plan_states[key] = _prompt_count(tables, campaign_id, payload["seq"])
            count = plan_states[key]
        mine = shown.get(row_id, {})
        assert sorted(mine) == list(range(count)), f"row {row_id} shows {sorted(mine)}"
        expected[row_id] = [
            f"p{row_id}.{number}" for number in range(count) if mine[number] not in posted_before
        ]
        posted_before |= set(mine.values())
    return expected


def _beside(board: dict[str, Any], prompts: dict[str, Any] | None) -> bool:
    """Whether a map row goes out with the prompts row after it (the same step's, open)."""
    return (
        prompts is not None
        and prompts["kind"] == "prompts_opened"
        and prompts["open"]
        and prompts["seq"] == board["seq"]
    )


def _optional_nonces(tables: Tables) -> set[str]:
    """Sends a delivery may make or not: the map of a step posted alone, first, when none
    of its prompts needs a new message (`m<prompts row>`), or when its prompts row was
    overtaken by a newer step (the map row's own id)."""
    payloads = {row["id"]: row["payload"] for row in tables["outbox"]}
    optional: set[str] = set()
    for row_id, payload in payloads.items():
        if payload["kind"] == "board_changed" and _beside(payload, payloads.get(row_id + 1)):
            optional |= {str(row_id), f"m{row_id + 1}"}
    return optional


def _prompt_count(tables: Tables, campaign_id: int, seq: int) -> int:
    """How many prompts are open after step `seq`, by replaying the log up to it."""
    mini = registry.get("mini")
    [seed] = [row["seed_hex"] for row in tables["campaigns"] if row["id"] == campaign_id]
    entries = sorted(_of(tables["actions"], campaign_id), key=lambda entry: entry["seq"])
    state = start(mini, entries[0]["action"]["seats"], {}, seed).state
    for entry in entries[1 : seq + 1]:
        state = submit(mini, state, entry["seat"], entry["action"]).state
    return len(legal_prompts(mini, state))


def check_delivery(table: CrashTable) -> int:
    """Every outbox row delivered and marked, each of its messages posted once (maps and
    prompts included), in the order of the rows; returns how many sends were repeats."""
    tables = read_tables(table.database)
    expected = _expected_nonces(tables)
    optional = _optional_nonces(tables)
    pending = [row["id"] for row in tables["outbox"] if row["delivered_at"] is None]
    open_posts = [
        (post["campaign_id"], post["outbox_id"])
        for post in tables["prompt_posts"]
        if post["closed_at"] is None
    ]
    newest_prompts = {
        row["campaign_id"]: row["id"]  # rows in id order: the last one stays
        for row in tables["outbox"]
        if row["payload"]["kind"] == "prompts_opened"
    }
    campaign_of = {row["id"]: row["campaign_id"] for row in tables["outbox"]}
    requests = table.sent_log.read_text().split()
    sends = Counter(requests)
    assert pending == []
    wanted = {nonce for nonces in expected.values() for nonce in nonces}
    assert set(sends) - optional == wanted, f"never posted: {sorted(wanted - set(sends))[:10]}"
    repeated = {nonce for nonce, count in sends.items() if count > 1}
    assert repeated <= table.interrupted_sends, (
        f"sent twice without a kill in between: {sorted(repeated - table.interrupted_sends)}"
    )
    # In order: a campaign's messages appear in the order of its rows (a step's map before
    # the prompts it opens, and those before the next step's report).
    first_seen = {nonce: position for position, nonce in reversed(list(enumerate(requests)))}
    by_campaign: dict[int, list[tuple[int, int]]] = {}
    for row_id, nonces in expected.items():
        for nonce in nonces:
            by_campaign.setdefault(campaign_of[row_id], []).append((row_id, first_seen[nonce]))
    for campaign_id, posted in by_campaign.items():
        positions = [position for _, position in sorted(posted)]
        assert positions == sorted(positions), f"campaign {campaign_id} posted out of order"
    # Only the newest prompts of a campaign are still open: every older post was closed.
    assert all(outbox_id == newest_prompts[cid] for cid, outbox_id in open_posts)
    return sum(count - 1 for count in sends.values())


def crash_trials(
    folder: Path,
    trials: int,
    campaigns: int,
    seed: int,
    *,
    pauses: tuple[str, ...] = PAUSE_POINTS,
    pause_every: int = 3,
    database: str | None = None,
) -> CrashTable:
    """`trials` killed runs (one in `pause_every` at a pause point, taken in turn from
    `pauses`), each checked, then a full run, on `database` (else a SQLite file)."""
    rng = random.Random(seed)
    table = prepare_table(folder, campaigns, database)
    for trial in range(trials):
        pause = None
        if trial % pause_every == 0:
            pause = (pauses[(trial // pause_every) % len(pauses)], rng.randint(1, 4))
        run_until_killed(table, rng, pause)
        check_log_and_outbox(table)
        asyncio.run(check_replay(table))
    run_to_completion(table)
    check_log_and_outbox(table)
    asyncio.run(check_replay(table))
    return table


def publication_rows(table: CrashTable) -> Counter[str]:
    """How many map and prompts rows the runs wrote."""
    kinds = [row["payload"]["kind"] for row in read_tables(table.database)["outbox"]]
    return Counter(kind for kind in kinds if kind in ("board_changed", "prompts_opened"))
