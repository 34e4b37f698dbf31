"""The aid's tables and the spec's worked examples (§3.10, §4.8) and test vectors (§7.6),
on the pure arithmetic of battle.py and ledgers.py."""

from __future__ import annotations

import pytest

from rulesets.ultima_ratio_regis import battle
from rulesets.ultima_ratio_regis.ledgers import (
    cards_for,
    end_of_turn_instability,
    reparation_cost,
    suggested_winner,
    war_end_instability,
    within_budget,
)


def results(rolls: list[int], qualities: list[int]) -> list[int]:
    return [battle.die_result(roll, q) for roll, q in zip(rolls, qualities, strict=True)]


def with_leader(values: list[int]) -> list[int]:
    index = battle.leader_die(values)
    assert index is not None
    return [v + 1 if i == index else v for i, v in enumerate(values)]


def test_tv01_battle_table() -> None:
    """TABLE DE BATAILLE: 1-2 → 0; 3 → 1; 4 → 1+(B); 5 → 2; 6 → 2+(B)."""
    assert [battle.table(r) for r in range(1, 7)] == [
        (0, 0),
        (0, 0),
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 1),
    ]


@pytest.mark.parametrize(
    ("players", "deck", "each"),
    [(3, 39, 13), (4, 40, 10), (5, 40, 8), (6, 42, 7), (7, 42, 6), (8, 48, 6)],
)
def test_tv02_cards_per_turn(players: int, deck: int, each: int) -> None:
    """CARTES PAR TOUR: '3 joueurs 39 (13/joueur)' ... '8 joueurs 48 (6/joueur)'."""
    assert cards_for(players) == (deck, each)


def test_tv03_tv04_land_sizes() -> None:
    """Landing in non-open terrain 2D-4D; the Organizer ±1; land battles 2D-5D."""
    assert battle.land_band(["landing_rough"]) == (2, 4)
    assert battle.adjust_size(2, -1, "land") == 2
    assert battle.adjust_size(4, +1, "land") == 5
    assert battle.land_band([]) == (4, 4)
    assert battle.land_band(["forest", "landing_rough"]) == (2, 4)


def test_siege_size_is_three_plus_or_minus_one() -> None:
    """Siège 3D, supériorité navale +/- 1D."""
    assert [battle.adjust_size(3, c, "siege") for c in (-1, 0, 1)] == [2, 3, 4]


def test_tv06_to_tv09_losses() -> None:
    land = battle.side_losses("land", 0, 3, damage_in=3, engaged=10, has_leader=False)
    assert (land.eliminated, land.results, land.dispersed) == (1, 4, 4)
    siege = battle.side_losses("siege", 1, 2, damage_in=0, engaged=2, has_leader=False)
    assert siege.dispersed == 1  # "Le vaincu disperse au moins une troupe"
    led = battle.side_losses("submission", 0, 2, damage_in=0, engaged=5, has_leader=True)
    unled = battle.side_losses("submission", 0, 2, damage_in=0, engaged=5, has_leader=False)
    assert (led.dispersed, unled.dispersed) == (1, 2)
    winner = battle.side_losses("land", 3, 1, damage_in=2, engaged=1, has_leader=False)
    assert (winner.eliminated, winner.dispersed) == (0, 0)  # keeps at least one unit


def test_tv10_morale_only_when_the_loser_rolled_two_dice() -> None:
    assert not battle.morale_ceded(1)
    assert battle.morale_ceded(2)


def test_tv11_war_end_instability() -> None:
    """'1 pour chaque point de moral perdu'; won: '1 pour chaque 2 points'."""
    assert war_end_instability(3, won=False) == 3
    assert war_end_instability(3, won=True) == 1
    assert war_end_instability(1, won=True) == 0


def test_tv12_end_of_turn_balance() -> None:
    assert end_of_turn_instability(1, income=15, expenses=17) == 3
    assert end_of_turn_instability(0, income=12, expenses=9) == -3


def test_tv13_reparations_budget() -> None:
    """RÉPARATIONS DE GUERRE: 1 PV costs 2, instability swap 1, border domain 2."""
    assert within_budget([("vp", False), ("instability", False)], 3)
    assert not within_budget([("vp", False), ("cede_border", False)], 3)
    assert reparation_cost("ally_break", independent_minor=True) == 2
    assert reparation_cost("merchant_swap") == 3


def test_tv14_the_creative_cannot_raise_a_q4_die() -> None:
    assert battle.creative_die([4, 4]) is None
    assert battle.creative_die([4, 2, 3]) == 1


def test_example_l_land_battle_landing_in_open_terrain() -> None:
    """§3.10 L: band 3-4, France picks 3, Organizer +1 → 4; landing −1 Q; BP 5 vs 4."""
    size = battle.adjust_size(3, +1, "land")
    assert size == 4 and battle.land_band(["landing_open"]) == (3, 4)
    british_q = [battle.handicapped_q(q, 1) for q in (3, 2, 2, 2)]
    assert british_q == [2, 1, 1, 1]
    british = results([6, 4, 6, 3], british_q)
    french = with_leader(results([4, 5, 2], [2, 2, 2]))
    assert british == [6, 3, 5, 2] and french == [4, 5, 3]
    assert battle.totals(british) == (5, 1) and battle.totals(french) == (4, 1)
    winner = battle.side_losses("land", 5, 4, damage_in=1, engaged=4, has_leader=True)
    loser = battle.side_losses("land", 4, 5, damage_in=1, engaged=3, has_leader=True)
    assert (winner.eliminated, winner.dispersed) == (0, 1)
    assert (loser.eliminated, loser.dispersed) == (0, 2)
    assert battle.morale_ceded(3)


