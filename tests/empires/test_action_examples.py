"""The rulebook's examples for Attack, Palace and Empire (p.13-14), and action markers (p.8-9)."""

from __future__ import annotations

from tests.empires.helpers import blank_board, end_moves, offered, play, put, start_action, units


def test_the_attack_example_from_trieste_flags_the_ionian_and_sicily() -> None:
    # p.13: Habsburg places a three-master and an artillery in Trieste. The three-master
    # sails through the Adriatic into the Ionian; the artillery takes the sea route into
    # Sicily. The two-master in the Adriatic and the infantry in Budapest were not placed
    # in this action and cannot move. Flags go to the Ionian Sea and Sicily.
    state = blank_board()
    put(state, "HB", "two_master", "adriatic")
    put(state, "HB", "infantry", "budapest")
    state.flags["adriatic"] = "HB"
    state = start_action(state, "HB", "attack")
    state = play(state, "P1", type="attack_deploy", region="trieste", kind="three_master")
    state = play(state, "P1", type="attack_deploy", region="trieste", kind="artillery")
    ships = [a for a in offered(state) if a["type"] == "select_unit"]
    assert ships == [{"type": "select_unit", "region": "trieste", "kind": "three_master"}]
    state = play(state, "P1", type="select_unit", region="trieste", kind="three_master")
    state = play(state, "P1", type="sail_to", region="ionian")
    land = [a for a in offered(state) if a["type"] == "select_unit"]
    assert land == [{"type": "select_unit", "region": "trieste", "kind": "artillery"}]
    state = play(state, "P1", type="select_unit", region="trieste", kind="artillery")
    # The sea route lays down the two-master waiting in the Adriatic.
    carrier = next(u.id for u in state.units if u.kind == "two_master")
    sicily = {"type": "march_to", "to": "sicily", "via": None, "target": None}
    assert {**sicily, "two_masters": [carrier]} in offered(state)
    state = play(state, "P1", **sicily, two_masters=[carrier])
    state = end_moves(state)
    assert units(state, "sicily") == {"HB": {"artillery": 1}}
    assert units(state, "budapest") == {"HB": {"infantry": 1}}
    assert units(state, "adriatic") == {"HB": {"two_master": 1}}
    assert state.flags["ionian"] == "HB"
    assert state.flags["sicily"] == "HB"


def _habsburg_palace_example():  # type: ignore[no-untyped-def]
    # p.13: Budapest is occupied by a foreign infantry; Trieste's palace shows 2 crowns;
    # Vienna, the capital, shows 2 and may go to 3; Prague has no palace yet.
    state = blank_board()
    state.cities.update({"vienna": False, "trieste": False, "budapest": False, "prague": True})
    state.palaces.update({"vienna": 2, "trieste": 2})
    put(state, "OT", "infantry", "budapest")
    return start_action(state, "HB", "palace")


def test_the_palace_example_offers_vienna_or_prague_and_scores_six_crowns() -> None:
    state = _habsburg_palace_example()
    assert offered(state) == [
        {"type": "build_palace", "region": "vienna"},
        {"type": "build_palace", "region": "prague"},
    ]
    for region in ("vienna", "prague"):
        after = play(state, "P1", type="build_palace", region=region)
        # Either way Habsburg now has 6 crowns and advances its power marker by 6.
        assert after.power["HB"] == 6


def test_empire_scores_one_power_per_flag() -> None:
    # p.14: Habsburg has 9 flags in total, so the Empire action gives 9 power points.
    state = blank_board()
    for region in (
        "adriatic",
        "ionian",
        "sicily",
        "venice",
        "bavaria",
        "serbia",
        "bosnia",
        "wallachia",
        "saxony",
    ):
        state.flags[region] = "HB"
    state.flags["north_sea"] = "GB"
    state = start_action(state, "HB", "empire")
    assert state.power["HB"] == 9


def test_an_empire_with_nothing_at_position_one_offers_its_three_free_markers() -> None:
    # p.8: with markers at II and III, only the three on its board can be chosen; the
    # chosen marker goes to position I.
    state = blank_board()
    state.monarchs["HB"] = "P1"
    state.markers["HB"] = {"I": None, "II": "empire", "III": "move_fight"}
    state = play(state, "P1", type="choose_empire", empire="HB")
    actions = {a["action"] for a in offered(state)}
    assert actions == {"palace", "attack", "build_deploy"}
    state = play(state, "P1", type="choose_action", action="build_deploy")
    assert state.markers["HB"]["I"] == "build_deploy"
