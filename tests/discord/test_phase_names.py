"""Phases are named in the campaign's language, in /campaign status and wherever a phase is
shown: every phase of every game has its words in English and in French."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from bot.i18n.phases import named_phase
from rulesets import registry
from tests.discord.conftest import Table, text_of


def _phases() -> list[tuple[str, str]]:
    """Each game's phases, from its phase table."""
    found: list[tuple[str, str]] = []
    for rules in registry.all_rulesets():
        table = rules.phase_table()
        if table is not None:
            found += [(rules.name, phase) for phase in table.phases]
    return found


def test_every_game_has_phases_to_name() -> None:
    games = {game for game, _ in _phases()}
    assert games >= {"struggle", "empires", "colonial", "ultima-ratio-regis"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_phase_of_every_game_is_named(language: str) -> None:
    unnamed = [(game, phase) for game, phase in _phases() if not named_phase(game, phase, language)]
    assert unnamed == []


async def test_status_names_the_phase_in_french(table: Table) -> None:
    t = table
    service = t.bot.service
    await service.create_campaign(
        ruleset="empires",
        creator_id=str(t.alice.id),
        guild_id=t.guild.id,
        channel_id=t.channel.id,
        options={},
        language="fr",
    )
    for seat, player in zip(("P1", "P2", "P3"), (t.alice, t.bob, t.carol), strict=True):
        await player.slash(t.channel, "campaign join", seat=seat)
    await t.alice.slash(t.channel, "campaign start")
    english = text_of(await t.alice.slash(t.channel, "campaign status"))
    assert "Phase: choosing an empire" in english
    t.locales[t.alice.id] = "fr"
    french = text_of(await t.alice.slash(t.channel, "campaign status"))
    assert "Phase : choix d'un empire" in french
