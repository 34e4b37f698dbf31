"""Imports and verifications replay whole campaigns: they run in a worker thread, so the
event loop keeps answering everyone else, and report their progress on the loop."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import bot.services.exchange
import bot.services.trust
from bot.services import CampaignService
from bot.services.history_check import HistoryCheck
from tests.services.conftest import play_to_the_end, started_table


def _spy(monkeypatch: pytest.MonkeyPatch, module: Any, threads: list[threading.Thread]) -> None:
    original = module.check_history

    def recording(*args: Any, **kwargs: Any) -> HistoryCheck:
        threads.append(threading.current_thread())
        result: HistoryCheck = original(*args, **kwargs)
        return result

    monkeypatch.setattr(module, "check_history", recording)


async def test_an_import_replays_in_a_worker_thread_and_reports_progress_on_the_loop(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    document = await service.export_campaign(campaign_id)
    threads: list[threading.Thread] = []
    _spy(monkeypatch, bot.services.exchange, threads)
    told: list[tuple[int, int, threading.Thread]] = []
    imported = await service.import_campaign(
        document,
        actor="mod",
        reason="moving",
        guild_id=8,
        channel_id=None,
        progress=lambda done, total: told.append((done, total, threading.current_thread())),
    )
    assert imported.seq == 4
    assert threads and threads[0] is not threading.current_thread()
    assert told and told[-1][:2] == (5, 5)  # the whole log, set-up included
    assert all(thread is threading.current_thread() for *_, thread in told)


async def test_a_dice_verification_replays_in_a_worker_thread(
    service: CampaignService, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await started_table(service)
    await play_to_the_end(service, campaign_id)
    threads: list[threading.Thread] = []
    _spy(monkeypatch, bot.services.trust, threads)
    assert (await service.verify_dice(campaign_id)).ok
    assert threads and threads[0] is not threading.current_thread()
