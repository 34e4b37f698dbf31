"""Every Pax Britannica sentence, in English and French, reads right for every power.

Each catalogue text is rendered with every power in each parameter that names one (and a
plausible value in the others). A power's name needs its article in a French sentence
(« Les États-Unis placent », never « États-Unis place »; « contre le Japon »), so it may
stand bare only as a heading (« États-Unis : … ») or as an item of a list, and « de » or
« à » before its article contract (« des États-Unis »). In English a name within a sentence
takes its form (« war on the United States ») and no possessive is glued to a name
(« United States's »): the `of` form reads right for all. In both languages no sentence
opens on a lower-case article (« les États-Unis … »).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LANGUAGES, catalogue, translate
from tests.i18n.sentence_rules import problems

_LOCALE = Path(__file__).resolve().parents[2] / "rulesets" / "pax_britannica" / "locale"
_PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::[^}]*)?\}")
_FORMS = ("the", "of", "to", "in")
# Parameters that name one power or seat (a Pax seat is its power's id).
_POWER_PARAMS = frozenset(
    [
        "power",
        "accused",
        "ally",
        "attacked",
        "claimant",
        "enemy",
        "giver",
        "guest",
        "holder",
        "host",
        "minor",
        "mover",
        "other",
        "partner",
        "payer",
        "proposer",
        "reader",
        "receiver",
        "recipient",
        "seat",
        "sender",
        "site",
        "target",
        "to",
        "violator",
    ]
)
# Parameters that hold a list of powers.
_POWERS_PARAMS = frozenset(
    [
        "powers",
        "wronged",
        "members",
        "winners",
        "parties",
        "partners",
        "majors",
        "minors",
        "others",
        "first",
        "favoured",
        "side",
        "targets",
        "refusers",
    ]
)
# Keys whose `to` is the area or sea a unit goes to, and whose `side` is a side's name.
_TO_IS_A_PLACE = frozenset(
    [
        "pax.event.coaling_requested",
        "pax.event.coaling_step_refused",
        "pax.event.passage_refused",
        "pax.event.passage_requested",
        "pax.label.war_move_coaling",
        "pax.prompt.war_passage_request",
        "pax.event.unit_moved",
        "pax.event.fleet_moved",
        "pax.event.natives_move",
        "pax.event.unit_retreated",
        "pax.label.move_fleet",
        "pax.label.move_unit",
        "pax.label.war_move",
        "pax.label.war_retreat",
        "pax.error.war_move_illegal",
        "pax.error.war_retreat_illegal",
    ]
)
_SIDE_IS_A_NAME = frozenset({"pax.event.ottoman_war_joined"})
_OTHER_VALUES: dict[str, Any] = {
    "area": "egypt",
    "areas": ["egypt", "sudan"],
    "place": "egypt",
    "sea": "mediterranean",
    "passage": "suez",
    "side": "pax_ottoman_side_attacked",
    "to": "sudan",
    "level": "pax_a_level_interest",
    "from": "pax_the_level_interest",
    "unit": "pax_a_unit_army",
    "kind": "pax_treaty_defensive",
    "secret": "pax_treaty_secret",
    "schedule": "pax_payment_once",
    "reason": "pax_no_garrison",
    "result": "result_AE",
    "outcome": "pax_adopted",
    "table": "pax_table_A",
    "event": "pax_event_naval_race",
    "phase": "Administration",
    "note": "Aucune aide",
    "plan": "Égypte : France",
    "losses": "une armée (3)",
    "claims": "Égypte : France",
    "odds": "2:1",
    "code": "A",
    "verdict": "pax_breach_confirmed",
}


@cache
def _powers() -> list[str]:
    """Every power and minor power of the game: the names with forms in its catalogue."""
    names = json.loads((_LOCALE / "en.json").read_text(encoding="utf-8"))
    return sorted(key[5:-4] for key in names if key.startswith("name.") and key.endswith(".the"))


def _pax_keys() -> list[str]:
    prefixes = ("pax.", "pax-britannica.", "table.pax-britannica.", "phase.pax-britannica.")
    return sorted(key for key in catalogue("en") if key.startswith(prefixes))


def _params(key: str) -> set[str]:
    return {
        name
        for language in LANGUAGES
        for name in _PLACEHOLDER.findall(catalogue(language).get(key, ""))
    }


def _power_params(key: str) -> tuple[list[str], list[str]]:
    single, lists = [], []
    for name in sorted(_params(key)):
        if (name == "to" and key in _TO_IS_A_PLACE) or (name == "side" and key in _SIDE_IS_A_NAME):
            continue
        if name in _POWERS_PARAMS:
            lists.append(name)
        elif name in _POWER_PARAMS:
            single.append(name)
    return single, lists


def _renderings(key: str, language: str) -> list[tuple[str, str]]:
    """(power, text) for every power put in turn into every parameter that names a power,
    the other power parameters holding another power."""
    powers = _powers()
    single, lists = _power_params(key)
    base: dict[str, Any] = {name: _OTHER_VALUES.get(name, 2) for name in _params(key)}
    out = []
    for power in powers:
        other = "spain" if power != "spain" else "japan"
        for chosen in (*single, *lists):
            params = dict(base)
            params.update(dict.fromkeys(single, other))
            params.update({name: [other, "italy"] for name in lists})
            params[chosen] = [other, power] if chosen in lists else power
            out.append((power, translate(key, language, **params)))
            if chosen in lists:
                params[chosen] = [power]
                out.append((power, translate(key, language, **params)))
    if not out:
        out.append(("", translate(key, language, **base)))
    return out


@cache
def _bare_spans(power: str, language: str) -> re.Pattern[str]:
    names = catalogue(language)
    forms = sorted(
        {names[f"name.{power}.{form}"] for form in _FORMS if f"name.{power}.{form}" in names},
        key=len,
        reverse=True,
    )
    # « Les États-Unis » opening a sentence is the `the` form too.
    alternatives = "|".join(
        re.escape(form) + "|" + re.escape(form[:1].upper() + form[1:]) for form in forms
    )
    return re.compile(rf"(?:{alternatives})|({re.escape(names[f'name.{power}'])})")


def _bare_names(text: str, power: str, language: str) -> list[tuple[str, str]]:
    """(before, after) around each use of the power's plain name that no form covers."""
    found = []
    for match in _bare_spans(power, language).finditer(text):
        if match.group(1) is not None:
            found.append((text[: match.start()], text[match.end() :]))
    return found


