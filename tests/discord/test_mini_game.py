"""A whole miniature game played through Discord: buttons, a modal, /play, /me, an undo."""

from __future__ import annotations

from tests.discord.conftest import (
    Table,
    button_labels,
    luck_of,
    open_mini_campaign,
    text_of,
)


async def test_a_game_from_creation_to_final_scores(table: Table) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    red_luck = await luck_of(t, campaign_id, "red")
    blue_luck = await luck_of(t, campaign_id, "blue")

    # red opens the auction: the bid button asks for the amount in a modal.
    prompt = t.last_prompt_for(t.alice)
    assert button_labels(prompt) == ["pass", "bid 1–10"]
    shown = await t.alice.click(prompt, label="bid 1–10")
    assert shown.modal is not None
    accepted = await t.alice.submit_modal(shown, {"courier:n:amount": "3"})
    assert accepted.ephemeral
    assert "Order accepted" in text_of(accepted)

    # blue answers with /play, choosing from the autocomplete list.
    offered = await t.bob.autocomplete(t.channel, "play", "order", "")
    names = [choice["name"] for choice in offered]
    assert names == ["pass", "bid 4–10"]
    passed = await t.bob.slash(t.channel, "play", order=offered[0]["value"])
    assert passed.ephemeral and "Order accepted" in text_of(passed)

    # Both now call in secret; /me shows each player their own luck, and only theirs.
    mine = await t.alice.slash(t.channel, "me")
    assert mine.ephemeral
    assert f"luck: {red_luck}" in text_of(mine)
    theirs = await t.bob.slash(t.channel, "me")
    assert f"luck: {blue_luck}" in text_of(theirs)
    assert f"luck: {red_luck}" not in text_of(theirs) or red_luck == blue_luck
    refused = await t.spectator.slash(t.channel, "me")
    assert refused.ephemeral and "luck" not in text_of(refused)

    # alice calls high, then the moderator undoes it and she calls low instead.
    await t.alice.click(t.last_prompt_for(t.alice), label="call high")
    seq_after_call = (await t.bot.service.get_campaign(campaign_id)).seq
    undone = await t.moderator.slash(t.channel, "admin undo", reason="called by mistake")
    assert undone.ephemeral
    assert (await t.bot.service.get_campaign(campaign_id)).seq == seq_after_call - 1
    assert "called by mistake" in t.public_text()
    assert len(t.prompts_for(t.alice)) == 1  # the old call prompt was closed, a new one posted
    await t.alice.click(t.last_prompt_for(t.alice), label="call low")
    await t.bob.click(t.last_prompt_for(t.bob), label="call high")

    campaign = await t.bot.service.get_campaign(campaign_id)
    assert campaign.status == "finished"
    reports = [m for m in t.public_messages() if m.embeds]
    assert "Final scores" in str(reports[-1].embeds[0].to_dict())
    assert not t.prompts_for(t.alice) and not t.prompts_for(t.bob)

    # Each player's hidden luck reached them by DM.
    assert f"luck={red_luck}" in _dm_text(t, t.alice)
    assert f"luck={blue_luck}" in _dm_text(t, t.bob)


async def test_no_public_message_carries_a_private_value(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    prompt = t.last_prompt_for(t.alice)
    shown = await t.alice.click(prompt, label="bid 1–10")
    await t.alice.submit_modal(shown, {"courier:n:amount": "2"})
    await t.bob.click(t.last_prompt_for(t.bob), label="pass")
    await t.alice.click(t.last_prompt_for(t.alice), label="call high")
    before_the_end = t.public_text()
    # Private events (the luck drawn, a secret call) and the private view never go public.
    for secret in ("luck", "mini.called", "mini.luck_drawn", "'high'"):
        assert secret not in before_the_end, secret
    # The set-up step drew the secret luck: its dice are not listed publicly.
    assert "draw #0" not in before_the_end


def _dm_text(table: Table, actor: object) -> str:
    user = actor.user  # type: ignore[attr-defined]
    return "\n".join(
        message.content + "".join(str(e.to_dict()) for e in message.embeds)
        for message in user.dm_channel.history()
    )
