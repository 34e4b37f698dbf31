"""Combat (spec 4.4): declaration, allies, naval stage, land stage, losses and their effects."""

from __future__ import annotations

from typing import Any

from rulesets.core import Event
from rulesets.struggle import STRUGGLE
from rulesets.struggle.state import StruggleState
from tests.struggle.helpers import (
    combat_results,
    first,
    give,
    keys,
    no_gold_offers,
    pending_kind,
    put,
    run,
    scenario,
    totals_of,
)


def attack(state: StruggleState, power: str, region: str, kind: str, target: str) -> Any:
    return run(
        state,
        (power, {"type": "attack"}),
        (power, {"type": "choose_region", "region": region}),
        (power, {"type": "choose_target", "kind": kind, "target": target}),
    )


def answer(state: StruggleState, seat: str, question: str, yes: bool) -> Any:
    return run(state, (seat, {"type": "answer", "question": question, "yes": yes}))


def totals(events: list[Event], stage: str = "land") -> dict[str, int]:
    found = [e for e in combat_results(events) if e.params["stage"] == stage]
    return totals_of(found[-1])


def lost(events: list[Event]) -> list[tuple[str, str]]:
    return sorted((e.params["power"], e.params["unit"]) for e in events if e.key == "soe.unit_lost")


def test_allies_may_not_be_attacked() -> None:
    state = scenario(["GBR", "PRU"], ["FRA"])
    put(state, "GER", "PRU", tokens=1, armies=1)
    put(state, "CEU", "FRA", tokens=1)
    state, _ = run(state, ("GBR", {"type": "attack"}))
    regions = [c.action["region"] for c in STRUGGLE.prompts(state)[0].choices if c.kind != "cancel"]
    assert regions == ["CEU"]


def test_the_winner_swaps_a_control_token_and_the_loser_loses_a_unit(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=2)
    put(state, "GER", "FRA", armies=1, tokens=2)
    dice += [4, 1, 3, 3]  # 2 + 3 = 5 against 1 + 0 = 1
    state, events = attack(state, "GBR", "GER", "player", "FRA")
    assert totals(events) == {"attacker": 5, "defender": 1}
    assert lost(events) == [("FRA", "army")]
    assert state.regions["GER"].control == {"FRA": 1, "GBR": 1}
    assert state.powers["FRA"].unrest == 1 and state.powers["GBR"].gold == 8


def test_a_tie_costs_both_sides_a_unit_but_never_a_fort(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=2)
    put(state, "GER", "FRA", forts=1, tokens=1)
    dice += [3, 3, 2, 2]  # 2 against a fort worth 2
    state, events = attack(state, "GBR", "GER", "player", "FRA")
    assert totals(events) == {"attacker": 2, "defender": 2}
    assert lost(events) == [("GBR", "army")]
    assert state.regions["GER"].forts == {"FRA": 1} and state.regions["GER"].control == {"FRA": 1}


def test_a_defender_without_units_loses_its_token_but_no_unit(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "FRA", tokens=1)
    dice += [5, 1, 2, 2]  # an attacker with no unit fights at 0 (A20)
    state, events = attack(state, "GBR", "GER", "player", "FRA")
    assert state.regions["GER"].control == {"GBR": 1}
    assert lost(events) == [] and state.powers["FRA"].unrest == 0


def test_a_win_where_the_defender_has_no_token_only_kills_units(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=2)
    put(state, "GER", "FRA", armies=1)
    dice += [6, 2, 2, 2]
    state, events = attack(state, "GBR", "GER", "player", "FRA")
    assert lost(events) == [("FRA", "army")] and state.regions["GER"].control == {}


