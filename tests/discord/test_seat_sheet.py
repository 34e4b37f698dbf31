"""/me and a substitute's welcome show the seat's sheet: everything the seat may see (its
secrets, gold, tiles, units and control, where the game stands), every field in words in the
reader's language, never a raw key, a Python value or clipped JSON."""

from __future__ import annotations

import re

import pytest

from bot.i18n import catalogue
from tests.discord.conftest import Table, open_mini_campaign

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\bNone\b|\{'|\['|\btrue\b|\bfalse\b")


async def _struggle(t: Table) -> int:
    campaign = await t.bot.service.create_campaign(
        ruleset="struggle",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        language="fr",
    )
    extra = [t.guild.add_member(t.env.create_user(name)) for name in ("dave", "erin")]
    players = [t.alice, t.bob, t.carol, *extra]
    for power, player in zip(("GBR", "FRA", "PRU", "AUS", "RUS"), players, strict=True):
        await player.slash(t.channel, "campaign join", seat=power)
    await t.alice.slash(t.channel, "campaign start")
    return campaign.id


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-US", ["Only you know", "gold: 10", "population: 5", "control tokens left", "phase:"]),
        (
            "fr",
            ["Vous seul le savez", "or : 10", "population : 5", "jetons de contrôle", "phase :"],
        ),
    ],
)
async def test_me_shows_the_seats_holdings_and_secrets_in_words(
    table: Table, locale: str, words: list[str]
) -> None:
    t = table
    await _struggle(t)
    t.locales[t.alice.id] = locale
    answer = await t.alice.slash(t.channel, "me")
    assert answer.ephemeral
    sheet = _sheet_text(answer)
    for expected in words:
        assert expected in sheet, expected
    assert not RAW.findall(sheet), RAW.findall(sheet)


def _sheet_text(answer: object) -> str:
    """The headings and values of the answer's embeds, as a reader sees them."""
    response = answer.response  # type: ignore[attr-defined]
    parts = []
    for embed in response.embeds:
        parts.append(embed.title or "")
        for field in embed.fields:
            parts.append(f"{field.name}\n{field.value}")
    return "\n".join(parts)


async def test_a_substitutes_welcome_is_the_seat_sheet_not_json(table: Table) -> None:
    t = table
    await open_mini_campaign(t)
    await t.moderator.slash(t.channel, "campaign open-seat", seat="blue", reason="bob leaves")
    await t.carol.slash(t.channel, "campaign sub")
    [welcome] = [m for m in t.carol.user.dm_channel.history() if "You now play" in m.content]
    assert "{" not in welcome.content and "/me" in welcome.content
    [sheet] = welcome.embeds
    assert sheet.fields and "Only you know" in [field.name for field in sheet.fields]


def test_the_sheets_words_exist_in_both_languages() -> None:
    english = {key for key in catalogue("en") if key.startswith("field.")}
    assert english and english == {key for key in catalogue("fr") if key.startswith("field.")}
