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


def test_a_number_chooses_its_word_by_each_languages_rule() -> None:
    def gave(amount: object) -> str:
        return translate("col.event.gave", "fr", seat="col_red", amount=amount, to="col_blue")

    assert gave(0) == "Rouge donne 0 Trésor à Bleu."
    assert gave(1) == "Rouge donne 1 Trésor à Bleu."
    assert gave(2) == "Rouge donne 2 Trésors à Bleu."
    assert gave("x") == "Rouge donne x Trésors à Bleu."  # not a number: the plural, no crash


def test_a_colonial_territory_takes_its_french_preposition() -> None:
    assert translate("col.event.placed", "fr", seat="col_red", count=2, territory="brazil") == (
        "Rouge place 2 pions au Brésil."
    )
    assert translate("col.event.mission_subverted", "fr", seat="col_red", territory="egypt") == (
        "Rouge retourne une Mission d'Égypte en Désordre."
    )
    assert translate("col.prompt.explore_claim", "fr", territory="west_indies").startswith(
        "Vous avez exploré les Antilles"
    )


def test_a_pax_power_after_a_preposition_takes_its_article() -> None:
    # « verse 10 £ à États-Unis » read wrong: each power has its forms, as the territories do.
    assert translate("pax.event.transfer", "fr", power="france", amount=10, to="usa") == (
        "France : versement de 10 £ aux États-Unis."
    )
    assert translate("pax.event.transfer", "fr", power="usa", amount=10, to="britain") == (
        "États-Unis : versement de 10 £ à la Grande-Bretagne."
    )
    assert translate("pax.event.transfer", "en", power="france", amount=10, to="usa") == (
        "France pays 10 £ to the United States."
    )
    assert translate(
        "pax.label.vote_for", "fr", power="japan", area="egypt", favoured="germany"
    ) == ("Japon : voter pour le règlement de l'aire Égypte en faveur de l'Allemagne")
    assert "contre la France" in translate(
        "pax.event.casus_belli", "fr", holder="germany", target="france", area="egypt"
    )
    assert translate("pax.error.congress_site", "fr", site="usa") == (
        "Le Congrès ne peut pas se réunir aux États-Unis."
    )


def test_a_list_takes_the_form_item_by_item() -> None:
    text = translate("pax.event.ottoman_war", "fr", powers=["france", "usa"], strength=15)
    assert text.startswith("L'Empire ottoman déclare la guerre à la France, aux États-Unis :")
    english = translate(
        "pax.event.ottoman_war", "en", powers=["france", "netherlands"], strength=15
    )
    assert english.startswith("The Ottoman Empire declares war on France, the Netherlands:")


def test_a_sentence_opening_on_a_name_takes_its_capitalised_form() -> None:
    # `{power:The}`: the catalogue's `the` form with a capital, where it has no `The` form.
    english = translate("pax.event.war_declared", "en", power="usa", target="france", area="egypt")
    assert english.startswith("The United States declares war on France")
    assert translate(
        "pax.event.area_conquered", "en", powers=["usa", "netherlands"], area="egypt"
    ) == ("The United States, the Netherlands conquer Egypt.")
