"""`python -m bot store copy`: SQLite to PostgreSQL and back, every row kept with its id,
every campaign's state hash checked; a non-empty target or a damaged log is named."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from bot.console.store import copy_command
from bot.services import CampaignService, FakeClock, open_service
from bot.storage import SqliteStore, open_store
from bot.storage.copying import TABLES, CopyableStore, rows_of
from tests.services.conftest import (
    BLUE,
    RED,
    new_table,
    play_to_the_end,
    sql,
    started_table,
)


async def every_row(database: str | Path) -> dict[str, list[dict[str, object]]]:
    store = await open_store(database)
    try:
        assert isinstance(store, CopyableStore)
        return {table.name: [row async for row in rows_of(store, table)] for table in TABLES}
    finally:
        await store.close()


async def a_busy_database(service: CampaignService) -> list[int]:
    """Campaigns in every state, with moderation, deliveries and prompt posts."""
    finished = await started_table(service, channel=501)
    await play_to_the_end(service, finished)
    running = await started_table(service, channel=502)
    await service.submit(running, RED, {"type": "bid", "amount": 3})
    await service.submit(running, BLUE, {"type": "bid", "amount": 5})
    await service.undo_last(running, actor="mod", reason="misclick")
    await service.set_pace(
        running, {"hours": {"turn": 24.0, "reaction": 6.0}}, actor="mod", reason="faster"
    )
    lobby = await new_table(service, channel=503)
    [first, second, *_] = await service.store.pending_outbox(10)
    await service.mark_delivered(first.id)
    await service.mark_failed(second.id, "Forbidden")
    await service.record_prompt_post(first.id, 0, "555", "9", "x")
    return [finished, running, lobby]


REPO = Path(__file__).resolve().parents[2]
# `python -m bot …` with the test-only mini game registered, so its campaigns replay.
BOT_WITH_MINI = (
    "import sys; from rulesets import registry; from tests.fixtures.mini_game import MINI;"
    " registry.register(MINI); from bot.__main__ import main; sys.exit(main(sys.argv[1:]))"
)


async def run_copy(source: str | Path, target: str | Path) -> tuple[int, str]:
    out = io.StringIO()
    code = await copy_command(str(source), str(target), out)
    return code, out.getvalue()


async def test_sqlite_to_postgresql_and_back_keeps_every_row(
    service: CampaignService, db_path: Path, postgres_url: str, tmp_path: Path
) -> None:
    campaigns = await a_busy_database(service)
    await service.close()
    original = await every_row(db_path)
    assert all(original[table.name] for table in TABLES), "every table has rows to copy"

    code, printed = await run_copy(db_path, postgres_url)
    assert code == 0, printed
    assert "state hashes checked: 3 of 3 campaigns match" in printed
    back = tmp_path / "back" / "courier.sqlite3"
    # The way back through the command line, as a moderator runs it.
    command = [sys.executable, "-c", BOT_WITH_MINI, "store", "copy", "--from", postgres_url, "--to"]
    done = subprocess.run(
        [*command, str(back)], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "state hashes checked: 3 of 3 campaigns match" in done.stdout

    assert await every_row(postgres_url) == original
    assert await every_row(back) == original
    # The copy plays on where the original stopped, and new rows get new ids.
    moved = await open_service(postgres_url, FakeClock())
    try:
        assert (await moved.submit(campaigns[1], BLUE, {"type": "pass"})).seq == 2
        assert (await new_table(moved, channel=504)) == max(campaigns) + 1
    finally:
        await moved.close()


async def test_a_target_with_campaigns_is_refused_and_left_alone(
    service: CampaignService, postgres_url: str, db_path: Path
) -> None:
    await started_table(service)
    await service.close()
    assert (await run_copy(db_path, postgres_url))[0] == 0
    before = await every_row(postgres_url)
    code, printed = await run_copy(db_path, postgres_url)
    assert code == 2 and "nothing copied: the target database is not empty" in printed
    assert await every_row(postgres_url) == before


async def test_a_campaign_whose_log_does_not_replay_is_named(
    service: CampaignService, db_path: Path, tmp_path: Path
) -> None:
    sound = await started_table(service, channel=501)
    damaged = await started_table(service, channel=502)
    await service.submit(damaged, RED, {"type": "bid", "amount": 3})
    await service.close()
    sql(db_path, "UPDATE actions SET state_hash = 'forged' WHERE campaign_id = ?", damaged)
    code, printed = await run_copy(db_path, tmp_path / "copy.sqlite3")
    assert code == 1
    assert f"campaign {damaged} (step 1): replay differs at step 0" in printed
    assert f"campaign {sound} " not in printed
    assert "state hashes checked: 1 of 2 campaigns match" in printed


async def test_copying_into_an_older_schema_names_the_difference(
    service: CampaignService, db_path: Path, tmp_path: Path
) -> None:
    await started_table(service)
    await service.close()
    target = tmp_path / "other.sqlite3"
    store = await SqliteStore.open(target)
    await store.close()
    sql(target, "ALTER TABLE outbox DROP COLUMN given_up_at")
    code, printed = await run_copy(db_path, target)
    assert code == 2 and "outbox differs from what this copy knows: given_up_at" in printed
