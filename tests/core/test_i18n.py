"""The translation layer renders message keys as English or French sentences."""

from __future__ import annotations

from bot.i18n import language_for, render, translate
from rulesets.core import IllegalAction, Msg


def test_kernel_errors_read_as_sentences_in_both_languages() -> None:
    error = IllegalAction("core.error.player_count", count=9, low=2, high=7)
    assert render(error.msg, "en") == "This game needs 2 to 7 players, not 9."
    assert render(error.msg, "fr") == "Ce jeu se joue de 2 à 7 joueurs, pas 9."


def test_a_missing_key_shows_the_key_and_its_values_instead_of_crashing() -> None:
    assert translate("no.such.key", "fr", n=3) == "no.such.key (n=3)"
    assert translate("no.such.key") == "no.such.key"


def test_a_missing_parameter_stays_visible() -> None:
    assert translate("core.error.player_count", "en", count=1) == (
        "This game needs {low} to {high} players, not 1."
    )


def test_discord_locales_map_to_catalogues() -> None:
    assert language_for("fr") == "fr"
    assert language_for("en-GB") == "en"
    assert language_for("de") == "en"
    assert language_for(None) == "en"


def test_every_english_key_has_a_french_translation_and_the_reverse() -> None:
    """Slash-command names and descriptions are the exception: their English lives in the
    command definitions themselves, so only the French side needs catalogue entries."""
    from bot.i18n import catalogue

    english, french = set(catalogue("en")), set(catalogue("fr"))
    assert english - french == set()
    assert {key for key in french - english if not key.startswith("discord.cmd.")} == set()


def test_render_accepts_messages() -> None:
    assert "JSON" in render(Msg(key="core.error.malformed_json"))
