"""Commands named as the reader's Discord client shows them: a French client reads
`/campagne rejoindre`, `/admin terminer`, an English one the English names."""

from __future__ import annotations

from bot.discord.command_names import localised_commands
from tests.discord.conftest import Table, open_mini_campaign, text_of


def test_names_follow_the_command_tree_and_leave_the_rest_alone() -> None:
    text = "Join with /campaign join, or /play; see https://discord.com/channels/1/2 and /nope."
    assert localised_commands(text, "fr") == (
        "Join with /campagne rejoindre, or /jouer; see https://discord.com/channels/1/2 and /nope."
    )
    assert localised_commands(text, "en") == text


async def test_a_french_client_is_told_the_french_command(table: Table) -> None:
    t = table
    first = await open_mini_campaign(t)
    t.locales[t.bob.id] = "fr"
    refused = text_of(await t.bob.slash(t.channel, "campaign create", game="mini"))
    assert f"campagne {first}" in refused and "(/admin terminer)" in refused
    english = text_of(await t.carol.slash(t.channel, "campaign create", game="mini"))
    assert "(/admin end)" in english


async def test_a_french_campaign_tells_its_table_to_join_with_the_french_command(
    table: Table,
) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini", language="fr")
    created = t.public_text()
    assert "/campagne rejoindre" in created and "/campaign join" not in created
