"""Prompt buttons survive a restart of the bot; a click on a prompt that is no longer open
is refused and changes nothing."""

from __future__ import annotations

from pathlib import Path

from bot.discord.client import CourierBot
from bot.services import CampaignService, open_service
from tests.discord.conftest import Table, open_mini_campaign, text_of


async def test_buttons_work_after_a_restart_and_stale_clicks_are_refused(
    table: Table, database: Path
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    first_prompt = t.last_prompt_for(t.alice)

    service = await open_service(database)

    async def opened() -> CampaignService:
        return service

    restarted = CourierBot(opened, moderator_role="Game master")
    await t.env.restart_bot(restarted)
    t.bot = restarted
    try:
        passed = await t.alice.click(first_prompt, label="pass")
        assert "Order accepted" in text_of(passed)
        seq = (await service.get_campaign(campaign_id)).seq

        # The first prompt was posted before the restart, so it still shows its buttons.
        stale = await t.alice.click(first_prompt, label="pass")
        assert stale.ephemeral
        assert text_of(stale) == "This choice is no longer open: the game has moved on."
        assert (await service.get_campaign(campaign_id)).seq == seq
    finally:
        # Closed here, not left to the garbage collector: its thread would keep the test
        # process from exiting.
        await service.close()


async def test_prompts_that_discord_refused_are_posted_on_the_next_sweep(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    t.env.inject_error("POST", f"/channels/{t.channel.id}/messages", status=400, times=1)
    await t.bot.prompt_board.refresh(campaign_id, force=True)
    assert t.prompts_for(t.alice) == []  # the old prompt was closed, the new one refused
    await t.bot.prompt_board.retry_unposted()
    (prompt,) = t.prompts_for(t.alice)
    passed = await t.alice.click(prompt, label="pass")
    assert "Order accepted" in text_of(passed)
