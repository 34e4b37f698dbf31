"""Appendix A as typed data: the shipped provisional set loads, names its sources, and a
damaged or inconsistent file is refused with the table, the entry and the reason."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rulesets.core import IllegalAction
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.data import (
    D66_CODES,
    default_data,
    parse_data,
    shipped_raw,
    table_status,
)
from tests.pax_britannica.helpers import new_game


def refusal(raw: dict[str, Any]) -> tuple[str, str]:
    with pytest.raises(IllegalAction) as caught:
        PAX.validate_data(raw)
    assert caught.value.key == "core.error.bad_data"
    return str(caught.value.params["field"]), str(caught.value.params["reason"])


def test_the_shipped_set_has_the_map_of_1880() -> None:
    data = default_data()
    assert len(data.areas) == 104 and len(data.seas) == 12
    assert sorted(e.code for e in data.events) == sorted(D66_CODES)
    assert [t.year for t in data.turns] == list(range(1880, 1917, 4))


def test_the_facts_the_text_gives_are_marked_as_rules_or_example() -> None:
    data = default_data()
    # §4.15.1: GB 10 (the 167 £ example), Russia and Italy 2.5, Belgium 1.
    assert (
        data.power("britain").vp_divisor == 10
        and data.power("britain").provenance["vp_divisor"] == "example"
    )
    assert (
        data.power("russia").vp_divisor == 2.5
        and data.power("russia").provenance["vp_divisor"] == "rules"
    )
    assert data.power("belgium").vp_divisor == 1
    # §2.2: Hawaii EV 5, Guiana EV 4 (1993), Manchuria CC 5 (example); Aden has no land route.
    assert data.area("hawaii").ev == 5 and data.area("hawaii").provenance["ev"] == "rules"
    assert data.area("guiana").ev == 4
    assert data.area("manchuria").cc == 5 and data.area("manchuria").provenance["cc"] == "example"
    assert data.area("aden").land == []
    # §2.6: influence 10 £, protectorate 20 £; §4.4.7: canal 30 £, first canal 15 VP.
    assert data.costs.markers["influence"] == 10 and data.costs.markers["protectorate"] == 20
    assert data.costs.canal == 30 and data.victory.first_canal == 15
    # §4.15.2: the Africa passages, 10 and 15 VP, with their named areas.
    assert data.victory.east_west_passage == 10 and data.victory.north_south_passage == 15
    assert "ashantee" in data.groups.africa_north_west and "kenya" in data.groups.africa_north_east


def test_every_value_names_its_source() -> None:
    raw = shipped_raw()
    for table in ("powers", "areas", "seas", "events", "unrest_tables", "deployments", "turns"):
        for record in raw[table]:
            fields = set(record) - {"id", "provenance"}
            assert fields == set(record["provenance"]), (table, record.get("id"))


def test_a_record_without_provenance_is_refused() -> None:
    raw = shipped_raw()
    del raw["areas"][3]["provenance"]["ev"]
    field, reason = refusal(raw)
    assert field.startswith("areas.3") and "provenance" in reason


def test_an_area_next_to_a_sea_that_does_not_exist_is_refused() -> None:
    raw = shipped_raw()
    raw["areas"][0]["seas"] = ["arctic_ocean"]
    assert refusal(raw) == ("areas.0.seas", "arctic_ocean is not a known sea zone")


def test_a_missing_d66_code_is_refused() -> None:
    raw = shipped_raw()
    raw["events"] = [e for e in raw["events"] if e["code"] != "35"]
    assert refusal(raw) == ("events", "the D66 code 35 is missing")


def test_an_odds_column_out_of_order_is_refused() -> None:
    raw = shipped_raw()
    columns = raw["combat_tables"][1]["columns"]
    columns[2], columns[3] = columns[3], columns[2]
    assert refusal(raw) == ("combat_tables.1.columns.3", "an odds column out of order")


def test_a_one_way_land_route_is_refused() -> None:
    raw = shipped_raw()
    egypt = next(i for i, a in enumerate(raw["areas"]) if a["id"] == "egypt")
    raw["areas"][egypt]["land"].append("kenya")
    assert refusal(raw) == (f"areas.{egypt}.land", "kenya does not list egypt back")


def test_an_unrest_table_with_a_hole_is_refused() -> None:
    raw = shipped_raw()
    del raw["unrest_tables"][1]["entries"]["7"]
    assert refusal(raw) == ("unrest_tables.1.entries", "the result 7 is missing")


def test_a_wrong_value_type_is_refused_naming_the_field() -> None:
    raw = shipped_raw()
    raw["costs"]["canal"] = "thirty"
    field, _ = refusal(raw)
    assert field == "costs.canal"


def test_a_map_without_104_areas_is_refused() -> None:
    raw = shipped_raw()
    removed = raw["areas"].pop()
    for area in raw["areas"]:
        area["land"] = [n for n in area["land"] if n != removed["id"]]
    assert refusal(raw)[0] == "areas"


def test_a_deployment_beyond_the_counter_mix_is_refused() -> None:
    raw = shipped_raw()
    germany = next(d for d in raw["deployments"] if d["power"] == "germany")
    germany["units"] += [{"kind": "navy", "strength": 10, "location": "germany"}] * 9
    field, reason = refusal(raw)
    assert field.startswith("deployments.") and "counters" in reason


def test_a_loaded_set_is_listed_as_loaded_and_the_rest_as_provisional() -> None:
    raw = shipped_raw()
    raw["costs"]["canal"] = 40
    status = table_status(parse_data(raw))
    assert status["costs"] == "loaded"
    assert status["areas"] == "provisional"
    state = new_game(data=raw)
    assert PAX.view(state, None)["tables"]["costs"] == "loaded"


def test_the_shipped_set_is_not_mutated_by_a_copy() -> None:
    raw = copy.deepcopy(shipped_raw())
    raw["title"] = "changed"
    assert default_data().title != "changed"