def test_beating_a_neutral_takes_the_marker_and_its_rewards(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    state.regions["GER"].markers = ["GER-2"]  # a 3 in a golden circle: defence 3, 3 gold
    put(state, "GER", "GBR", armies=3)
    dice += [5, 2, 1, 2]  # 3 + 3 = 6 against 3 + 1 = 4
    state, _events = attack(state, "GBR", "GER", "neutral", "GER-2")
    assert state.regions["GER"].markers == [] and state.regions["GER"].control == {"GBR": 1}
    assert state.powers["GBR"].gold == 11  # paid 2, won 3
    assert "GER-2" not in state.bag


def test_a_neutral_with_a_vp_square_gives_one_vp(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    state.regions["GER"].markers = ["GER-3"]  # a « 1 » in a square: defence 1, 1 VP
    put(state, "GER", "GBR", armies=3)
    dice += [5, 2, 1, 2]
    state, _ = attack(state, "GBR", "GER", "neutral", "GER-3")
    assert state.powers["GBR"].vp == 1


def test_losing_or_tying_against_a_neutral_costs_the_attacker_only(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    state.regions["GER"].markers = ["GER-3"]
    put(state, "GER", "GBR", armies=2)
    dice += [3, 3, 4, 3]  # 2 + 0 = 2, neutral 1 + 1 = 2: a tie; the neutral's 7 does nothing
    state, events = attack(state, "GBR", "GER", "neutral", "GER-3")
    assert lost(events) == [("GBR", "army")] and state.regions["GER"].markers == ["GER-3"]


def test_declining_the_naval_combat_hands_naval_support_to_the_other_side(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", fleets=1, armies=1)
    put(state, "CAR", "FRA", fleets=1, armies=1, tokens=1)
    state, _ = attack(state, "GBR", "CAR", "player", "FRA")
    assert pending_kind(state) == ("GBR", "naval_fight")
    dice += [3, 3, 3, 3]
    state, events = answer(state, "GBR", "naval_fight", False)
    assert first(events, "soe.naval_support").params["side"] == "defender"
    assert totals(events) == {"attacker": 1, "defender": 2}


def test_the_naval_winner_gets_support_and_a_tie_gives_none(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", fleets=2, armies=1)
    put(state, "CAR", "FRA", fleets=1, armies=1, tokens=1)
    state, _ = attack(state, "GBR", "CAR", "player", "FRA")
    state, _ = answer(state, "GBR", "naval_fight", True)
    dice += [3, 3, 3, 3, 3, 3, 3, 3]
    _, events = answer(state, "FRA", "naval_fight", True)
    assert totals(events, "naval") == {"attacker": 2, "defender": 1}
    assert first(events, "soe.naval_support").params["side"] == "attacker"
    assert lost(events) == [("FRA", "army"), ("FRA", "fleet")]
    put(state, "CAR", "FRA", fleets=1)
    dice += [3, 3, 3, 3, 3, 3, 3, 3]
    _, events = answer(state, "FRA", "naval_fight", True)
    assert "soe.naval_support" not in keys(events) and "soe.naval_support_none" in keys(events)
    assert ("FRA", "fleet") in lost(events) and ("GBR", "fleet") in lost(events)


def test_the_ottoman_empire_is_fought_at_sea_in_the_mediterranean(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "MED", "GBR", fleets=1)
    put(state, "OTT", "GBR", armies=1)
    put(state, "OTT", "FRA", armies=1, tokens=1)
    state, _ = attack(state, "GBR", "OTT", "player", "FRA")
    assert pending_kind(state) == ("GBR", "naval_fight")
    state, _ = answer(state, "GBR", "naval_fight", True)
    dice += [3, 3, 3, 3]
    state, events = answer(state, "FRA", "naval_fight", False)
    assert totals(events) == {"attacker": 2, "defender": 1}


def test_no_naval_stage_in_the_german_states_or_central_europe(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CEU", "GBR", armies=1)
    put(state, "CEU", "FRA", armies=1, tokens=1)
    dice += [3, 3, 3, 3]
    state, events = attack(state, "GBR", "CEU", "player", "FRA")
    assert [e.params["stage"] for e in events if e.key == "soe.combat_dice"] == ["land"]


def test_army_training_majority_gives_one_to_the_main_combatant_with_units(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "FRA", armies=1, tokens=1)
    give(state, "GBR", "army_training", "army_training")
    give(state, "FRA", "army_training")
    dice += [3, 3, 3, 3]
    _, events = attack(state, "GBR", "GER", "player", "FRA")
    assert totals(events) == {"attacker": 2, "defender": 1}


def test_allies_answer_the_call_attackers_first_and_forts_never_help(dice: list[int]) -> None:
    state = scenario(["GBR", "PRU"], ["FRA", "AUS"])
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "PRU", armies=2, forts=1)
    put(state, "GER", "FRA", armies=1, tokens=1)
    put(state, "GER", "AUS", forts=2)
    state, _ = attack(state, "GBR", "GER", "player", "FRA")
    state = no_gold_offers(state)
    assert pending_kind(state) == ("PRU", "support_attack")  # AUS has only forts: never asked
    prompt = STRUGGLE.prompts(state)[0]
    assert prompt.urgency == "reaction" and prompt.choices[0].action == {
        "type": "support",
        "naval": 0,
        "land": 0,
    }
    dice += [3, 3, 3, 3]
    _, events = run(state, ("PRU", {"type": "support", "naval": 0, "land": 2}))
    assert totals(events) == {"attacker": 3, "defender": 1}


def test_surprise_attack_stops_the_defender_calling_allies(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA", "AUS"])
    put(state, "GER", "GBR", armies=2)
    put(state, "GER", "FRA", armies=1, tokens=1)
    put(state, "GER", "AUS", armies=3)
    give(state, "GBR", "surprise_attack")
    state, _ = attack(state, "GBR", "GER", "player", "FRA")
    assert pending_kind(state) == ("GBR", "surprise_attack")
    dice += [3, 3, 3, 3]
    state, events = answer(state, "GBR", "surprise", True)
    assert totals(events) == {"attacker": 2, "defender": 1}
    assert state.stock["surprise_attack"] == 1 and state.powers["GBR"].tiles == []
    assert state.used_one_shot_this_round == {"GBR": ["surprise_attack"]}


def test_reserve_rolls_every_die_again_and_only_the_new_roll_counts(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=1)
    put(state, "GER", "FRA", armies=1, tokens=1)
    give(state, "FRA", "reserve")
    dice += [6, 1, 3, 3]
    state, _ = attack(state, "GBR", "GER", "player", "FRA")
    assert pending_kind(state) == ("FRA", "use_reserve")
    dice += [3, 4, 6, 2]  # the attacker's new 3+4 is a natural 7
    state, events = answer(state, "FRA", "reserve", True)
    assert totals(events) == {"attacker": 2, "defender": 5}
    assert lost(events) == [("GBR", "army")]
    assert not state.powers["FRA"].tiles[0].used  # every combat by default (issue 14)


def test_fighting_withdrawal_spares_the_unit_but_not_the_token(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=3)
    put(state, "GER", "FRA", armies=1, tokens=1)
    give(state, "FRA", "fighting_withdrawal")
    dice += [3, 3, 3, 3]
    state, _ = attack(state, "GBR", "GER", "player", "FRA")
    assert pending_kind(state) == ("FRA", "fighting_withdrawal")
    state, events = run(state, ("FRA", {"type": "withdraw", "spare": "FRA"}))
    assert lost(events) == [] and state.regions["GER"].armies["FRA"] == 1
    assert state.regions["GER"].control == {"GBR": 1}
    assert state.stock["fighting_withdrawal"] == 1


def test_blockade_makes_naval_support_worth_two(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "CAR", "GBR", fleets=1, armies=1)
    put(state, "CAR", "FRA", armies=1, tokens=1)
    give(state, "GBR", "blockade")
    state, _ = attack(state, "GBR", "CAR", "player", "FRA")
    state, _ = answer(state, "GBR", "naval_fight", True)
    state, _ = answer(state, "FRA", "naval_fight", False)
    assert pending_kind(state) == ("GBR", "blockade_support")
    dice += [3, 3, 3, 3]
    state, events = answer(state, "GBR", "blockade", True)
    assert totals(events) == {"attacker": 3, "defender": 1}


def test_a_two_stage_alliance_tile_boosts_the_stage_chosen_before_the_dice(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "BAL", "GBR", fleets=1)
    put(state, "BAL", "FRA", fleets=1, tokens=1)
    give(state, "GBR", "sweden")
    state, _ = attack(state, "GBR", "BAL", "player", "FRA")
    stages = [c.action["stage"] for c in STRUGGLE.prompts(state)[0].choices]
    assert stages == ["none", "land", "naval"]
    state, _ = run(state, ("GBR", {"type": "alliance_stage", "tile": "sweden", "stage": "naval"}))
    state, _ = answer(state, "GBR", "naval_fight", True)
    dice += [3, 3, 3, 3, 3, 3, 3, 3]
    _, events = answer(state, "FRA", "naval_fight", True)
    assert totals(events, "naval") == {"attacker": 2, "defender": 1}


def test_war_office_attacks_without_gold_or_an_action(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "FRA", tokens=1)
    give(state, "GBR", "war_office")
    dice += [6, 1, 2, 2]
    state, _ = run(
        state,
        ("GBR", {"type": "use_tile", "tile": "war_office"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    assert state.powers["GBR"].gold == 10 and state.turn.actions_left == 2
    assert state.powers["GBR"].tiles[0].used


def test_the_attacker_needs_a_unit_option() -> None:
    state = scenario(["GBR"], ["FRA"], attacker_needs_unit=True)
    put(state, "GER", "FRA", tokens=1)
    kinds = [c.kind for c in STRUGGLE.prompts(state)[0].choices]
    assert "attack" not in kinds


def test_a_beaten_defender_chooses_to_lose_its_army_or_its_fort(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=4)
    put(state, "GER", "FRA", armies=1, forts=1, tokens=1)
    dice += [5, 1, 3, 3]
    state, _ = attack(state, "GBR", "GER", "player", "FRA")
    assert pending_kind(state) == ("FRA", "choose_casualty")
    options = [c.action["unit"] for c in STRUGGLE.prompts(state)[0].choices]
    assert options == ["army", "fort"]
    state, events = run(state, ("FRA", {"type": "casualty", "power": "FRA", "unit": "fort"}))
    assert lost(events) == [("FRA", "fort")] and state.regions["GER"].armies["FRA"] == 1


def test_a_loser_with_two_allies_chooses_which_pays_its_natural_seven(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA", "AUS", "SPA"])
    put(state, "GER", "GBR", armies=6)
    put(state, "GER", "FRA", tokens=1)
    put(state, "GER", "AUS", armies=1)
    put(state, "GER", "SPA", armies=1)
    state, _ = attack(state, "GBR", "GER", "player", "FRA")
    state = no_gold_offers(state)
    dice += [3, 3, 3, 4]  # France 2 + 1 = 3 against 6, with a natural 7
    state, _ = run(
        state,
        ("AUS", {"type": "support", "naval": 0, "land": 1}),
        ("SPA", {"type": "support", "naval": 0, "land": 1}),
    )
    assert pending_kind(state) == ("FRA", "choose_casualty")
    state, events = run(state, ("FRA", {"type": "casualty", "power": "SPA", "unit": "army"}))
    assert lost(events) == [("SPA", "army")] and state.regions["GER"].armies["AUS"] == 1
