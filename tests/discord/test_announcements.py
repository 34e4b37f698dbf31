"""What the channel hears of moderators' acts and deadlines: each act once, and pings only
where someone must answer."""

from __future__ import annotations

from tests.discord.conftest import Table, open_mini_campaign


def _posts_containing(table: Table, text: str) -> int:
    return sum(
        1
        for message in table.public_messages()
        if text in message.content + "".join(str(e.to_dict()) for e in message.embeds)
    )


async def test_one_admin_act_is_announced_exactly_once(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    answer = await t.moderator.slash(t.channel, "admin pause", reason="a long tea break")
    assert answer.ephemeral
    assert _posts_containing(t, "a long tea break") == 1


async def test_ending_a_campaign_reveals_the_seed_once(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await t.moderator.slash(t.channel, "admin end", reason="the players moved away")
    assert _posts_containing(t, "the players moved away") == 1
    assert _posts_containing(t, "dice seed was") == 1
