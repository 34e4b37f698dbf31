"""Movement rules beyond the examples: passage, stacking, the last free city, corners."""

from __future__ import annotations

from bot.i18n.labels import choice_label
from tests.empires.helpers import (
    blank_board,
    end_moves,
    offered,
    play,
    prompt_of,
    put,
    start_action,
    units,
)


def _prussian_infantry_before_saxony(players: int = 3):  # type: ignore[no-untyped-def]
    state = blank_board(players)
    state.monarchs["HB"] = "P3"
    put(state, "PR", "infantry", "berlin")
    put(state, "HB", "infantry", "saxony")
    state = start_action(state, "PR", "move_fight")
    return play(state, "P1", type="select_unit", region="berlin", kind="infantry")


def test_passing_foreign_infantry_asks_that_empires_monarch() -> None:
    state = _prussian_infantry_before_saxony()
    routes = {a.get("to"): a.get("via") for a in offered(state)}
    assert routes["bavaria"] == "saxony"
    state = play(state, "P1", type="march_to", to="bavaria", via="saxony", target=None)
    ask = prompt_of(state)
    assert (ask.seat, ask.kind, ask.urgency) == ("P3", "grant_passage", "reaction")
    # Refusing is listed first: the conservative default for a missed deadline.
    assert ask.choices[0].action == {"type": "answer_passage", "grant": False}
    granted = play(state, "P3", type="answer_passage", grant=True)
    assert units(granted, "bavaria") == {"PR": {"infantry": 1}}
    refused = play(state, "P3", type="answer_passage", grant=False)
    assert units(refused, "berlin") == {"PR": {"infantry": 1}}
    assert refused.phase == "land_destination"
    assert "bavaria" not in {a.get("to") for a in offered(refused)} or all(
        a.get("via") != "saxony" for a in offered(refused) if a.get("to") == "bavaria"
    )


def test_no_permission_is_asked_when_the_mover_holds_that_monarch_too() -> None:
    state = _prussian_infantry_before_saxony(players=2)
    state.monarchs["HB"] = "P1"
    state = play(state, "P1", type="march_to", to="bavaria", via="saxony", target=None)
    assert units(state, "bavaria") == {"PR": {"infantry": 1}}


def test_passing_foreign_ships_in_a_port_needs_no_permission() -> None:
    state = blank_board(players=3)
    state.monarchs["HB"] = "P3"
    put(state, "OT", "infantry", "bosnia")
    put(state, "HB", "two_master", "trieste")
    state = start_action(state, "OT", "move_fight")
    state = play(state, "P1", type="select_unit", region="bosnia", kind="infantry")
    # Through Trieste to Venice: only a Habsburg ship there, so no request is made.
    state = play(state, "P1", type="march_to", to="venice", via="trieste", target=None)
    assert units(state, "venice") == {"OT": {"infantry": 1}}
    assert units(state, "trieste") == {"HB": {"two_master": 1}}


def test_the_last_unoccupied_city_cannot_be_occupied() -> None:
    state = blank_board()
    put(state, "HB", "infantry", "berlin")
    put(state, "HB", "infantry", "saxony")
    state = start_action(state, "HB", "move_fight")
    state = play(state, "P1", type="select_unit", region="saxony", kind="infantry")
    assert "breslau" in {a.get("to") for a in offered(state)}
    # With Koenigsberg occupied too, Breslau (even without a tile) is Prussia's last
    # unoccupied city: a unit may not stay there...
    put(state, "HB", "infantry", "koenigsberg")
    assert "breslau" not in {a.get("to") for a in offered(state)}
    # ...but a 1:1 fight there is allowed, since the attacker falls too.
    put(state, "PR", "infantry", "breslau")
    fight = {"type": "march_to", "to": "breslau", "via": None, "target": "infantry"}
    assert {**fight, "two_masters": []} in offered(state)


def test_units_may_stack_while_moving_but_are_reduced_at_the_end() -> None:
    state = blank_board()
    put(state, "FR", "infantry", "paris", 2)
    state = start_action(state, "FR", "move_fight")
    for _ in range(2):
        state = play(state, "P1", type="select_unit", region="paris", kind="infantry")
        state = play(state, "P1", type="march_to", to="rhineland", via=None, target=None)
    state = end_moves(state)
    assert prompt_of(state).kind == "remove_unit"
    state = play(state, "P1", type="remove_unit", region="rhineland", kind="infantry")
    assert units(state, "rhineland") == {"FR": {"infantry": 1}}
    assert state.flags["rhineland"] == "FR"


def test_no_boarding_across_a_corner() -> None:
    board = blank_board().board()
    corners = {(c.land, c.sea) for c in board.data.corners}
    for land, sea in corners:
        assert sea not in board.coast_seas[land]
    assert ("sweden", "north_sea") in corners
    assert ("constantinople", "black_sea") in corners


def test_faq_borders_that_do_not_exist_by_land() -> None:
    board = blank_board().board()
    for a, b in [
        ("denmark", "sweden"),
        ("sweden", "finland"),
        ("ireland", "edinburgh"),
        ("madrid", "barbary_coast"),
        ("sicily", "naples"),
    ]:
        assert b not in board.land_neighbours[a]
    for a, b in [
        ("bavaria", "switzerland"),
        ("venice", "papal_states"),
        ("constantinople", "wallachia"),
        ("constantinople", "konya"),
    ]:
        assert b in board.land_neighbours[a]


def test_a_ship_never_ends_on_an_own_ship_and_combat_ends_a_land_move() -> None:
    state = blank_board()
    put(state, "GB", "two_master", "irish_sea")
    put(state, "GB", "two_master", "north_atlantic")
    state = start_action(state, "GB", "move_fight")
    state = play(state, "P1", type="select_unit", region="irish_sea", kind="two_master")
    assert {"type": "sail_to", "region": "north_atlantic"} not in offered(state)


def test_flags_go_only_to_regions_newly_occupied() -> None:
    # « Placés dans chaque région terrestre ou maritime neutre nouvellement occupée. »
    # France already stood in Switzerland with no flag left there; that unit stays, another
    # marches into the Rhineland: only the Rhineland is newly occupied.
    state = blank_board()
    put(state, "FR", "infantry", "switzerland")
    put(state, "FR", "infantry", "paris")
    state = start_action(state, "FR", "move_fight")
    state = play(state, "P1", type="select_unit", region="paris", kind="infantry")
    state = play(state, "P1", type="march_to", to="rhineland", via=None, target=None)
    state = end_moves(state)
    assert state.flags == {"rhineland": "FR"}


def test_a_move_over_the_limit_warns_before_it_is_confirmed() -> None:
    # « Une fois tous les mouvements terminés, chaque région maritime et terrestre neutre ne
    # peut accueillir qu'une seule unité militaire. »
    state = blank_board()
    put(state, "FR", "infantry", "paris", 2)
    state = start_action(state, "FR", "move_fight")
    state = play(state, "P1", type="select_unit", region="paris", kind="infantry")
    first = next(c for c in prompt_of(state).choices if c.action.get("to") == "rhineland")
    assert choice_label("empires", first, "fr") == "Aller en Rhénanie"
    state = play(state, "P1", **first.action)
    state = play(state, "P1", type="select_unit", region="paris", kind="infantry")
    second = next(c for c in prompt_of(state).choices if c.action.get("to") == "rhineland")
    assert choice_label("empires", second, "fr") == "Aller en Rhénanie (une unité de trop)"
    assert choice_label("empires", second, "en") == "Go to the Rhineland (one unit too many there)"
