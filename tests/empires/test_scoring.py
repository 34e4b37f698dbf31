"""End of game: the laurel's count, the ranking with the flag-space order, player points."""

from __future__ import annotations

from rulesets.empires.scoring import player_scores, rank_empires, winners
from tests.empires.helpers import blank_board, play


def test_the_scoring_example_makes_148_points() -> None:
    # p.14: Great Britain 14 influence, 6th (x2); Habsburgs 6, 3rd (x5); Ottomans 10,
    # 1st (x7); France 5, 4th (x4): 28 + 30 + 70 + 20 = 148.
    state = blank_board()
    state.hands["P1"] = ["GB-A", "GB-M4", "GB-P5", "HB-B", "OT-A", "OT-P5", "FR-C"]
    state.hands["P2"] = []
    state.power = {"OT": 50, "RU": 45, "HB": 40, "FR": 35, "ES": 30, "GB": 25, "PR": 20}
    ranking = rank_empires(state)
    assert ranking == ["OT", "RU", "HB", "FR", "ES", "GB", "PR"]
    assert player_scores(state, ranking)["P1"] == 148


def test_power_ties_go_to_the_higher_flag_space_prussia_first_britain_last() -> None:
    state = blank_board()
    state.power = dict.fromkeys(state.power, 10)
    ranking = rank_empires(state)
    assert ranking[0] == "PR"
    assert ranking[-1] == "GB"


def test_player_ties_are_broken_by_influence_in_the_top_empire_else_shared() -> None:
    state = blank_board()
    state.power = {"OT": 50, "RU": 45, "HB": 40, "FR": 35, "ES": 30, "GB": 25, "PR": 20}
    ranking = rank_empires(state)
    level = {"P1": 10, "P2": 10}
    state.hands["P1"] = ["OT-C", "RU-A"]
    state.hands["P2"] = ["OT-B"]
    assert winners(state, ranking, level) == ["P2"]
    state.hands["P1"] = ["OT-P5"]
    state.hands["P2"] = ["OT-P6"]
    assert winners(state, ranking, level) == ["P1", "P2"]


def test_the_laurel_adds_flags_and_crowns_and_ends_the_game() -> None:
    state = blank_board()
    state.decade = state.decades
    state.turn_index = 6
    state.acted = ["PR", "HB", "RU", "ES", "OT", "FR"]
    state.monarchs["GB"] = "P1"
    state.markers["GB"] = {"I": None, "II": "move_fight", "III": "attack"}
    state.flags = {"north_sea": "GB", "baltic": "GB", "ionian": "HB"}
    state = play(state, "P1", type="choose_empire", empire="GB")
    state = play(state, "P1", type="choose_action", action="empire")
    assert state.finished
    # Empire action: 2 flags; the laurel: 2 flags and London's 2-crown palace.
    assert state.power["GB"] == 2 + 2 + 2
    assert state.power["HB"] == 1 + 2
    assert set(state.final_scores) == {"P1", "P2"}


def test_the_laurel_asks_only_the_monarchs_for_a_last_count() -> None:
    # « Cette tuile demande à tous les monarques de compter une dernière fois leurs drapeaux
    # et couronnes »: in the draft variants an empire may have no monarch, and no count.
    state = blank_board()
    state.decade = state.decades
    state.turn_index = 6
    state.acted = ["PR", "HB", "RU", "ES", "OT", "FR"]
    state.monarchs["GB"] = "P1"
    state.monarchs["HB"] = None
    state.markers["GB"] = {"I": None, "II": "move_fight", "III": "attack"}
    state.flags = {"ionian": "HB", "aegean": "OT"}
    state = play(state, "P1", type="choose_empire", empire="GB")
    state = play(state, "P1", type="choose_action", action="empire")
    assert state.finished
    assert state.power["HB"] == 0
    assert state.power["OT"] == 1 + 2
