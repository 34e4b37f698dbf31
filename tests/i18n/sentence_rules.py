"""What makes a text fit for a player: a sentence, with no Python value and no internal id.

Shared by the sentence test of every game: `problems(text, language)` lists what is wrong
with one text a player would read (a choice label, a prompt, an event, a map label).
"""

from __future__ import annotations

import re

from bot.i18n import DEFAULT_LANGUAGE, catalogue

# A key left untranslated renders as the key itself ("soe.event.x" or "soe.event.x (a=1)").
_KEY = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+){1,}\b")
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
_PYTHON_VALUE = re.compile(
    r"\bNone\b|\bTrue\b|\bFalse\b|\{'|\['|\[\]|\{\}|\[\d|<[a-zA-Z_.]+ object"
)
# A number and the word after it ("1 Trésors", "Joueur 1 passe"): not a digit of a bigger
# number, a decimal, a fraction or a time.
_NUMBER_WORD = re.compile(r"(?<![\w.,/:])([+\-−]?)(\d+)(?![\w.,/:]) ([^\W\d_]+)")
# Words before a number that make it a name or a position, not a count ("Player 1 passes",
# "Tour 1 commence", "Économie 1 : ...").
_NAMING_WORDS = (
    "player joueur turn tour step étape round ronde decade décennie war guerre impulse "
    "impulsion position die dé card carte page number numéro draw tirage level niveau "
    "campaign campagne seat zone track piste phase stage vote option economy économie "
    "diplomacy diplomatie"
)
# Words ending like plurals that are not plural nouns: prepositions, determiners, pronouns,
# verbs, and nouns that end in -s or -x in the singular ("1 fois", "1 choix", "1 goods").
_NOT_PLURAL_WORDS = {
    "fr": (
        "dans sans depuis vers après près très dès mais fois plus moins pas puis sous lors "
        "alors toujours jamais des les ses mes tes nos vos ces leurs aux vous nous choix prix "
        "voix croix paix temps mois pays cas corps succès accès progrès deux six dix faux "
        "mieux ceux eux taux"
    ),
    "en": (
        "is was has does goes its his this thus plus minus as us yes news bonus status goods "
        "always perhaps towards afterwards besides unless whereas across becomes remains"
    ),
}
_NUMBER_AS_NAME = frozenset(_NAMING_WORDS.split())
_NOT_PLURAL = {language: frozenset(words.split()) for language, words in _NOT_PLURAL_WORDS.items()}


def problems(text: str, language: str) -> list[str]:
    """Everything in `text` that a player should never read, as short descriptions."""
    found: list[str] = []
    if not text.strip():
        found.append("empty text")
    for pattern, what in (
        (_PLACEHOLDER, "unfilled placeholder"),
        (_PYTHON_VALUE, "Python value"),
        (_SNAKE, "raw identifier"),
        (_KEY, "catalogue key"),
    ):
        match = pattern.search(text)
        if match:
            found.append(f"{what} {match.group(0)!r}")
    found += [
        f"plural after a count of one {words!r}" for words in plural_after_one(text, language)
    ]
    return found


def _reads_as_one(sign: str, digits: str, language: str) -> bool:
    """Whether the number takes the singular: French below 2 (0 and 1), English only 1."""
    if language == "fr":
        return int(digits) < 2
    return digits == "1" and sign != "-"


def _plural_word(word: str, language: str) -> bool:
    lower = word.lower()
    if lower in _NOT_PLURAL[language]:
        return False
    if language == "fr":
        return lower.endswith(("s", "aux", "eux", "oux")) and not lower.endswith("ès")
    return lower == "dice" or (lower.endswith("s") and not lower.endswith("ss"))


def plural_after_one(text: str, language: str) -> list[str]:
    """Each count that takes the singular but is followed by a plural word ("1 Trésors",
    "0 pions" in French, "1 players" in English)."""
    found = []
    for match in _NUMBER_WORD.finditer(text):
        sign, digits, word = match.groups()
        before = text[: match.start()].split()
        named = bool(before) and before[-1].strip("(#").lower() in _NUMBER_AS_NAME
        if _reads_as_one(sign, digits, language) and _plural_word(word, language) and not named:
            found.append(match.group(0))
    return found


def untranslated_keys(language: str) -> set[str]:
    """Keys the English catalogue has and `language` lacks: shown in English in that language."""
    if language == DEFAULT_LANGUAGE:
        return set()
    return set(catalogue(DEFAULT_LANGUAGE)) - set(catalogue(language))
