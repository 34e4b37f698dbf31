"""Reading everything the bot sent to Discord for words that are not words: `None`, a Python
dict or list, a raw identifier (snake_case id, catalogue key, ruleset id, placeholder left
unfilled), a count of one followed by a plural word ("1 Trésors", the sentence scan's rule)
and, in a French campaign, English words.

The scan reads SimCord's log of the bot's REST calls, so it sees every message posted or
edited, every interaction reply (ephemeral ones too), every modal, embed, button label and
select option, as the bot sent them, including the versions a later edit replaced."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import simcord

from tests.i18n.sentence_rules import plural_after_one

# Paths of the calls that carry what people read (not command syncs, not fetches).
_READ_PATHS = re.compile(r"^/(channels/\d+/messages|interactions/\d+/[^/]+/callback|webhooks/)")
_TEXT_KEYS = frozenset({"content", "title", "description", "name", "value", "text", "label"})
_PLACEHOLDER_KEYS = frozenset({"placeholder"})
# Discord markup and links: not words, and full of ids by design.
_MARKUP = re.compile(r"<(?:@[!&]?|#|t:|a?:\w+:)[^>]*>|https?://\S+|`[^`]*`")

DEFECTS: dict[str, re.Pattern[str]] = {
    "None": re.compile(r"\bNone\b"),
    "Python value": re.compile(r"\{'|\['|'\]|'\}|\[\]|\{\}|\bTrue\b|\bFalse\b"),
    "snake_case id": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "catalogue key": re.compile(
        r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\.[a-z0-9_.]+\b|\b(?:name|game|field)\.[\w-]+"
    ),
    "ruleset id": re.compile(r"\b(?:ultima-ratio-regis|pax-britannica|struggle-of-empires)\b"),
    "placeholder": re.compile(r"\{[a-z_]+(?::[a-z]+)?\}"),
}
# Common English words that have no business in a French campaign's text.
ENGLISH = re.compile(
    r"\b(?:the|and|with|your|you|gold|turn|army|armies|fleet|fleets|pass|passes|bid|bids|"
    r"attack|campaign|step|player|players|choose|order|accepted|wins|gives|takes|moves|"
    r"from|into|left|each|none|nobody|high|winner|war|deadline|answer|waiting|closed|"
    r"choices|move|build|buy|end|has|have|is|are|of|to|in|yes|no|kind|owner|year|done|"
    r"record|city|decider|treasury|unrest|units|troops|power|powers|victory|basic)\b"
)
# ("place", "score", "round", "on", "port", "points" and "option" are French words too:
# the French text of Struggle of Empires itself says « round ».)


@dataclass
class ScanFigures:
    """What one scan read, and what it found."""

    requests: int = 0
    messages: int = 0
    buttons: int = 0
    select_options: int = 0
    modals: int = 0
    texts: int = 0
    defects: list[str] = field(default_factory=list)

    def line(self, game: str, language: str) -> str:
        return (
            f"{game} [{language}]: {self.messages} messages, {self.buttons} buttons, "
            f"{self.select_options} select options, {self.modals} modals "
            f"({self.texts} texts) scanned; {len(self.defects)} defects"
        )


def _texts(node: Any, figures: ScanFigures) -> Iterator[str]:
    """Every string a person reads in a request body, counting components on the way."""
    if isinstance(node, list):
        for item in node:
            yield from _texts(item, figures)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == 2 and "custom_id" in node:
        figures.buttons += 1
    if node.get("type") == 3 and "options" in node:
        figures.select_options += len(node["options"])
    for key, value in node.items():
        if isinstance(value, str) and key in _TEXT_KEYS | _PLACEHOLDER_KEYS:
            yield value
        elif isinstance(value, dict | list):
            yield from _texts(value, figures)


def defects_in(text: str, language: str) -> list[str]:
    words = _MARKUP.sub(" ", text).replace("~~", " ")
    found = [
        f"{name}: {match.group(0)!r}"
        for name, rule in DEFECTS.items()
        for match in rule.finditer(words)
    ]
    if language == "fr":
        found += [f"English word: {m.group(0)!r}" for m in ENGLISH.finditer(words)]
    found += [
        f"plural after a count of one: {count!r}" for count in plural_after_one(words, language)
    ]
    return found


def scan_requests(env: simcord.Env, since: int, language: str, names: set[str]) -> ScanFigures:
    """Scan the bot's REST calls from the `since`-th on. `names` are people's display names
    (a user called "the_bob" is not a raw id)."""
    figures = ScanFigures()
    for request in env.http_requests[since:]:
        if not _READ_PATHS.match(request.path) or request.method not in ("POST", "PATCH"):
            continue
        body = request.json
        if not isinstance(body, dict):
            continue
        figures.requests += 1
        data = body.get("data") if "/callback" in request.path else body
        if not isinstance(data, dict):
            continue
        if body.get("type") == 9:
            figures.modals += 1
        elif data.get("content") or data.get("embeds") or data.get("components"):
            figures.messages += 1
        for text in _texts(data, figures):
            figures.texts += 1
            for name in names:
                text = text.replace(name, " ")
            figures.defects += [
                f"{defect} in {text[:160]!r}" for defect in defects_in(text, language)
            ]
    return figures