def test_example_n_naval_interception() -> None:
    """§3.10 N: Creative raises D2 to Q3; the Admiral picks 4→5; BP 4 vs 2; D2 damaged."""
    dutch_q = [3, 2]
    raised = battle.creative_die(dutch_q)
    assert raised == 1
    dutch = results([2, 3], [3, 3])
    spanish = with_leader(results([5, 4], [2, 2]))
    assert spanish == [5, 5] and dutch == [3, 4]
    assert battle.totals(spanish) == (4, 0) and battle.totals(dutch) == (2, 1)
    assert battle.side_losses("naval", 4, 2, 1, 2, True).dispersed == 0
    assert battle.side_losses("naval", 2, 4, 0, 3, True).dispersed == 1


def test_example_p_piracy() -> None:
    """§3.10 P: the pirate rolls 5 (+Admiral) = 6; the interceptor from port Q1 rolls 4 → 3."""
    pirate = with_leader(results([5], [2]))
    guard = results([4], [battle.handicapped_q(2, 1)])
    assert pirate == [6] and guard == [3]
    assert battle.totals(pirate) == (2, 1) and battle.totals(guard) == (1, 0)
    assert battle.side_losses("piracy", 1, 2, 1, 1, False).dispersed == 1
    assert not battle.morale_ceded(1)
    assert battle.piracy_instability(1) == 1 and battle.piracy_instability(2) == 2


def test_example_s_siege_then_capitulation() -> None:
    """§3.10 S: siege 1 leaves 2 damage for 2 troops (holds); siege 2 makes 3 > 2 (falls)."""
    austria = with_leader(results([4, 2, 5], [2, 2, 2]))
    garrison = results([6, 3], [battle.handicapped_q(2, 1)] * 2)
    assert austria == [4, 3, 5] and garrison == [5, 2]
    assert battle.totals(austria) == (4, 1) and battle.totals(garrison) == (2, 0)
    first = battle.side_losses("siege", 2, 4, damage_in=1, engaged=2, has_leader=False)
    assert (first.results, first.dispersed) == (3, 1)
    assert not battle.capitulates(1 + first.dispersed, 2)
    assert battle.handicapped_q(2, 2) == 1
    austria = with_leader(results([3, 1, 2], [2, 2, 2]))
    garrison = results([4, 1], [1, 1])
    assert austria == [3, 1, 3] and garrison == [3, 1]
    second = battle.side_losses("siege", 1, 2, damage_in=0, engaged=2, has_leader=False)
    assert second.dispersed == 1
    assert battle.capitulates(2 + second.dispersed, 2)


def test_example_u_submission_draw() -> None:
    """§3.10 U: force Q3 −1 forest −1 moved = Q1; opposition Q2 −1 distance = Q1; a draw."""
    force_q, opposition_q = battle.handicapped_q(3, 2), battle.handicapped_q(2, 1)
    force = with_leader(results([4], [force_q]))
    opposition = results([5], [opposition_q])
    assert force == [4] and opposition == [4]
    assert battle.totals(force) == battle.totals(opposition) == (1, 1)
    assert battle.side_losses("submission", 1, 1, 1, 3, has_leader=True).dispersed == 0
    variant = results([6], [opposition_q])
    assert battle.totals(variant) == (2, 0)
    assert battle.side_losses("submission", 1, 2, 0, 3, has_leader=True).dispersed == 0
    assert battle.side_losses("submission", 1, 2, 0, 3, has_leader=False).dispersed == 1


def test_war_end_example_of_section_4_8() -> None:
    """§4.8: France lost 3 gained 2, Austria lost 2 gained 3; Austria wins; France ends at
    9 instability and Austria at 1."""
    winner = suggested_winner({"FRA": 2, "AUS": 3}, {"FRA": 3, "AUS": 2})
    assert winner == "AUS"
    assert within_budget([("vp", False), ("instability", False)], 3)
    france = 2 + war_end_instability(3, won=False) + 1 + end_of_turn_instability(1, 15, 17)
    austria = 4 + war_end_instability(2, won=True) - 1 + end_of_turn_instability(0, 12, 9)
    assert (france, austria) == (9, 1)


def test_the_quality_model_is_one_replaceable_function() -> None:
    """A-01: P0 is d6 + (Q − 2) clamped to 1..6; 'plain' reads the bare die."""
    assert [battle.die_result(r, 1) for r in (1, 6)] == [1, 5]
    assert [battle.die_result(r, 4) for r in (1, 6)] == [3, 6]
    assert battle.die_result(3, 4, "plain") == 3
    with pytest.raises(ValueError, match="unknown"):
        battle.die_result(3, 2, "p9")


def test_tv16_one_unmodified_die_averages_one_battle_point() -> None:
    """§3.2 quick reference, computed over the six faces instead of sampled: P(0) = P(1) =
    P(2) = 1/3, expected BP 1.0, damage on faces 4 and 6 (1/3)."""
    faces = [battle.table(battle.die_result(face, 2)) for face in range(1, 7)]
    assert sum(bp for bp, _ in faces) / 6 == 1.0
    assert sum(b for _, b in faces) / 6 == pytest.approx(1 / 3)
    assert [sum(1 for bp, _ in faces if bp == n) for n in (0, 1, 2)] == [2, 2, 2]
