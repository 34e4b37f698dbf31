"""At a relaxed pace Struggle of Empires suggests sealed proxy bidding (issue 14): offered
first while the options are typed, and named when the campaign is created without it."""

from __future__ import annotations

from tests.discord.conftest import Table, text_of


async def test_relaxed_pace_suggests_proxy_bidding_while_typing(table: Table) -> None:
    t = table
    offered = await t.alice.autocomplete(
        t.channel, "campaign create", "options", "", game="struggle", pace="relaxed"
    )
    assert offered[0]["value"] == "sealed_proxy_bidding=true"
    assert "suggested" in offered[0]["name"]
    brisk = await t.alice.autocomplete(
        t.channel, "campaign create", "options", "", game="struggle", pace="brisk"
    )
    assert all("suggested" not in choice["name"] for choice in brisk)


async def test_a_relaxed_campaign_created_without_it_is_told_of_the_suggestion(
    table: Table,
) -> None:
    t = table
    created = await t.alice.slash(t.channel, "campaign create", game="struggle", pace="relaxed")
    assert "Suggested at a relaxed" in text_of(created)
    assert "sealed_proxy_bidding=true" in text_of(created)
    elsewhere = t.guild.create_text_channel("proxies")
    chosen = await t.alice.slash(
        elsewhere,
        "campaign create",
        game="struggle",
        pace="relaxed",
        options="sealed_proxy_bidding=true",
    )
    assert "Suggested" not in text_of(chosen)
