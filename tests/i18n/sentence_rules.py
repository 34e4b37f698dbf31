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
    return found


def untranslated_keys(language: str) -> set[str]:
    """Keys the English catalogue has and `language` lacks: shown in English in that language."""
    if language == DEFAULT_LANGUAGE:
        return set()
    return set(catalogue(DEFAULT_LANGUAGE)) - set(catalogue(language))
