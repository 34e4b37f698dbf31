"""Routes chosen by the player: distinct ways to one region are distinct choices.

« Elles peuvent se déplacer sur terre ou être transportées par des navires de même couleur
vers des régions plus éloignées. » and « Se faufiler dans une région avec une unité
terrestre étrangère [...] toujours il faut demander une autorisation. »
"""

from __future__ import annotations

from bot.i18n.labels import choice_label
from rulesets.core import submit
from tests.empires.helpers import EMPIRES, blank_board, play, prompt_of, put, start_action, units


def _routes_to(state, region):  # type: ignore[no-untyped-def]
    return [c for c in prompt_of(state).choices if c.action.get("to") == region]


def test_a_route_asking_passage_is_offered_after_the_one_that_asks_nobody() -> None:
    state = blank_board()
    put(state, "PR", "infantry", "berlin")
    put(state, "HB", "infantry", "saxony")  # HB's monarch is P2, not the Prussian decider
    state = start_action(state, "PR", "move_fight")
    state = play(state, "P1", type="select_unit", region="berlin", kind="infantry")
    routes = _routes_to(state, "rhineland")
    assert [c.action["via"] for c in routes] == ["hanover", "saxony"]
    labels = [choice_label("empires", c, "fr") for c in routes]
    assert labels == [
        "Aller en Rhénanie par le Hanovre",
        "Aller en Rhénanie par la Saxe, avec l'accord de l'empire des Habsbourg",
    ]
    # Through Saxony the Habsburg monarch is asked, and its answer decides.
    state = play(state, "P1", **routes[1].action)
    assert prompt_of(state).seat == "P2"
    state = play(state, "P2", type="answer_passage", grant=True)
    assert units(state, "rhineland") == {"PR": {"infantry": 1}}


def test_routes_laying_down_different_two_masters_are_both_offered() -> None:
    # To the Southern Netherlands: straight across the North Sea on one two-master, or to
    # Paris on the Channel's two-master and on by land. Each lays down a different ship.
    state = blank_board()
    put(state, "GB", "infantry", "london")
    put(state, "GB", "two_master", "north_sea")
    put(state, "GB", "two_master", "english_channel")
    state = start_action(state, "GB", "move_fight")
    state = play(state, "P1", type="end_moves")
    state = play(state, "P1", type="select_unit", region="london", kind="infantry")
    routes = _routes_to(state, "southern_netherlands")
    labels = [choice_label("empires", c, "fr") for c in routes]
    assert labels == [
        "Aller aux Pays-Bas méridionaux par mer (deux-mâts : mer du Nord)",
        "Aller aux Pays-Bas méridionaux par Paris, par mer (deux-mâts : Manche)",
    ]
    channel = next(u.id for u in state.units if u.region == "english_channel")
    assert routes[1].action["two_masters"] == [channel]
    moved = submit(EMPIRES, state, "P1", routes[1].action).events
    assert [(e.key, e.params["via"]) for e in moved if e.key.startswith("emp.event.land")] == [
        ("emp.event.land_moved_via_sea", "paris")
    ]
