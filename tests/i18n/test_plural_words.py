"""A count reads with the word its number asks for: "1 pion", "0 Trésor", "2 Trésors" in
French, "1 counter", "0 counters" in English; the sentence scan finds a count of one
followed by a plural word ("1 Trésors"), which every game's random play reads for."""

from __future__ import annotations

import pytest

from bot.i18n import translate
from tests.i18n.sentence_rules import plural_after_one, problems


@pytest.mark.parametrize(
    ("text", "language", "found"),
    [
        ("Vert donne 1 Trésors à Bleu.", "fr", "1 Trésors"),
        ("Guerre en Europe : Vert détruit 0 Trésors, Bleu 2.", "fr", "0 Trésors"),
        ("Vert ajoute 1 Flottes marchandes.", "fr", "1 Flottes"),
        ("Pillage : +1 Trésors, et 1 Désordre", "fr", "+1 Trésors"),
        ("Deux animaux : 1 chevaux.", "fr", "1 chevaux"),
        ("This campaign already has its 1 players.", "en", "1 players"),
        ("Red defends with 1 dice: 2 hits on corsairs.", "en", "1 dice"),
        ("You hold 1 cards.", "en", "1 cards"),
    ],
)
def test_the_scan_finds_a_plural_word_after_a_count_of_one(
    text: str, language: str, found: str
) -> None:
    assert plural_after_one(text, language) == [found]
    assert f"plural after a count of one {found!r}" in problems(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Vert donne 2 Trésors à Bleu ; Rouge 1 Trésor, Bleu 0 Trésor.", "fr"),
        ("Vos escadres touchent 1 fois : 1 choix, 1 de vos pions, 1 dans ma case.", "fr"),
        ("Joueur 1 passe ; Tour 1 : Économie 1, 1 des corsaires, 1 sur 2 dés.", "fr"),
        ("Vert a 1,5 heures et 11 pions, 1/2 points, 21 dés, à 10:01 jours.", "fr"),
        ("Red sells 1 goods; 0 players and 2 players; 1 class, 1 bonus Prestige.", "en"),
        ("Player 1 passes. Turn 1 begins; step 1 removes nothing; die 1: 1 becomes 2.", "en"),
        ("Red scores 1.5 points and -1 Treasury; 11 hits; 1 of your goods.", "en"),
    ],
)
def test_the_scan_leaves_counts_that_agree_and_numbers_that_name(text: str, language: str) -> None:
    assert plural_after_one(text, language) == []


def test_a_count_of_one_reintroduced_before_a_plural_word_is_found() -> None:
    # The template as it read before its number chose its word.
    old = "Guerre en Europe : {attacker} détruit {hits_a} Trésors, {defender} {hits_d}."
    text = old.format(attacker="Vert", hits_a=1, defender="Bleu", hits_d=0)
    assert plural_after_one(text, "fr") == ["1 Trésors"]
    fixed = translate(
        "col.event.war_treasury",
        "fr",
        attacker="col_green",
        hits_a=1,
        defender="col_blue",
        hits_d=0,
    )
    assert fixed == "Guerre en Europe : Vert détruit 1 Trésor, Bleu 0."
    assert plural_after_one(fixed, "fr") == []


@pytest.mark.parametrize(
    ("count", "french", "english"),
    [
        (0, "Vert place 0 pion au Brésil.", "Green places 0 counters in Brazil."),
        (1, "Vert place 1 pion au Brésil.", "Green places 1 counter in Brazil."),
        (3, "Vert place 3 pions au Brésil.", "Green places 3 counters in Brazil."),
    ],
)
def test_a_colonial_count_reads_by_each_languages_rule(
    count: int, french: str, english: str
) -> None:
    # French takes the singular below 2, English only for exactly 1.
    def placed(language: str) -> str:
        return translate(
            "col.event.placed", language, seat="col_green", count=count, territory="brazil"
        )

    assert placed("fr") == french
    assert placed("en") == english


def test_an_adjective_and_a_verb_agree_with_the_count() -> None:
    # « 1 Flotte marchande », « 1 corsaire est », « 1 troupe peut débarquer ».
    assert translate("col.event.fleets_built", "fr", seat="col_red", amount=1) == (
        "Rouge ajoute 1 Flotte marchande."
    )
    assert translate("col.event.fleets_built", "fr", seat="col_red", amount=2) == (
        "Rouge ajoute 2 Flottes marchandes."
    )
    assert translate("col.prompt.defend", "fr", corsairs=1, dice=2) == (
        "1 corsaire est dans votre case : vous défendre avec vos escadres (2 dés) "
        "avant d'expédier ?"
    )
    assert translate("col.prompt.defend", "en", corsairs=1, dice=1) == (
        "1 corsair is in your box: defend with your squadrons (1 die) before shipping?"
    )
    assert translate("urr.event.campaign_over", "fr", turns=1) == (
        "La campagne se termine : 1 tour joué."
    )
    assert translate("urr.event.campaign_over", "en", turns=4) == (
        "The campaign ends: 4 turns played."
    )


def test_struggles_and_the_bots_counts_choose_their_words() -> None:
    assert translate("soe.choice.support", "en", naval=1, land=0) == (
        "Commit up to 1 ship and 0 armies"
    )
    assert translate("soe.choice.support", "fr", naval=1, land=0) == (
        "Engager jusqu'à 1 navire et 0 armée"
    )
    assert translate("schedule.error.extension_too_long", "fr", cap=1, hours=3) == (
        "Une prolongation ne peut dépasser 1 heure, pas 3."
    )
    assert translate("service.talk.too_many", "en", limit=8) == (
        "A private talk holds at most 8 players."
    )
