"""Grammatical forms of names: `{region:in}` reads the catalogue's `name.<id>.in`."""

from __future__ import annotations

from bot.i18n import translate


def test_a_placeholder_may_ask_for_a_form_of_the_name_in_each_language() -> None:
    # « Le monarque de l'Espagne »: the article and the elision come from the catalogue.
    french = translate("emp.event.monarch_changed", "fr", empire="ES", seat="P2")
    assert french == "Le monarque de l'Espagne passe à Joueur 2."
    english = translate("emp.event.monarch_changed", "en", empire="ES", seat="P2")
    assert english == "The monarch of Spain goes to Player 2."
    assert translate("emp.label.place", "fr", unit="infantry", region="denmark") == (
        "Placer une infanterie au Danemark"
    )
    assert translate("emp.label.place", "en", unit="infantry", region="denmark") == (
        "Place an infantry in Denmark"
    )


def test_a_form_the_catalogue_lacks_reads_as_the_plain_name() -> None:
    # Seats have no forms: `{seat:to}` would read as the seat's name.
    assert translate("emp.label.new_city", "fr", region="P1") == "Nouvelle ville Joueur 1"
