"""`/campaign data` says which of a campaign's data tables are Courier's provisional
reconstruction and which a moderator loaded (issue 19: "A command lists which tables of a
campaign are provisional and which were loaded"), in words, in the reader's language."""

from __future__ import annotations

from rulesets.pax_britannica.data import shipped_raw
from tests.discord.conftest import Table, text_of


async def _pax_lobby(t: Table, data: dict[str, object] | None = None) -> int:
    service = t.bot.service
    campaign = await service.create_campaign(
        ruleset="pax-britannica",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        seed_hex="5a" * 32,
    )
    if data is not None:
        await service.replace_data_file(campaign.id, data, actor="mod", reason="our tables")
    return campaign.id


async def test_the_shipped_tables_are_listed_as_provisional(table: Table) -> None:
    t = table
    await _pax_lobby(t)
    answer = await t.spectator.slash(t.channel, "campaign data")
    text = text_of(answer)
    assert answer.ephemeral
    assert "plays with the data Courier ships" in text
    provisional = next(line for line in text.splitlines() if line.startswith("Provisional"))
    assert "random events" in provisional and "combat results tables" in provisional
    assert "Loaded for this campaign" not in text
    assert "table." not in text and "pax" not in text


async def test_a_loaded_combat_table_is_listed_as_loaded_and_the_rest_stays_provisional(
    table: Table,
) -> None:
    t = table
    raw = shipped_raw()
    raw["combat_tables"][0]["results"][0][0] = "AR"
    await _pax_lobby(t, raw)
    text = text_of(await t.alice.slash(t.channel, "campaign data"))
    assert "plays with a data file a moderator loaded" in text
    loaded = next(line for line in text.splitlines() if line.startswith("Loaded"))
    assert loaded == "Loaded for this campaign (1): combat results tables"
    provisional = next(line for line in text.splitlines() if line.startswith("Provisional"))
    assert "combat results tables" not in provisional and "random events" in provisional


async def test_the_tables_read_in_french_for_a_french_reader(table: Table) -> None:
    t = table
    t.locales[t.bob.id] = "fr"
    raw = shipped_raw()
    raw["costs"]["canal"] = 40
    await _pax_lobby(t, raw)
    text = text_of(await t.bob.slash(t.channel, "campaign data"))
    assert "un fichier de données chargé par un modérateur" in text
    assert "Chargées pour cette campagne (1) : coûts" in text
    assert "Provisoires" in text and "événements aléatoires" in text
    assert "Loaded" not in text and "Provisional" not in text


async def test_a_game_without_tables_says_where_its_data_comes_from(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini")
    text = text_of(await t.spectator.slash(t.channel, "campaign data"))
    assert text.strip().endswith("this campaign plays with the data Courier ships for the game.")
    assert "Provisional" not in text
