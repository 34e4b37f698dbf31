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
    assert data.power("GBR").provenance["home_adjacent"] == "rules"
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
