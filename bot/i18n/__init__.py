"""The one translation layer: message keys and parameters into English or French sentences.

Catalogues are JSON files named `<lang>.json` in `bot/i18n/locale/` (the bot's own text) and
in each ruleset's `locale/` folder (the rules' messages). A missing key falls back to
English, then to the key itself, so a gap in a catalogue never crashes a report.
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path
from typing import Any

from rulesets.core.messages import Event, Msg

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
_RULESETS_DIR = Path(__file__).resolve().parents[2] / "rulesets"
_BOT_LOCALE = Path(__file__).resolve().parent / "locale"


def language_for(locale: str | None) -> str:
    """The catalogue language for a Discord locale such as 'fr' or 'en-GB'."""
    if locale and locale.split("-")[0].lower() in LANGUAGES:
        return locale.split("-")[0].lower()
    return DEFAULT_LANGUAGE


@cache
def catalogue(language: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    folders = [_BOT_LOCALE, *sorted(_RULESETS_DIR.glob("*/locale"))]
    for folder in folders:
        path = folder / f"{language}.json"
        if path.exists():
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


class _Sentence(string.Formatter):
    """Formats a template in one language: ids are shown by name, and unknown placeholders
    stay visible instead of failing.

    A placeholder may ask for a grammatical form of a name: `{region:in}` is the catalogue's
    `name.<id>.in` ('in Bavaria', 'en Bavière', 'au Danemark'), `{empire:of}` its
    `name.<id>.of` ('de l'Espagne'), so a French sentence gets its article and preposition
    while events keep plain ids; a list takes the form item by item. `{power:The}` opens a
    sentence: the catalogue's `The` form, else its `the` form with a capital. A form the
    catalogue lacks falls back to the plain name.

    A number may choose between a singular and a plural word: `{amount} {amount:Trésor|Trésors}`
    reads '1 Trésor', '0 Trésor' and '2 Trésors' in French, '1 Treasury'... by each language's
    rule (French takes the singular below 2, English only for exactly 1).
    """

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        if isinstance(key, str):
            return kwargs.get(key, "{" + key + "}")
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            return self._number_word(value, format_spec)
        if format_spec.isidentifier():
            if isinstance(value, list):  # each item in that form: « à la France, aux États-Unis »
                rest = format_spec[:1].lower() + format_spec[1:]  # a capital opens the list only
                forms = [format_spec] + [rest] * (len(value) - 1)
                return ", ".join(
                    self.format_field(v, f) for v, f in zip(value, forms, strict=False)
                )
            if isinstance(value, str):
                form = self._name_form(value, format_spec)
                if form is not None:
                    return form
            return str(localise_value(value, self.language))
        return super().format_field(localise_value(value, self.language), format_spec)

    def _name_form(self, name: str, form: str) -> str | None:
        """The catalogue's form of a name; a capitalised form the catalogue lacks is its
        lower-case form with a capital, for a sentence that opens on it ('The United States')."""
        forms = catalogue(self.language)
        found = forms.get(f"name.{name}.{form}")
        if found is None and form[:1].isupper():
            lower = forms.get(f"name.{name}.{form[:1].lower()}{form[1:]}")
            found = None if lower is None else lower[:1].upper() + lower[1:]
        return found

    def _number_word(self, value: Any, forms: str) -> str:
        singular, _, plural = forms.partition("|")
        if isinstance(value, bool) or not isinstance(value, int):
            return plural
        one = abs(value) < 2 if self.language == "fr" else value == 1
        return singular if one else plural


class Verbatim:
    """Text someone typed (a moderator's reason): shown as typed, never taken for an id
    ("tea" stays "tea", not the name of the tea goods)."""

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def __format__(self, format_spec: str) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


# Parameters that hold typed text in the bot's own messages (a moderator's reason). A game's
# messages may use the same name for an id ("pax_no_garrison"), which is shown by its name.
VERBATIM_PARAMS = ("reason",)
# Parameters that hold what a player typed in every catalogue, the games' too (the note
# with a gift of gold): no game names an id so.
TYPED_PARAMS = ("note",)


@cache
def _bot_keys() -> frozenset[str]:
    path = _BOT_LOCALE / f"{DEFAULT_LANGUAGE}.json"
    return frozenset(json.loads(path.read_text(encoding="utf-8")))


def translate(key: str, language: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    verbatim = (*VERBATIM_PARAMS, *TYPED_PARAMS) if key in _bot_keys() else TYPED_PARAMS
    for name in verbatim:
        if name in params:
            params[name] = Verbatim(params[name])
    template = catalogue(language).get(key) or catalogue(DEFAULT_LANGUAGE).get(key)
    if template is None:
        shown = ", ".join(f"{name}={value}" for name, value in params.items())
        return f"{key} ({shown})" if shown else key
    try:
        return _Sentence(language).format(template, **params)
    except (ValueError, IndexError, AttributeError):
        return template


def localise_value(value: Any, language: str) -> Any:
    """Ids of named things are shown by name: 'prussia' becomes the catalogue's 'name.prussia'.

    Rulesets keep plain ids in parameters (so events stay machine-readable) and ship a
    `name.<id>` entry for every power, region and tile they mention.
    """
    if isinstance(value, str):
        if value.startswith("game.") and "." not in value[5:]:
            return game_title(value[5:], language)
        names = catalogue(language)
        return names.get(f"name.{value}") or catalogue(DEFAULT_LANGUAGE).get(f"name.{value}", value)
    if _is_message(value):  # a message inside a message: the terms an offer lists
        return translate(value["key"], language, **value["params"])
    if isinstance(value, list):
        sentences = bool(value) and all(_is_message(item) for item in value)
        joint = (" ; " if language == "fr" else "; ") if sentences else ", "
        return joint.join(str(localise_value(item, language)) for item in value)
    if isinstance(value, dict):
        return _mapping(value, language)
    return value


def _mapping(value: dict[Any, Any], language: str) -> str:
    """A tally by power or side ({"GBR": 6, "FRA": 5}, {"britain": "10 + 5"}) reads "Great
    Britain 6; France 5"; a mapping of names to names ({"egypt": "usa"}) reads "Egypt:
    United States", « Égypte : États-Unis » in French, whose colon and semicolon take a
    space before them."""
    names = catalogue(DEFAULT_LANGUAGE)
    if not all(isinstance(item, str) and f"name.{item}" in names for item in value.values()):
        return "; ".join(
            f"{localise_value(name, language)} {localise_value(amount, language)}"
            for name, amount in value.items()
        )
    colon, joint = (" : ", " ; ") if language == "fr" else (": ", "; ")
    return joint.join(
        f"{localise_value(name, language)}{colon}{localise_value(item, language)}"
        for name, item in value.items()
    )


def _is_message(value: Any) -> bool:
    """A parameter that is itself a message, `{"key": ..., "params": {...}}` (JSON, so that
    events stay plain data)."""
    return isinstance(value, dict) and value.keys() == {"key", "params"}


def game_title(name: str, language: str) -> str:
    """A game by its title in this language ('game.struggle' in a message's parameters)."""
    from rulesets import registry
    from rulesets.core.messages import IllegalAction

    try:
        return render(registry.get(name).title, language)
    except IllegalAction:
        return name


def render(message: Msg | Event, language: str = DEFAULT_LANGUAGE) -> str:
    return translate(message.key, language, **message.params)
