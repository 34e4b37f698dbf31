"""Building and moving (spec 4.3.3-4.3.4): ship rules, army rules, sea rolls."""

from __future__ import annotations

import pytest

from rulesets.core import IllegalAction
from rulesets.struggle import STRUGGLE
from rulesets.struggle.movement import destinations, may_enter
from tests.struggle.helpers import first, give, put, run, scenario


def choices(state: object) -> list[dict[str, object]]:
    return [choice.action for choice in STRUGGLE.prompts(state)[0].choices]  # type: ignore[arg-type]


def test_ships_never_enter_the_land_regions_or_another_home() -> None:
    state = scenario(["GBR"], ["FRA"])
    reachable = destinations(state, "GBR", "fleet", "GBR")
    assert not {"GER", "CEU", "OTT", "FRA"} & set(reachable)
    assert {"BAL", "MED", "NAM", "SAM", "CAR", "AFR", "IND", "EIN"} <= set(reachable)


def test_an_army_may_enter_a_colony_only_beside_its_own_ship() -> None:
    state = scenario(["GBR", "PRU"], ["FRA"])
    put(state, "NAM", "PRU", fleets=2)
    assert not may_enter(state, "GBR", "army", "NAM")  # an ally's ship does not count
    put(state, "NAM", "GBR", fleets=1)
    assert may_enter(state, "GBR", "army", "NAM")
    assert not may_enter(state, "GBR", "army", "CAR")  # each American colony needs a ship


@pytest.mark.parametrize(
    ("setup", "destination"),
    [
        ({"GER": {"tokens": 1}}, "GER"),  # 1: a token in the destination
        ({"BAL": {"tokens": 1}}, "CEU"),  # 2: a token in an adjacent region
        ({}, "GER"),  # 3: the destination borders home (Britain and the German States)
        ({"MED": {"fleets": 1}}, "MED"),  # 4: a ship in the destination
        ({"MED": {"fleets": 1}}, "OTT"),  # 5: Ottoman Empire with a ship in the Mediterranean
    ],
)
def test_the_five_european_conditions(setup: dict[str, dict[str, int]], destination: str) -> None:
    state = scenario(["GBR"], ["FRA"])
    assert destination == "GER" or not may_enter(state, "GBR", "army", destination)
    for region, pieces in setup.items():
        put(state, region, "GBR", **pieces)
    assert may_enter(state, "GBR", "army", destination)


def test_no_condition_no_entry_and_never_into_another_home() -> None:
    state = scenario(["GBR"], ["FRA"])
    assert not may_enter(state, "GBR", "army", "OTT")
    assert not may_enter(state, "GBR", "army", "FRA")
    assert may_enter(state, "GBR", "army", "GBR")


def test_moves_among_the_american_colonies_need_no_roll(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "NAM", "GBR", armies=1)
    put(state, "CAR", "GBR", fleets=1)
    state, events = run(
        state,
        ("GBR", {"type": "move"}),
        ("GBR", {"type": "choose_unit", "unit": "army", "region": "NAM"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
        ("GBR", {"type": "done"}),
    )
    assert "soe.sea_roll" not in [event.key for event in events]
    assert state.regions["CAR"].armies == {"GBR": 1}


def test_a_unit_lost_at_sea_costs_unrest_unless_the_option_is_off(dice: list[int]) -> None:
    for flag, unrest in ((True, 1), (False, 0)):
        state = scenario(["GBR"], ["FRA"], sea_loss_unrest=flag)
        put(state, "IND", "GBR", fleets=1)
        dice += [1, 2]
        state, events = run(
            state,
            ("GBR", {"type": "move"}),
            ("GBR", {"type": "choose_unit", "unit": "fleet", "region": "IND"}),
            ("GBR", {"type": "choose_region", "region": "MED"}),
        )
        assert first(events, "soe.lost_at_sea").params == {"power": "GBR", "unit": "fleet"}
        assert state.regions["IND"].fleets == {} and state.regions["MED"].fleets == {}
        assert state.powers["GBR"].unrest == unrest


def test_navigation_turns_a_sinking_into_a_return(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "navigation")
    put(state, "IND", "GBR", fleets=1)
    dice += [1, 1]
    state, events = run(
        state,
        ("GBR", {"type": "move"}),
        ("GBR", {"type": "choose_unit", "unit": "fleet", "region": "IND"}),
        ("GBR", {"type": "choose_region", "region": "MED"}),
    )
    assert first(events, "soe.sea_roll").params["result"] == "return"
    assert state.regions["IND"].fleets == {"GBR": 1}


def test_a_move_action_moves_two_different_units_or_three_with_logistics() -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=4)
    moves = [
        ("GBR", {"type": "choose_unit", "unit": "army", "region": "GER"}),
        ("GBR", {"type": "choose_region", "region": "GBR"}),
    ]
    after, _ = run(state, ("GBR", {"type": "move"}), *moves, *moves)
    assert after.homes["GBR"].armies == 2 and after.turn.actions_left == 1
    give(state, "GBR", "logistics", "logistics")
    after, _ = run(state, ("GBR", {"type": "move"}), *moves, *moves)
    assert after.step is not None and after.step.moves_left == 1  # copies do not stack
    after, _ = run(after, *moves)
    assert after.homes["GBR"].armies == 3 and after.turn.actions_left == 1


def test_a_unit_that_moved_may_not_move_again_in_the_same_action() -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=1)
    state, _ = run(
        state,
        ("GBR", {"type": "move"}),
        ("GBR", {"type": "choose_unit", "unit": "army", "region": "GER"}),
        ("GBR", {"type": "choose_region", "region": "GBR"}),
    )
    # the only unit has moved: the action ends by itself
    assert state.step is None and state.turn.actions_left == 1


