"""The data file: it loads, it agrees with the rulebook's facts, and a bad one is refused."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rulesets.core import IllegalAction, start
from rulesets.empires import EMPIRES
from rulesets.empires.data import default_data, default_raw
from rulesets.empires.state import EmpiresState

COMPONENTS = {
    # empire: infantry, artillery, two-masters, three-masters, city tiles, palace tiles
    "GB": (6, 6, 8, 8, 4, 4),
    "HB": (8, 8, 6, 6, 4, 4),
    "RU": (7, 7, 7, 7, 4, 4),
    "ES": (6, 6, 7, 7, 3, 3),
    "PR": (7, 7, 6, 6, 3, 3),
    "OT": (7, 7, 6, 6, 3, 3),
    "FR": (8, 8, 7, 7, 5, 5),
}


def test_the_component_table_matches_the_rulebook() -> None:
    for spec in default_data().empires:
        counts = (
            spec.infantry,
            spec.artillery,
            spec.two_master,
            spec.three_master,
            spec.city_tiles,
            spec.palace_tiles,
        )
        assert counts == COMPONENTS[spec.id]
        assert spec.flags == 20


def test_every_empire_has_as_many_city_regions_as_city_tiles() -> None:
    data = default_data()
    for spec in data.empires:
        cities = [r for r in data.regions if r.owner == spec.id]
        assert len(cities) == spec.city_tiles


def test_every_value_records_its_provenance_and_an_anchor_point() -> None:
    data = default_data()
    for region in data.regions:
        assert set(region.provenance.values()) <= {"rules", "example", "reconstructed"}
        assert 0 <= region.x <= 1000 and 0 <= region.y <= 700
    assert {r.id for r in data.regions if r.provenance["kind"] == "rules"} >= {"vienna", "ireland"}
    for spec in data.empires:
        assert set(spec.provenance) >= {"infantry", "capital", "flag_rank"}


def test_every_land_region_can_be_reached() -> None:
    board = EMPIRES.initial_state(
        {
            "ruleset": "empires",
            "ruleset_version": "1",
            "seats": ["P1", "P2"],
            "rng": {"seed": "00"},
        },
        None,
    ).board()
    for region in board.region_ids:
        if board.kind[region] == "sea":
            assert board.sea_neighbours[region]
        else:
            assert board.land_neighbours[region] or board.coast_seas[region]


def test_distribution_cards_cover_every_player_count_and_deal_every_empire() -> None:
    data = default_data()
    faces = {n: [c for c in data.distribution_cards if c.players == n] for n in range(2, 7)}
    assert [len(faces[n]) for n in range(2, 7)] == [4, 3, 3, 3, 2]
    for face in data.distribution_cards:
        dealt = {card.partition("-")[0] for hand in face.positions for card in hand}
        assert len(dealt) == 7, face.id


def test_influence_values_run_from_three_to_seven_plus_workers() -> None:
    values = default_data().influence_values
    assert (values.A, values.B, values.C, values.magistrate, values.peasant) == (7, 6, 5, 4, 3)
    assert values.worker == 1


def _broken(change: Any) -> dict[str, Any]:
    raw = copy.deepcopy(default_raw())
    change(raw)
    return raw


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda raw: raw["empires"].pop(), "empires"),
        (lambda raw: raw["regions"][0].update(owner="XX"), "regions.london"),
        (lambda raw: raw["regions"][0].update(anchor="ionian"), "regions.london"),
        (
            lambda raw: raw["land_borders"].insert(
                0, {"a": "london", "b": "north_sea", "provenance": "rules"}
            ),
            "land_borders.0",
        ),
        (
            lambda raw: raw["corners"].insert(
                0, {"land": "london", "sea": "north_sea", "provenance": "rules"}
            ),
            "corners.0",
        ),
        (lambda raw: raw["empires"][0].update(capital="paris"), "empires.PR.capital"),
        (lambda raw: raw["empires"][0].update(infantry="many"), "empires.0.infantry"),
        (lambda raw: raw["timetrack"]["cards"]["4"]["base"].pop(), "timetrack.cards.4"),
        (lambda raw: raw["distribution_cards"][0]["positions"][0].pop(), "distribution_cards.p2-1"),
        (lambda raw: raw["regions"][0]["provenance"].pop("anchor"), "regions.0"),
        (lambda raw: raw["regions"][0]["provenance"].update(x="guessed"), "regions.0.provenance.x"),
    ],
)
def test_a_bad_replacement_data_file_is_refused_naming_the_field(change: Any, field: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        EMPIRES.validate_data(_broken(change))
    assert refused.value.key == "core.error.bad_data"
    assert refused.value.params["field"] == field
    assert refused.value.params["reason"]


def test_a_campaign_can_play_on_a_replacement_data_file() -> None:
    raw = _broken(lambda raw: raw["empires"][6].update(flags=5))
    state = start(EMPIRES, ["P1", "P2"], {}, "cd" * 32, data=raw).state
    assert state.flags_left("GB") == 5
    assert state.custom_digest is not None
    again = EmpiresState.model_validate_json(state.model_dump_json())
    assert again.flags_left("GB") == 5


def test_a_value_without_its_source_is_refused_naming_the_value() -> None:
    with pytest.raises(IllegalAction) as refused:
        EMPIRES.validate_data(_broken(lambda raw: raw["empires"][0]["provenance"].pop("capital")))
    assert refused.value.params["field"] == "empires.0"
    assert "capital" in str(refused.value.params["reason"])


def test_only_coastlines_named_by_the_worked_examples_claim_the_example_as_source() -> None:
    # « La Grande-Bretagne déplace son deux-mâts de Liverpool vers l'Atlantique Nord via la
    # mer d'Irlande. Une unité d'infanterie basée à York peut alors rejoindre Édimbourg et
    # [...] est transportée par l'Atlantique Nord jusqu'en Irlande. » The example never says
    # which sea London or York touch, nor that Marseille's port opens on the Western
    # Mediterranean (« la France dispose actuellement de deux fantassins et d'un navire »).
    data = default_data()
    claimed = {(c.land, c.sea) for c in data.coasts if c.provenance == "example"}
    assert claimed == {
        ("edinburgh", "north_atlantic"),
        ("ireland", "north_atlantic"),
        ("norway", "north_sea"),
        ("livonia", "baltic"),
        ("sicily", "ionian"),
        ("trieste", "adriatic"),
        ("liverpool", "irish_sea"),
    }
    regions = {r.id: r for r in data.regions}
    assert regions["marseille"].provenance["anchor"] == "reconstructed"
    assert regions["marseille"].provenance["owner"] == "example"
    assert regions["liverpool"].provenance["anchor"] == "example"
