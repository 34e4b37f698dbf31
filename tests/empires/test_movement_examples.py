"""The rulebook's movement and combat examples (p.11-12), as scenarios on the map."""

from __future__ import annotations

from rulesets.empires.movement import ship_destinations
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


def test_ottoman_three_master_in_salonica_reaches_the_tyrrhenian_but_not_the_ligurian() -> None:
    # p.11: "the Aegean (the coastline is the first border), then the Ionian, then the
    # Tyrrhenian Sea. It could not reach the Ligurian Sea."
    state = blank_board()
    put(state, "OT", "three_master", "salonica")
    reach = ship_destinations(state, state.units_in("salonica")[0])
    assert {"aegean", "ionian", "tyrrhenian"} <= set(reach)
    assert "ligurian" not in reach


def test_two_master_in_the_adriatic_moves_only_two_steps() -> None:
    # p.11: the two-master "could also reach the Tyrrhenian, but not the Ligurian Sea".
    state = blank_board()
    put(state, "HB", "two_master", "adriatic")
    reach = ship_destinations(state, state.units_in("adriatic")[0])
    assert "tyrrhenian" in reach
    assert "ligurian" not in reach


def test_black_sea_to_ionian_or_levantine_is_two_sea_borders() -> None:
    # FAQ: "the sea route Black Sea -> Ionian or Levantine crosses only 2 sea borders".
    state = blank_board()
    put(state, "OT", "two_master", "black_sea")
    reach = ship_destinations(state, state.units_in("black_sea")[0])
    assert {"ionian", "levantine"} <= set(reach)


def _sail(state, seat, origin, kind, to):  # type: ignore[no-untyped-def]
    state = play(state, seat, type="select_unit", region=origin, kind=kind)
    return play(state, seat, type="sail_to", region=to)


def test_british_ships_pass_the_prussian_three_master_and_flag_three_seas() -> None:
    # p.11: three British three-masters sail into the North Sea, pass the Prussian
    # three-master there and end in the North Atlantic, the Baltic and the Gulf of
    # Bothnia; Great Britain flags those three sea regions.
    state = blank_board()
    put(state, "GB", "three_master", "london", 3)
    put(state, "PR", "three_master", "north_sea")
    state = start_action(state, "GB", "move_fight")
    for sea in ("north_atlantic", "baltic", "gulf_of_bothnia"):
        state = _sail(state, "P1", "london", "three_master", sea)
    state = end_moves(state)
    assert units(state, "north_sea") == {"PR": {"three_master": 1}}
    for sea in ("north_atlantic", "baltic", "gulf_of_bothnia"):
        assert state.flags[sea] == "GB"
    assert "north_sea" not in state.flags


def test_a_british_ship_stopping_in_the_north_sea_sinks_with_the_prussian() -> None:
    # p.11: "one of them could fight the Prussian three-master; both ships are eliminated".
    state = blank_board()
    put(state, "GB", "three_master", "london", 3)
    put(state, "PR", "three_master", "north_sea")
    state = start_action(state, "GB", "move_fight")
    state = _sail(state, "P1", "london", "three_master", "north_sea")
    assert units(state, "north_sea") == {}
    assert state.stock("PR", "three_master") == 6
    assert state.stock("GB", "three_master") == 8 - 2


