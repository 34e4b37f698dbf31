"""Log lines written while serving a campaign carry its id."""

from __future__ import annotations

import logging

import pytest

from bot.logging_setup import configure_logging
from bot.services import CampaignService
from tests.services.conftest import RED, started_table


async def test_each_line_about_a_campaign_names_it(
    service: CampaignService, capsys: pytest.CaptureFixture[str]
) -> None:
    root = logging.getLogger()
    saved = (list(root.handlers), root.level)
    configure_logging("INFO")
    try:
        campaign_id = await started_table(service)
        await service.submit(campaign_id, RED, {"type": "pass"})
        logging.getLogger("elsewhere").info("not about a campaign")
    finally:
        root.handlers[:], root.level = saved
    lines = capsys.readouterr().err.splitlines()
    about = [line for line in lines if "pass by" in line or "started" in line or "seq 0" in line]
    assert about and all(f"[campaign {campaign_id}]" in line for line in about)
    assert any("[campaign -] not about a campaign" in line for line in lines)
