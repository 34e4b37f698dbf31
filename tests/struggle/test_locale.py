"""Every message key the rules use is in both catalogues, and every id has a name."""

from __future__ import annotations

import json
import re
from pathlib import Path

from rulesets.struggle.data import default_data
from rulesets.struggle.options import OPTIONS

PACKAGE = Path(__file__).resolve().parents[2] / "rulesets" / "struggle"


def catalogue(language: str) -> dict[str, str]:
    return json.loads((PACKAGE / "locale" / f"{language}.json").read_text(encoding="utf-8"))


def used_keys() -> set[str]:
    source = "\n".join(path.read_text() for path in PACKAGE.glob("*.py"))
    found = set(re.findall(r'"(soe\.[a-z_]+(?:\.[a-z_]+)*)"', source))
    kinds = set(re.findall(r'(?:Pending|_prompt)\((?:power|seat|\w+), "([a-z_]+)"', source))
    kinds |= set(re.findall(r'Pending\("([a-z_]+)"', source))
    found |= {f"soe.prompt.{kind}" for kind in kinds}
    found |= {f"soe.option.{spec.name}" for spec in OPTIONS}
    return {key for key in found if not key.endswith(".")}


def test_english_and_french_have_the_same_keys() -> None:
    assert set(catalogue("en")) == set(catalogue("fr"))


def test_every_key_used_by_the_rules_is_translated() -> None:
    english = catalogue("en")
    reasons = {key for key in used_keys() if key.startswith("soe.reason.")}
    missing = sorted(key for key in used_keys() - reasons if key not in english)
    assert not missing
    assert all(f"name.{reason}" in english for reason in reasons)


def test_every_power_region_tile_and_marker_has_a_name() -> None:
    data = default_data()
    english = catalogue("en")
    ids = data.power_ids + data.region_ids + [t.id for t in data.tiles]
    ids += [m.id for m in data.markers]
    assert [i for i in ids if f"name.{i}" not in english] == []


def test_placeholders_match_between_languages() -> None:
    english, french = catalogue("en"), catalogue("fr")
    for key, text in english.items():
        assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", french[key])), key


def test_every_order_type_has_a_name_for_buttons() -> None:
    from typing import get_args

    from rulesets.struggle.actions import StruggleAction

    union = get_args(StruggleAction)[0]
    types = [model.model_fields["type"].default for model in get_args(union)]
    english = catalogue("en")
    assert [t for t in types if f"struggle.action.{t}" not in english] == []


def test_every_yes_no_question_has_both_labels() -> None:
    english = catalogue("en")
    for question in ("militia", "surprise", "naval_fight", "reserve", "blockade"):
        assert f"soe.choice.{question}.yes" in english and f"soe.choice.{question}.no" in english


def built_keys() -> set[str]:
    """The label, prompt and choice keys the rules build from a unit, a target kind or a
    proposal's shape, which a random game may not reach."""
    units = ("army", "fleet", "fort")
    keys = {
        f"soe.label.{family}.{unit}"
        for family in ("place_unit", "build", "build_where", "choose_unit", "move_to", "casualty")
        for unit in units
    }
    keys |= {f"soe.label.build_home.{unit}" for unit in ("army", "fleet")}
    keys |= {
        f"soe.label.choose_target.{kind}" for kind in ("player", "neutral", "pirates", "revolt")
    }
    keys |= {
        f"{base}{shape}"
        for base in ("soe.label.bid", "soe.label.opening", "soe.label.proxy_bid", "soe.prompt.bid")
        for shape in ("", "_a", "_b")
    }
    keys |= {"soe.prompt.bid_first", "soe.prompt.bid_forced", "soe.prompt.gold_offer"}
    keys |= {f"soe.choice.support{shape}" for shape in ("", "_naval", "_land")}
    return keys


def test_every_built_key_is_in_both_catalogues() -> None:
    english, french = catalogue("en"), catalogue("fr")
    assert sorted(key for key in built_keys() if key not in english or key not in french) == []
