"""`python -m bot verify|import|backup`: trust from a terminal, with only an export file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bot.__main__ import main
from bot.services import CampaignService, open_service
from tests.fixtures.mini_game import MiniGame
from tests.services.conftest import RED, play_to_the_end, started_table


class MiniGameTwo(MiniGame):
    version: ClassVar[str] = "2"


async def _in_thread(argv: list[str]) -> int:
    """The console runs its own event loop, so a test already in one runs it aside."""
    return await asyncio.to_thread(main, argv)


async def _export_file(service: CampaignService, tmp_path: Path, *, finished: bool) -> Path:
    campaign_id = await started_table(service)
    if finished:
        await play_to_the_end(service, campaign_id)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(await service.export_campaign(campaign_id)))
    return path


async def test_verify_confirms_an_honest_export(
    service: CampaignService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = await _export_file(service, tmp_path, finished=True)
    assert main(["verify", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "matches the commitment" in printed and "All 3 rolls of the log" in printed
    assert "gives the same 5 steps" in printed


async def test_verify_names_the_draw_of_a_tampered_roll(
    service: CampaignService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = await _export_file(service, tmp_path, finished=True)
    document = json.loads(path.read_text())
    die = document["log"][4]["rolls"][0]
    die["value"] = die["value"] % 6 + 1
    path.write_text(json.dumps(document))
    assert main(["verify", str(path), "--lang", "fr"]) == 1
    printed = capsys.readouterr().out
    assert f"tirage n°2 (d6) à {die['value']}" in printed


async def test_an_export_without_seed_cannot_be_verified_or_imported(
    service: CampaignService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = await _export_file(service, tmp_path, finished=False)
    assert main(["verify", str(path)]) == 1
    assert "Without the dice seed" in capsys.readouterr().out
    database = tmp_path / "other.sqlite3"
    assert await _in_thread(["import", str(path), "--reason", "move", "--db", str(database)]) == 1
    assert "has no dice seed" in capsys.readouterr().out


async def test_import_and_backup_from_the_console(
    service: CampaignService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = await _export_file(service, tmp_path, finished=True)
    database = tmp_path / "other.sqlite3"
    assert await _in_thread(["import", str(path), "--reason", "move", "--db", str(database)]) == 0
    assert "Imported as campaign 1" in capsys.readouterr().out
    assert await _in_thread(["backup", "--db", str(database), "--keep", "1"]) == 0
    [backup] = list((tmp_path / "backups").iterdir())
    assert capsys.readouterr().out.strip() == str(backup)
    restored = await open_service(backup)
    try:
        assert (await restored.get_campaign(1)).status == "finished"
    finally:
        await restored.close()


async def test_versions_replays_campaigns_made_under_older_rules(
    service: CampaignService,
    db_path: Path,
    capsys: pytest.CaptureFixture[str],
    rules_upgrade: Any,
) -> None:
    campaign_id = await started_table(service)
    await service.submit(campaign_id, RED, {"type": "bid", "amount": 3})
    assert await _in_thread(["versions", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out == ""  # nothing was made under other rules
    rules_upgrade(MiniGameTwo())
    assert await _in_thread(["versions", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out == "campaign 1: mini 1 -> 2: ok\n"
