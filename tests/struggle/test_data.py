"""The data file: complete, sourced, cross-checked, and replaceable by a campaign."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rulesets.core import IllegalAction, start
from rulesets.struggle import STRUGGLE
from rulesets.struggle.data import DATA_FILE, default_data


def raw() -> dict[str, Any]:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def test_the_shipped_data_has_every_component() -> None:
    data = default_data()
    assert data.power_ids == ["GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR"]
    assert data.region_ids == [
        "GER", "CEU", "OTT", "BAL", "MED", "NAM", "SAM", "CAR", "AFR", "IND", "EIN"
    ]  # fmt: skip
    assert data.region("GER").vp == [8, 5, 3]
    assert data.region("GER").provenance["vp"] == "example"
    assert "GER" in data.power("GBR").home_adjacent
    assert data.power("GBR").provenance["home_adjacent"] == "reconstructed"
    kinds = {marker.kind for marker in data.markers}
    assert kinds == {"neutral", "pop", "slaves"}
    families = [tile.family for tile in data.tiles]
    assert families.count("alliance") == 11 and families.count("commerce") == 7
    copies = {tile.id: tile.copies for tile in data.tiles}
    assert copies["army_training"] == 6 and copies["government_reform"] == 10
    assert sum(copies[t.id] for t in data.tiles if t.family == "development") == 55
    assert data.tile("industry").unrest == 2 and data.tile("industry").nature == "immediate"


def test_every_value_names_its_provenance() -> None:
    data = raw()
    for section in ("powers", "regions", "markers", "tiles"):
        for record in data[section]:
            fields = set(record) - {"id", "provenance"}
            assert fields == set(record["provenance"]), record["id"]
            assert set(record["provenance"].values()) <= {"rules", "example", "reconstructed"}


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda d: d["regions"][0].pop("vp"), "regions.0.vp"),
        (lambda d: d["markers"][0].update(region="XXX"), "markers"),
        (lambda d: d["tiles"][0]["provenance"].pop("gold"), "tiles.0"),
        (lambda d: d["tiles"].pop(0), "tiles"),
        (lambda d: d["powers"].pop(), "powers"),
    ],
)
def test_a_bad_replacement_file_is_refused_with_field_and_reason(edit: Any, field: str) -> None:
    data = raw()
    edit(data)
    with pytest.raises(IllegalAction) as refused:
        STRUGGLE.validate_data(data)
    assert refused.value.key == "core.error.bad_data"
    assert str(refused.value.params["field"]).startswith(field.split(".")[0])
    assert refused.value.params["reason"]


def test_a_campaign_plays_with_its_replacement_data() -> None:
    data = raw()
    data["rules"]["start_gold"] = 15
    data["regions"][1]["vp"] = [9, 6, 3]
    state = start(STRUGGLE, ["GBR", "FRA"], {}, "ab" * 32, data=copy.deepcopy(data)).state
    assert state.powers["GBR"].gold == 15
    assert STRUGGLE.view(state, None)["regions"]["CEU"]["vp"] == [9, 6, 3]


def test_the_ruleset_registers_itself() -> None:
    from rulesets import registry

    assert registry.get("struggle") is STRUGGLE
    assert [seat.id for seat in STRUGGLE.seat_pool()] == default_data().power_ids


def test_a_campaign_with_replacement_data_survives_a_json_round_trip() -> None:
    from rulesets.struggle.state import StruggleState

    data = raw()
    data["rules"]["start_gold"] = 12
    state = start(STRUGGLE, ["GBR", "FRA"], {}, "cd" * 32, data=data).state
    reloaded = StruggleState.model_validate_json(state.model_dump_json())
    assert reloaded == state
    prompt = STRUGGLE.prompts(reloaded)[0]
    assert prompt.kind == "place_unit" and reloaded.powers["GBR"].gold == 12


def test_provenance_says_rules_only_where_the_text_states_the_value() -> None:
    # A tile's « (n) » could be its copies or its cost (spec A03): not a stated value.
    data = default_data()
    assert {tile.provenance["copies"] for tile in data.tiles} == {"reconstructed"}
    assert data.power("GBR").provenance["home_adjacent"] == "reconstructed"


def test_each_marker_prints_one_number_in_its_shape() -> None:
    # « Une région neutre possède une valeur de défense égale au chiffre inscrit sur le
    # marqueur de région ... Si le marqueur de région indique une valeur dans un cercle doré,
    # alors le joueur victorieux prend la somme correspondante à la banque. Si le marqueur
    # de région indique un « 1 » dans un carré alors le joueur victorieux gagne un Point de
    # Victoire. »
    for marker in default_data().markers:
        assert marker.gold_reward in (0, marker.defence), marker.id
        if marker.vp_reward:
            assert (marker.vp_reward, marker.defence, marker.gold_reward) == (1, 1, 0)


def test_pop_markers_lie_where_colonising_makes_sense() -> None:
    data = default_data()
    assert [m.id for m in data.markers if m.kind == "pop" and m.region in ("GER", "CEU")] == []


def test_government_reform_is_no_cheaper_than_borrowing() -> None:
    # Two unrest bought off must cost at least what two unrest borrow (3 gold each with Banking).
    assert default_data().tile("government_reform").gold >= 2 * 3


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda m: m.update(kind="neutral", defence=2, gold_reward=3, vp_reward=0), "gold_reward"),
        (lambda m: m.update(kind="neutral", defence=2, gold_reward=0, vp_reward=1), "vp_reward"),
    ],
)
def test_a_marker_whose_numbers_disagree_is_refused(edit: Any, field: str) -> None:
    data = raw()
    edit(data["markers"][0])
    with pytest.raises(IllegalAction) as refused:
        STRUGGLE.validate_data(data)
    assert refused.value.params["field"] == f"markers.{data['markers'][0]['id']}.{field}"
