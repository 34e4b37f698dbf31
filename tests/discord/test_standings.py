"""Scores and winners are people: the final report and /campaign status name each seat's
player and the winner, and a score reconciles with the VP the map shows."""

from __future__ import annotations

import pytest

from bot.discord.standings import standing_lines
from rulesets import registry
from tests.discord.conftest import Table, open_mini_campaign, text_of


async def _played_to_the_end(t: Table) -> dict[str, int]:
    campaign_id = await open_mini_campaign(t)
    await t.alice.click(t.last_prompt_for(t.alice), label="pass")
    await t.bob.click(t.last_prompt_for(t.bob), label="pass")
    await t.alice.click(t.last_prompt_for(t.alice), label="call high")
    await t.bob.click(t.last_prompt_for(t.bob), label="call low")
    campaign = await t.bot.service.get_campaign(campaign_id)
    assert campaign.status == "finished"
    state = await t.bot.service.state_at(campaign_id, campaign.seq)
    scores = registry.get("mini").scores(state)
    assert scores
    return dict(scores)


async def test_the_final_report_names_the_winner_and_every_player(table: Table) -> None:
    t = table
    scores = await _played_to_the_end(t)
    people = {"red": t.alice.mention, "blue": t.bob.mention}
    best = max(scores.values())
    winners = [seat for seat, score in scores.items() if score == best]
    final = [m for m in t.public_messages() if m.embeds][-1].embeds[0]
    standings = final.fields[-1].value or ""
    if len(winners) == 1:
        assert standings.startswith(f"Winner: {people[winners[0]]} ({winners[0]})")
    else:
        assert standings.startswith("Winners (tied): ")
    for seat, score in scores.items():
        assert f"{people[seat]} ({seat}): {score}" in standings
    status = text_of(await t.carol.slash(t.channel, "campaign status"))
    assert f"{people[winners[0]]} ({winners[0]})" in status


@pytest.mark.parametrize(
    ("language", "winner", "reconciled"),
    [
        (
            "en",
            "Winner: <@2> (France)",
            "<@1> (Great Britain): 9 (12 VP on the map, 3 lost to unrest)",
        ),
        (
            "fr",
            "Vainqueur : <@2> (France)",
            "<@1> (Grande-Bretagne) : 9 (12 PV sur la carte, 3 perdus à cause de l'agitation)",
        ),
    ],
)
def test_a_struggle_score_is_reconciled_with_the_maps_vp(
    language: str, winner: str, reconciled: str
) -> None:
    view = {"powers": {"GBR": {"vp": 12, "gold": 3}, "FRA": {"vp": 10}}}
    lines = standing_lines(
        "struggle", {"GBR": 9, "FRA": 10}, {"GBR": "<@1>", "FRA": "<@2>"}, view, language
    ).splitlines()
    assert lines[0] == winner
    assert reconciled in lines
    assert lines[1].startswith("<@2> (France)") and lines[1].endswith("10")
