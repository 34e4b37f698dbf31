"""The pictures a step adds to its report (a battle's card), saved by the console table as
PNG files, with a line saying where each is."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import translate
from bot.render.registry import has_step_pictures
from bot.render.step_cards import render_step_pictures_async
from bot.services import CampaignService
from bot.services.outbox import Report
from rulesets import registry


async def saved_pictures(
    service: CampaignService, folder: Path, ruleset: str, report: Report, language: str
) -> list[str]:
    """Draw the step's pictures from its PUBLIC events and the public view after it, save
    them in `folder`, and say where (nothing for most steps)."""
    if report.campaign_id is None or not report.events or not has_step_pictures(ruleset):
        return []
    state = await service.play.state_at(report.campaign_id, report.seq)
    view = registry.get(ruleset).view(state, None)
    pictures = await render_step_pictures_async(ruleset, report.events, view, language)
    lines = []
    for number, picture in enumerate(pictures, start=1):
        folder.mkdir(parents=True, exist_ok=True)
        name = f"campaign-{report.campaign_id}-step-{report.seq}-{number}.png"
        (folder / name).write_bytes(picture.png)
        lines.append(
            translate("console.picture_saved", language, title=picture.title, path=folder / name)
        )
    return lines
