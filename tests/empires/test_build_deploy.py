"""Build & Deploy: the compulsory build, one unit per city or three at a palace, stocks."""

from __future__ import annotations

from bot.i18n.labels import choice_label
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


def test_infantry_may_replace_artillery_once_artillery_runs_out() -> None:
    # « Exception : dans ce cas, les joueurs peuvent choisir de déployer de l'infanterie
    # plutôt que de l'artillerie » : a choice, not an automatic replacement.
    state = blank_board()
    put(state, "HB", "artillery", "bavaria", 7)
    state = start_action(state, "HB", "build_deploy")
    state = play(state, "P1", type="build_city", region="vienna", upgrade=True)
    palace = {
        c.action["substitute"]: c for c in prompt_of(state).choices if c.kind == "deploy_palace"
    }
    assert choice_label("empires", palace[True], "fr") == (
        "Jusqu'à trois unités à Vienne, au palais "
        "(artillerie, puis infanterie quand il n'y en a plus)"
    )
    kept = play(state, "P1", type="deploy_palace", region="vienna", substitute=False)
    assert units(kept, "vienna") == {"HB": {"artillery": 1}}
    state = play(state, "P1", type="deploy_palace", region="vienna", substitute=True)
    assert units(state, "vienna") == {"HB": {"artillery": 1, "infantry": 2}}


def test_a_compensation_may_take_the_substitute_and_says_so() -> None:
    state = blank_board(3)
    state.hands = {"P1": [], "P2": [], "P3": []}
    state.monarchs = dict.fromkeys(state.monarchs, "P2")
    state.cities["london"] = True  # an upgraded port: it produces three-masters
    put(state, "GB", "three_master", "north_atlantic", 8)
    state = play(state, "P1", type="choose_empire", empire="FR")
    london = next(c for c in prompt_of(state).choices if c.action.get("region") == "london")
    assert london.action == {"type": "compensate", "region": "london", "substitute": True}
    assert choice_label("empires", london, "fr") == (
        "Placer un deux-mâts à Londres à la place du trois-mâts, pour la Grande-Bretagne"
    )


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


def test_the_choice_not_to_substitute_holds_for_the_picks_that_follow() -> None:
    state = blank_board()
    state.cities.update({"vienna": True, "prague": True, "budapest": True, "trieste": True})
    put(state, "HB", "artillery", "bavaria", 7)  # one artillery left for three cities
    state = start_action(state, "HB", "build_deploy")
    without = play(state, "P1", type="deploy_each", substitute=False)
    without = play(without, "P1", type="deploy_to", region="vienna")
    assert offered(without) == [{"type": "deploy_to", "region": "trieste", "substitute": False}]
    within = play(state, "P1", type="deploy_each", substitute=True)
    within = play(within, "P1", type="deploy_to", region="vienna")
    prague = next(c for c in prompt_of(within).choices if c.action["region"] == "prague")
    assert choice_label("empires", prague, "fr") == (
        "Placer une infanterie à Prague à la place de l'artillerie"
    )