def test_the_transport_chain_example_flags_ireland_north_atlantic_sweden_west_poland() -> None:
    # p.12: the two-master sails Liverpool -> Irish Sea -> North Atlantic; one infantry
    # from York reaches Ireland, one Sweden (by the North Sea ship, then overland from
    # Norway), one West Poland (by the North Sea and Baltic ships, then from Livonia).
    # Flags: Ireland, North Atlantic (the Prussian flag is removed), Sweden, West Poland.
    state = blank_board()
    put(state, "GB", "two_master", "liverpool")
    put(state, "GB", "three_master", "north_sea")
    put(state, "GB", "three_master", "baltic")
    put(state, "GB", "infantry", "york", 3)
    state.flags.update({"north_sea": "GB", "baltic": "GB", "north_atlantic": "PR"})
    state = start_action(state, "GB", "move_fight")
    assert {"type": "sail_to", "region": "north_atlantic"} not in offered(state)
    state = play(state, "P1", type="select_unit", region="liverpool", kind="two_master")
    state = play(state, "P1", type="sail_to", region="north_atlantic")
    state = end_moves(state)
    for destination in ("ireland", "sweden", "west_poland"):
        state = play(state, "P1", type="select_unit", region="york", kind="infantry")
        route = next(a for a in offered(state) if a.get("to") == destination)
        state = play(state, "P1", **route)
    state = end_moves(state)
    new_flags = {region for region, empire in state.flags.items() if empire == "GB"}
    assert new_flags == {
        "ireland",
        "north_atlantic",
        "sweden",
        "west_poland",
        "north_sea",
        "baltic",
    }
    assert not {"norway", "livonia", "edinburgh"} & set(state.flags)


def test_york_to_norway_then_sweden_is_a_legal_two_step_move() -> None:
    state = blank_board()
    put(state, "GB", "three_master", "north_sea")
    put(state, "GB", "infantry", "york")
    state = start_action(state, "GB", "move_fight")
    state = end_moves(state)
    state = play(state, "P1", type="select_unit", region="york", kind="infantry")
    destinations = {a.get("to") for a in offered(state)}
    # Norway by the North Sea ship, then Sweden overland; never across the Sweden corner.
    assert {"norway", "sweden"} <= destinations
    assert state.board().coast_seas["sweden"].count("north_sea") == 0


def _spanish_artillery_before_marseille():  # type: ignore[no-untyped-def]
    state = blank_board()
    put(state, "ES", "artillery", "madrid", 2)
    put(state, "FR", "infantry", "marseille", 2)
    put(state, "FR", "two_master", "marseille")
    state = start_action(state, "ES", "move_fight")
    return play(state, "P1", type="select_unit", region="madrid", kind="artillery")


def test_spanish_artillery_attacking_the_two_master_destroys_both() -> None:
    # p.12: "If Spain attacked the two-master first, both units would be destroyed."
    state = _spanish_artillery_before_marseille()
    state = play(state, "P1", type="march_to", to="marseille", via="barcelona", target="two_master")
    assert units(state, "marseille") == {"FR": {"infantry": 2}}
    assert units(state, "madrid") == {"ES": {"artillery": 1}}


def test_spanish_artillery_destroys_an_infantry_and_france_chooses_the_reply() -> None:
    # p.12: attacking an infantry first, the artillery eliminates it and survives for the
    # moment; France then chooses the unit that fights back, 1:1. Replying with the
    # infantry keeps the ship, so a second artillery must fight the ship 1:1.
    state = _spanish_artillery_before_marseille()
    state = play(state, "P1", type="march_to", to="marseille", via="barcelona", target="infantry")
    assert units(state, "marseille") == {
        "FR": {"infantry": 1, "two_master": 1},
        "ES": {"artillery": 1},
    }
    reply = prompt_of(state)
    assert (reply.seat, reply.urgency) == ("P2", "reaction")
    state = play(state, "P2", type="retaliate", kind="infantry")
    assert units(state, "marseille") == {"FR": {"two_master": 1}}
    state = play(state, "P1", type="select_unit", region="madrid", kind="artillery")
    targets = {a.get("target") for a in offered(state) if a.get("to") == "marseille"}
    assert targets == {"two_master"}
    state = play(state, "P1", type="march_to", to="marseille", via="barcelona", target="two_master")
    assert units(state, "marseille") == {}


def test_salonica_to_konya_is_two_land_steps_through_constantinople() -> None:
    # FAQ: "the land route Salonica -> Konya crosses only 2 land borders".
    state = blank_board()
    put(state, "OT", "infantry", "salonica")
    state = start_action(state, "OT", "move_fight")
    state = play(state, "P1", type="select_unit", region="salonica", kind="infantry")
    routes = {a.get("to"): a.get("via") for a in offered(state) if a["type"] == "march_to"}
    assert routes["konya"] == "constantinople"