# Where a plain name may stand: at the start of a text, after punctuation, or as an item
# after a colon, a comma, a semicolon or a bracket.
_OPEN = re.compile(r"(?:^|[:,;(—«.?!]\s*)$")
# French: only as a heading or as an item of a list (what follows ends the item).
_CLOSE_FR = re.compile(r"^(?:$|\s*[:,;.()])")


def _lower_case_openings(text: str, power: str, language: str) -> list[str]:
    """The `the` form opening a sentence reads in lower case (« les États-Unis placent »)."""
    names = catalogue(language)
    the = names[f"name.{power}.the"]
    if the == names[f"name.{power}"] or not the[:1].islower():
        return []
    opening = re.compile(rf"(?:^|[.?!]\s+){re.escape(the)}")
    return [f"sentence opening in lower case: {the!r}" for _ in opening.finditer(text)]


# « de les États-Unis », « à le Japon »: the `the` form after « de » or « à » wants `of` or `to`.
_UNCONTRACTED = re.compile(r"\b(?:[Dd]e|à) (?:les|le) ")


def french_problems(text: str, power: str) -> list[str]:
    found = _lower_case_openings(text, power, "fr")
    found += [f"article not contracted: {m.group(0)!r}" for m in _UNCONTRACTED.finditer(text)]
    for before, after in _bare_names(text, power, "fr"):
        if not (_OPEN.search(before) and _CLOSE_FR.search(after)):
            found.append(f"power without its article: …{before[-20:]}[{power}]{after[:20]}…")
    return found


def english_problems(text: str, power: str) -> list[str]:
    names = catalogue("en")
    found = _lower_case_openings(text, power, "en")
    for form in (f"name.{power}", *(f"name.{power}.{form}" for form in _FORMS)):
        if re.search(re.escape(names[form]) + r"'s?\b", text):
            found.append(f"possessive glued to {names[form]!r}")
    needs_article = names[f"name.{power}.the"] != names[f"name.{power}"]
    for before, after in _bare_names(text, power, "en"):
        if not _OPEN.search(before):
            found.append(f"power without its article: …{before[-20:]}[{power}]")
        elif needs_article and _SENTENCE_START.search(before) and not _CLOSE_FR.match(after):
            found.append(f"sentence opening on a bare power: [{power}]{after[:20]}…")
    return found


# English: a sentence that opens on a name needs its capitalised `the` form (« The United
# States places »), unless the name heads the line or stands as an item.
_SENTENCE_START = re.compile(r"(?:^|[.?!]\s*)$")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_pax_text_names_every_power_with_the_right_form(language: str) -> None:
    check = french_problems if language == "fr" else english_problems
    wrong = []
    for key in _pax_keys():
        for power, text in _renderings(key, language):
            found = problems(text, language) + (check(text, power) if power else [])
            wrong += [f"{key}: {text} — {what}" for what in found]
    assert not wrong, "\n".join(sorted(set(wrong)))


def test_the_rules_catch_a_bare_power_and_a_glued_possessive() -> None:
    assert french_problems("États-Unis place un intérêt en Égypte.", "usa")
    assert french_problems("La France déclare la guerre contre États-Unis.", "usa")
    assert not french_problems(
        "Les États-Unis : placer un intérêt (membres : France, Japon).", "usa"
    )
    assert not french_problems("Membres : France, Japon.", "france")
    assert french_problems("Paix. les États-Unis placent un intérêt.", "usa")
    assert french_problems("Conquête de les États-Unis.", "usa")
    assert english_problems("the United States's armies", "usa")
    assert english_problems("war on United States", "usa")
    assert english_problems("United States places an interest in Egypt.", "usa")
    assert not english_problems("The United States places an interest in Egypt.", "usa")
    assert not english_problems("United States: place an interest in Egypt", "usa")
    assert not english_problems("the armies of the United States", "usa")
