"""/admin data (issue 19: "a group that owns the game types in the printed tables and loads
them for its campaign"): a moderator attaches a data file in the lobby; anything wrong with
it (too large, not JSON, a trap for the parser, tables the ruleset refuses) is told in a
sentence and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.discord.data_upload import MAX_DATA_BYTES
from rulesets.pax_britannica.data import shipped_raw
from tests.discord.conftest import Table, text_of
from tests.discord.test_french import mini_catalogues  # noqa: F401  (a fixture)

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"
# Every game with data tables, and its shipped data file.
SHIPPED = {
    "struggle": RULESETS / "struggle/data/struggle.json",
    "empires": RULESETS / "empires/data/empires.json",
    "colonial": RULESETS / "colonial/data/colonial.json",
    "ultima-ratio-regis": RULESETS / "ultima_ratio_regis/data/ultima_ratio_regis.json",
    "pax-britannica": RULESETS / "pax_britannica/data/pax_britannica.json",
}


async def _lobby(t: Table, ruleset: str = "pax-britannica", channel: object = None) -> int:
    campaign = await t.bot.service.create_campaign(
        ruleset=ruleset,
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=(channel or t.channel).id,  # type: ignore[attr-defined]
        options={},
        seed_hex="5a" * 32,
    )
    return campaign.id


async def _data_of(t: Table, campaign_id: int) -> object:
    """The campaign's data file as stored (None: the game's own)."""
    return (await t.bot.service.core.campaign(campaign_id)).data


def _file(data: object) -> tuple[str, bytes]:
    return ("tables.json", json.dumps(data).encode())


async def test_a_moderator_loads_printed_tables_and_the_table_is_told(table: Table) -> None:
    t = table
    campaign_id = await _lobby(t)
    raw = shipped_raw()
    raw["combat_tables"][0]["results"][0][0] = "AR"
    answer = await t.moderator.slash(
        t.channel, "admin data", file=_file(raw), reason="our printed CRT"
    )
    assert answer.ephemeral
    assert f"Campaign {campaign_id} will start with the data file you loaded" in text_of(answer)
    assert await _data_of(t, campaign_id) == raw
    await t.bot.courier.deliver_pending()
    assert "replaced the campaign's board data. Reason: our printed CRT" in t.public_text()
    listed = text_of(await t.alice.slash(t.channel, "campaign data"))
    assert "Loaded for this campaign (1): combat results tables" in listed


async def test_every_game_with_data_tables_takes_its_own_file(table: Table) -> None:
    t = table
    for ruleset, path in SHIPPED.items():
        channel = t.guild.create_text_channel(f"game-{ruleset}")
        campaign_id = await _lobby(t, ruleset, channel)
        raw = json.loads(path.read_text(encoding="utf-8"))
        answer = await t.moderator.slash(
            channel, "admin data", file=("data.json", path.read_bytes()), reason="a check"
        )
        assert "will start with the data file you loaded" in text_of(answer), ruleset
        assert await _data_of(t, campaign_id) == raw, ruleset


async def test_only_a_moderator_may_load_and_only_before_the_start(table: Table) -> None:
    t = table
    campaign_id = await _lobby(t)
    raw = shipped_raw()
    refused = await t.alice.slash(t.channel, "admin data", file=_file(raw), reason="mine")
    assert refused.ephemeral and "will start" not in text_of(refused)
    assert await _data_of(t, campaign_id) is None

    other = t.guild.create_text_channel("started")
    await t.alice.slash(other, "campaign create", game="mini")
    await t.alice.slash(other, "campaign join", seat="red")
    await t.bob.slash(other, "campaign join", seat="blue")
    await t.alice.slash(other, "campaign start")
    late = await t.moderator.slash(other, "admin data", file=_file({"a": 1}), reason="late")
    assert "has started: its data file is part of its history" in text_of(late)


# What an attached file may hold that no data file does, and the sentence each gets.
MALICIOUS = {
    "too large": (b" " * (MAX_DATA_BYTES + 1), "a data file may be at most 1024 KB"),
    "a picture": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "is not text in UTF-8"),
    "cut short": (b'{"powers": [', "is not valid JSON: it breaks at line 1, column 13"),
    "a list": (b"[1, 2, 3]", "not one object between braces"),
    "NaN": (b'{"costs": NaN}', "a number JSON does not allow"),
    "a huge float": (b'{"costs": 1e999}', "a number JSON does not allow"),
    "a huge integer": (b'{"costs": ' + b"9" * 5000 + b"}", "a number JSON does not allow"),
    "deep nesting": (b'{"a": ' + b"[" * 50_000 + b"]" * 50_000 + b"}", "nested too deep"),
    "moderately deep": (b'{"a": ' + b"[" * 40 + b"]" * 40 + b"}", "nested too deep"),
    "a null character": (b'{"powers\\u0000": 1}', "a null character"),
    "tables the game refuses": (b'{"powers": "none"}', "The data file is refused: "),
}


@pytest.mark.parametrize("kind", list(MALICIOUS))
async def test_a_bad_file_is_refused_in_a_sentence_and_changes_nothing(
    table: Table, kind: str
) -> None:
    t = table
    campaign_id = await _lobby(t)
    content, told = MALICIOUS[kind]
    answer = await t.moderator.slash(
        t.channel, "admin data", file=("tables.json", content), reason="a test"
    )
    assert answer.ephemeral
    assert told in text_of(answer)
    assert "Nothing was changed" in text_of(answer) or "refused" in text_of(answer)
    assert await _data_of(t, campaign_id) is None
    await t.bot.courier.deliver_pending()
    assert "board data" not in t.public_text()  # no act announced


async def test_a_ruleset_check_names_the_table_entry_and_reason(table: Table) -> None:
    t = table
    campaign_id = await _lobby(t)
    raw = shipped_raw()
    del raw["costs"]
    answer = await t.moderator.slash(t.channel, "admin data", file=_file(raw), reason="typo")
    assert "The data file is refused: costs:" in text_of(answer)
    assert await _data_of(t, campaign_id) is None


@pytest.mark.usefixtures("mini_catalogues")
async def test_a_game_without_data_tables_says_so(table: Table) -> None:
    t = table
    await t.alice.slash(t.channel, "campaign create", game="mini")
    answer = await t.moderator.slash(t.channel, "admin data", file=_file({}), reason="try")
    assert "has no replaceable data file" in text_of(answer)


async def test_a_french_moderator_reads_french(table: Table) -> None:
    t = table
    t.locales[t.moderator.id] = "fr"
    campaign_id = await _lobby(t)
    bad = await t.moderator.slash(t.channel, "admin data", file=("x.json", b"[]"), reason="essai")
    assert "pas un seul objet entre accolades" in text_of(bad)
    good = await t.moderator.slash(
        t.channel, "admin data", file=_file(shipped_raw()), reason="essai"
    )
    assert "commencera avec le fichier de données" in text_of(good)
    assert "/campagne" in text_of(good)
    assert await _data_of(t, campaign_id) == shipped_raw()
