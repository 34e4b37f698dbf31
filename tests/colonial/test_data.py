"""The data file: every fact of the text is in it, it round-trips, a damaged one is refused
with the field and the reason."""

from __future__ import annotations

import copy
import json

import pytest

from rulesets.colonial import COLONIAL
from rulesets.colonial.data import DATA_FILE, default_data, parse_data
from rulesets.core import IllegalAction

SPECIAL = [
    ("canada", "wild_west"),
    ("japan", "china"),
    ("arabia", "egypt"),
    ("arabia", "persia"),
    ("arabia", "levant"),
    ("west_indies", "new_france"),
    ("guianas", "new_spain"),
    ("east_indies", "indochina"),
    ("east_indies", "australia"),
    ("new_spain", "california"),
]


def raw() -> dict[str, object]:
    loaded: dict[str, object] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return loaded


def test_the_file_round_trips() -> None:
    data = default_data()
    assert parse_data(data.model_dump(mode="json")) == data


@pytest.mark.parametrize(("a", "b"), SPECIAL)
def test_the_ten_special_adjacencies_of_section_2(a: str, b: str) -> None:
    assert b in default_data().neighbours(a) and a in default_data().neighbours(b)


def test_the_facts_and_examples_of_the_text() -> None:
    data = default_data()
    assert data.territory("australia").prestige == 2  # section 3
    assert data.territory("levant").prestige == 0  # section 3
    assert data.territory("west_indies").difficulty == 3  # section 12 example
    assert data.territory("india").difficulty == 4  # section 16 example
    assert "persia" in data.neighbours("india")  # section 16 example
    assert data.territory("west_africa").native_power == 3  # section 21 example: 6 dice
    new_spain = data.territory("new_spain")  # section 15 example: Pillage yields 8
    assert new_spain.native_power * (2 if "gold" in new_spain.resources else 1) == 8
    assert {"tea", "opium"} & set(data.territory("china").resources)
    assert {"tea", "opium"} & set(data.territory("india").resources)
    assert all(2 <= t.difficulty <= 7 for t in data.territories)
    assert data.track_values("economy") == [2, 4, 6, 10]
    assert data.track_values("seafaring") == [0, 1, 2, 3]


def test_every_value_names_its_source() -> None:
    for record in [*default_data().territories, *default_data().cards, default_data().rules]:
        assert set(record.provenance.values()) <= {"rules", "example", "reconstructed"}
    assert default_data().territory("west_indies").provenance["difficulty"] == "example"
    assert default_data().cards[0].provenance["characters"] == "reconstructed"


def test_a_damaged_difficulty_is_refused_with_its_field() -> None:
    bad = copy.deepcopy(raw())
    bad["territories"][3]["difficulty"] = 9  # type: ignore[index]
    with pytest.raises(IllegalAction) as refused:
        COLONIAL.validate_data(bad)
    assert refused.value.params["field"] == "territories.3"
    assert "2 to 7" in refused.value.params["reason"]


def test_an_adjacency_to_nowhere_is_refused() -> None:
    bad = copy.deepcopy(raw())
    bad["adjacencies"][0]["b"] = "atlantis"  # type: ignore[index]
    with pytest.raises(IllegalAction) as refused:
        COLONIAL.validate_data(bad)
    assert refused.value.params["field"] == "adjacencies.0"


def test_a_card_set_missing_a_character_is_refused() -> None:
    bad = copy.deepcopy(raw())
    bad["cards"][0]["characters"] = ["trader", "trader"]  # type: ignore[index]
    with pytest.raises(IllegalAction) as refused:
        COLONIAL.validate_data(bad)
    assert refused.value.params["field"] == "cards"


def test_a_value_without_provenance_is_refused() -> None:
    bad = copy.deepcopy(raw())
    del bad["territories"][0]["provenance"]["difficulty"]  # type: ignore[index]
    with pytest.raises(IllegalAction) as refused:
        COLONIAL.validate_data(bad)
    assert "difficulty" in refused.value.params["reason"]
