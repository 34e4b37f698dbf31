"""An order's private confirmation leaves nothing running in the bot: its "Take back" button is
dispatched by custom id, so no view waits 15 minutes per order (hundreds in a long game)."""

from __future__ import annotations

import asyncio

import pytest

from tests.discord.conftest import Table, open_mini_campaign, text_of
from tests.discord.test_french import mini_catalogues  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("mini_catalogues")


def view_expiry_tasks() -> list[asyncio.Task[object]]:
    return [
        task
        for task in asyncio.all_tasks()
        if not task.done() and "timeout_task_impl" in repr(task.get_coro())
    ]


async def test_confirmations_keep_no_view_and_their_button_still_works(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    confirmations = []
    for player, label, amount in ((t.alice, "bid 1–10", "2"), (t.bob, "bid 3–10", "3")):
        shown = await player.click(t.last_prompt_for(player), label=label)
        accepted = await player.submit_modal(shown, {"courier:n:amount": amount})
        assert "Order accepted" in text_of(accepted) and accepted.response is not None
        confirmations.append(accepted.response)
    assert view_expiry_tasks() == []
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 2

    undone = await t.bob.click(confirmations[-1], label="Take back")
    assert "taken back" in text_of(undone)
    assert (await t.bot.service.get_campaign(campaign_id)).seq == 1
