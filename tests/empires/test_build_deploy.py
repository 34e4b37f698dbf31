"""Build & Deploy: the compulsory build, one unit per city or three at a palace, stocks."""

from __future__ import annotations

from tests.empires.helpers import blank_board, offered, play, prompt_of, put, start_action, units


def test_build_offers_new_cities_and_upgrades_but_not_where_a_foreign_unit_stands() -> None:
    state = blank_board()
    put(state, "RU", "infantry", "budapest")
    state = start_action(state, "HB", "build_deploy")
    assert offered(state) == [
        {"type": "build_city", "region": "vienna", "upgrade": True},
        {"type": "build_city", "region": "trieste", "upgrade": True},
        {"type": "build_city", "region": "prague", "upgrade": False},
    ]


def test_deploy_each_puts_one_produced_unit_in_every_unoccupied_city() -> None:
    state = blank_board()
    put(state, "RU", "infantry", "budapest")
    state = start_action(state, "HB", "build_deploy")
    state = play(state, "P1", type="build_city", region="trieste", upgrade=True)
    state = play(state, "P1", type="deploy_each")
    assert units(state, "vienna") == {"HB": {"infantry": 1}}
    assert units(state, "trieste") == {"HB": {"three_master": 1}}
    assert units(state, "budapest") == {"RU": {"infantry": 1}}
    assert state.turn_index == 1


def test_three_units_at_a_palace_then_the_city_is_cut_back_to_three() -> None:
    state = blank_board()
    put(state, "HB", "infantry", "vienna", 2)
    state = start_action(state, "HB", "build_deploy")
    state = play(state, "P1", type="build_city", region="vienna", upgrade=True)
    state = play(state, "P1", type="deploy_palace", region="vienna")
    assert units(state, "vienna") == {"HB": {"infantry": 2, "artillery": 3}}
    state = play(state, "P1", type="remove_unit", region="vienna", kind="infantry")
    state = play(state, "P1", type="remove_unit", region="vienna", kind="infantry")
    assert units(state, "vienna") == {"HB": {"artillery": 3}}


def test_infantry_replaces_artillery_once_artillery_runs_out() -> None:
    state = blank_board()
    put(state, "HB", "artillery", "bavaria", 7)
    state = start_action(state, "HB", "build_deploy")
    state = play(state, "P1", type="build_city", region="vienna", upgrade=True)
    state = play(state, "P1", type="deploy_palace", region="vienna")
    assert units(state, "vienna") == {"HB": {"artillery": 1, "infantry": 2}}


def test_with_too_few_units_the_player_chooses_which_cities_get_one() -> None:
    state = blank_board()
    put(state, "HB", "infantry", "bavaria", 7)
    state = start_action(state, "HB", "build_deploy")
    state = play(state, "P1", type="build_city", region="prague", upgrade=False)
    state = play(state, "P1", type="deploy_each")
    assert prompt_of(state).kind == "deploy_to"
    state = play(state, "P1", type="deploy_to", region="prague")
    assert units(state, "prague") == {"HB": {"infantry": 1}}
    assert units(state, "vienna") == {}


def test_with_optional_builds_the_build_and_the_palace_may_be_declined() -> None:
    state = blank_board()
    state.options["optional_builds"] = True
    building = start_action(state, "HB", "build_deploy")
    assert offered(building)[0] == {"type": "skip_build"}
    assert play(building, "P1", type="skip_build").phase == "deploy_mode"
    state = blank_board()
    state.options["optional_builds"] = True
    palace = start_action(state, "HB", "palace")
    after = play(palace, "P1", type="skip_build")
    assert after.power["HB"] == 2
    assert after.palaces["vienna"] == 2