def test_build_costs_a_population_and_places_by_the_movement_rules(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    state, _ = run(state, ("GBR", {"type": "build", "unit": "fort"}))
    assert state.powers["GBR"].population == 4
    places = {c["region"] for c in choices(state)}
    assert places == {"GER"}  # a fort goes where an army could, but never home (issue 14)
    put(state, "NAM", "GBR", fleets=1)
    state, events = run(state, ("GBR", {"type": "choose_region", "region": "GER"}))
    assert state.regions["GER"].forts == {"GBR": 1}
    dice += [4]
    state, events = run(
        state,
        ("GBR", {"type": "build", "unit": "army"}),
        ("GBR", {"type": "choose_region", "region": "NAM"}),
    )
    assert first(events, "soe.sea_roll").params["result"] == "arrive"
    assert state.regions["NAM"].armies == {"GBR": 1}


def test_militia_adds_a_second_army_for_one_more_population() -> None:
    state = scenario(["GBR"], ["FRA"])
    give(state, "GBR", "militia")
    state, _ = run(
        state,
        ("GBR", {"type": "build", "unit": "fleet"}),
        ("GBR", {"type": "choose_region", "region": "GBR"}),
        ("GBR", {"type": "answer", "question": "militia", "yes": True}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
    )
    assert state.homes["GBR"].fleets == 1 and state.regions["GER"].armies == {"GBR": 1}
    assert state.powers["GBR"].population == 3 and state.turn.actions_left == 1


def test_blockade_keeps_out_armies_of_non_allies_with_fewer_ships() -> None:
    state = scenario(["GBR"], ["FRA", "SPA"])
    put(state, "CAR", "GBR", fleets=2)
    give(state, "GBR", "blockade")
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "blockade"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
    )
    put(state, "CAR", "FRA", fleets=2)
    assert not may_enter(state, "FRA", "army", "CAR")
    put(state, "CAR", "FRA", fleets=1)
    assert may_enter(state, "FRA", "army", "CAR")
    assert may_enter(state, "FRA", "fleet", "CAR")


def test_a_unit_built_for_a_colony_may_sink_and_its_population_is_spent(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    dice += [1, 1]
    state, events = run(
        state,
        ("GBR", {"type": "build", "unit": "fleet"}),
        ("GBR", {"type": "choose_region", "region": "IND"}),
    )
    assert first(events, "soe.sea_roll").params["result"] == "lost"
    assert state.regions["IND"].fleets == {} and state.homes["GBR"].fleets == 0
    # No unrest by default: a unit lost at sea is not among the text's sources of unrest.
    assert state.powers["GBR"].population == 4 and state.powers["GBR"].unrest == 0


def test_an_unlisted_move_is_refused_with_a_reason() -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=1)
    state, _ = run(
        state,
        ("GBR", {"type": "move"}),
        ("GBR", {"type": "choose_unit", "unit": "army", "region": "GER"}),
    )
    with pytest.raises(IllegalAction) as refused:
        run(state, ("GBR", {"type": "choose_region", "region": "NAM"}))
    assert refused.value.key == "core.error.not_a_legal_choice"
    assert refused.value.params == {"kind": "move_where"}
