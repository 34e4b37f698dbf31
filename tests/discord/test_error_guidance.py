"""Refusals say what to do next (issue 13): the valid games, an option's allowed values, a
duplicated option, the pages that exist, and "not a choice" for an order never offered."""

from __future__ import annotations

from tests.discord.conftest import Table, open_mini_campaign, text_of


async def test_an_unknown_game_is_refused_with_the_games_by_title_and_id(table: Table) -> None:
    told = text_of(await table.alice.slash(table.channel, "campaign create", game="chess"))
    assert "There is no game called 'chess'" in told
    assert "Struggle of Empires" in told and "struggle" in told and "empires" in told


async def test_a_bad_option_value_names_the_values_it_takes(table: Table) -> None:
    t = table
    told = text_of(
        await t.alice.slash(t.channel, "campaign create", game="struggle", options="fort_limit=x")
    )
    assert "'x' is not a valid value for the option 'fort_limit'" in told and "0–20" in told
    told = text_of(
        await t.alice.slash(
            t.channel, "campaign create", game="struggle", options="reserve_rerolls=some"
        )
    )
    assert "all / own" in told
    told = text_of(
        await t.alice.slash(
            t.channel, "campaign create", game="struggle", options="fort_limit=3, fort_limit=4"
        )
    )
    assert "given twice" in told
    assert await t.bot.service.campaign_for_channel(t.channel.id) is None


async def test_a_page_past_the_end_of_the_history_says_how_many_there_are(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    told = text_of(await t.spectator.slash(t.channel, "history", page=500))
    assert told == "There is no page 500: the last page is 1."
    first = await t.spectator.slash(t.channel, "history", page=1)
    assert "page 1 of 1" in str(first.response.embeds[0].to_dict())  # type: ignore[union-attr]


async def test_an_order_never_offered_is_not_a_choice_rather_than_no_longer_open(
    table: Table,
) -> None:
    t = table
    campaign_id = await open_mini_campaign(t)
    seq = (await t.bot.service.get_campaign(campaign_id)).seq
    told = text_of(await t.alice.slash(t.channel, "play", order=f"{seq}:red:0:99"))
    assert "not one of the choices offered" in told
    await t.alice.slash(t.channel, "play", order=f"{seq}:red:0:0")  # red passes: a new step
    told = text_of(await t.alice.slash(t.channel, "play", order=f"{seq}:red:0:0"))
    assert "no longer open" in told
