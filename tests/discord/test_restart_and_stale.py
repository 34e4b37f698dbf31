"""Prompt buttons survive a restart of the bot, and answered prompts lose them after one;
a row Discord refuses holds up nothing and is tried again."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.discord.client import CourierBot
from bot.services import CampaignService, FakeClock, open_service
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

        # The prompt posted before the restart lost its buttons once answered, exactly as
        # without a restart: the list of posted prompts lives in the database.
        closed = next(m for m in t.public_messages() if m.id == first_prompt.id)
        assert closed.components == [] and "(closed)" in closed.content
        assert (await service.get_campaign(campaign_id)).seq == seq
        (live,) = t.prompts_for(t.bob)
        assert live.components
    finally:
        # Closed here, not left to the garbage collector: its thread would keep the test
        # process from exiting.
        await service.close()


async def test_a_modal_opened_before_a_restart_is_carried_out_after_it(
    table: Table, database: Path
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    shown = await t.alice.click(t.last_prompt_for(t.alice), label="bid 1–10")
    assert shown.modal is not None
    seq = (await t.bot.service.get_campaign(campaign_id)).seq

    service = await open_service(database)

    async def opened() -> CampaignService:
        return service

    restarted = CourierBot(opened, moderator_role="Game master")
    await t.env.restart_bot(restarted)
    t.bot = restarted
    try:
        # The new process never saw this modal: its custom id alone says what it answers.
        accepted = await t.alice.submit_modal(shown, {"courier:n:amount": "3"})
        assert "Order accepted" in text_of(accepted), text_of(accepted)
        assert (await service.get_campaign(campaign_id)).seq == seq + 1
        state = await service.state_at(campaign_id, seq + 1)
        assert (state.high_bid, state.high_bidder) == (3, "red")  # type: ignore[attr-defined]
    finally:
        await service.close()


async def test_a_row_discord_refused_holds_up_nothing_and_is_tried_again(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    await open_mini_campaign(t)
    prompt = t.last_prompt_for(t.alice)
    # The step's report goes into alice's prompt message (her turn's message): refused.
    t.env.inject_error(
        "PATCH", f"/channels/{t.channel.id}/messages/{prompt.id}", status=400, times=1
    )
    passed = await t.alice.click(prompt, label="pass")
    assert "Order accepted" in text_of(passed)
    # The step's report was refused; the next rows (bob's prompt) went out all the same.
    assert "mini.pass" not in t.public_text()
    assert t.prompts_for(t.bob)
    service = t.bot.service
    [waiting] = await service.store.pending_outbox(10)
    assert (waiting.attempts, str(waiting.last_error)[:3]) == (1, "400")
    later = FakeClock(datetime.now(UTC) + timedelta(hours=1))
    monkeypatch.setattr(service.core, "clock", later)
    await t.bot.courier.deliver_pending()
    assert t.public_text().count("mini.pass") == 1
    assert await service.store.pending_outbox(10) == []
