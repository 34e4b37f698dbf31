"""The war with the Ottoman Empire (§4.11.14), quoted by section: three armies in
Anatolia, the Ottomans as First Alliance moving toward and attacking the enemy, the areas'
combat capacity and its defeat (A-86), and the ends (a), (b) and (c) (A-54)."""

from __future__ import annotations

import random

from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.state import PaxState, War
from rulesets.pax_britannica.war_combat import fight_battle
from tests.pax_britannica.helpers import army, context, new_game, play_randomly, put
from tests.pax_britannica.test_war import play_on
from tests.pax_britannica.test_war_declarations import at_war_phase, entered

NO_REBELLION = [6, 6, 6]  # the Chinese Resentment roll before the War phase


def provoked(*french_armies: int) -> PaxState:
    """France established a possession in Syria this turn, holding it with its armies."""
    state = at_war_phase(4, turns=1)
    put(state, "france", "syria", "possession")
    for strength in french_armies:
        army(state, "france", "syria", strength)
    state.ottoman_war_pending = ["france"]
    return state


def test_the_empire_declares_war_and_its_armies_march_on_the_enemy() -> None:
    # §4.11.1: the War phase takes place if "the Ottoman Empire declares war"; §4.11.14:
    # "place 3 Ottoman armies (strength 5 each) in Anatolia"; with no major ally "they are
    # First Alliance, move one step toward and into Ottoman areas containing enemy units,
    # and attack them"; (a) no enemy units left: "all status markers of the Ottomans'
    # enemies are removed"; ET +2 a war cycle.
    state = provoked(3)
    ctx = entered(state, [*NO_REBELLION, 2])  # Table 1, 15 against 3 (5:1), die 2: DE
    keys = [e.key for e in ctx.events]
    assert "pax.event.ottoman_war" in keys and "pax.event.natives_first" in keys
    marches = [e.params for e in ctx.events if e.key == "pax.event.natives_move"]
    assert marches == [{"power": "ottoman", "area": "anatolia", "to": "syria"}] * 3
    [attack] = [e.params for e in ctx.events if e.key == "pax.event.natives_attack"]
    assert (attack["attack"], attack["defence"], attack["result"]) == (15, 3, "pax_war_result_DE")
    [ending] = [e.params for e in ctx.events if e.key == "pax.event.ottoman_war_ends"]
    assert ending == {"outcome": "pax_ottoman_ottomans_win"}
    assert not [m for m in ctx.state.markers if m.area == "syria"]
    assert not [u for u in ctx.state.units if u.power == "ottoman"]
    assert [e.amount for e in ctx.state.tension_log if e.reason == "war_cycle"] == [2]


def test_an_army_that_beats_the_ottomans_keeps_its_marker_and_gains_nothing() -> None:
    # §4.11.14 (b): "no Ottoman armies ... remain: the enemies win, but no reparations";
    # "the attacker keeps its established marker but gains nothing more".
    state = provoked(10, 10)
    ctx = entered(state, [*NO_REBELLION, 1])  # Table 2, 15 against 20 (1:2), die 1: AE
    assert [e.key for e in ctx.events].count("pax.event.unit_eliminated") == 3
    [prompt] = PAX.prompts(ctx.state)  # France's half of the cycle
    assert (prompt.seat, prompt.kind) == ("france", "war_manoeuvre")
    state, seen = play_on(ctx.state)
    assert "pax.event.ottoman_war_ends" in seen
    assert [(m.power, m.level) for m in state.markers if m.area == "syria"] == [
        ("france", "possession")
    ]


def test_an_uncontrolled_ottoman_area_adds_its_combat_capacity() -> None:
    # §4.11.14: "Ottoman areas without control markers keep their CC and add it, as in
    # China" (Anatolia's CC 6 beside the three armies' 15).
    state = provoked()
    army(state, "france", "anatolia", 3)
    ctx = entered(state, [*NO_REBELLION, 2])
    [attack] = [e.params for e in ctx.events if e.key == "pax.event.natives_attack"]
    assert (attack["area"], attack["attack"]) == ("anatolia", 21)


def test_enemies_who_beat_an_area_defeat_its_combat_capacity() -> None:
    # §4.11.13 (A-86): the area is defeated when its attackers "get DR or DE"; "a defeated
    # area loses its CC for the rest of the rebellion"; an Ottoman army that must retreat
    # falls back to a neighbouring Ottoman area free of enemies.
    state = at_war_phase(4, turns=1)
    war = War(sides=(["ottoman"], ["france"]), kind="ottoman", cycle=1, half=1, step="attack")
    state.wars = [war]
    ottoman = new_unit(state, "ottoman", "army", 5, "anatolia")
    for _ in range(3):
        army(state, "france", "anatolia", 10)
    ctx = context(state, [4])  # Table 2, 30 against 5 + 6 (2:1), die 4: DR
    fight_battle(ctx, war, "france", "anatolia", "army")
    assert war.defeated == ["anatolia"] and ottoman.location == "syria"
    [battle] = [e.params for e in ctx.events if e.key == "pax.event.war_battle"]
    assert (battle["attack"], battle["defence"]) == (30, 11)


def test_random_play_through_an_ottoman_war_always_ends() -> None:
    # Random answers on the 1880 board with Russia in Anatolia and Britain in Syria.
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(6, war_declarations=True, turns=1)
        state.phase, state.windows = "diplomacy", {}
        put(state, "russia", "anatolia", "possession")
        army(state, "russia", "anatolia", 10)
        put(state, "britain", "syria", "protectorate")
        army(state, "britain", "syria", 3)
        state.ottoman_war_pending = ["russia", "britain"]
        state = entered(state).state
        state, ended = play_randomly(state, rng, 2_000, "pax.event.ottoman_war_ends")
        assert state.finished and ended
        assert not [u for u in state.units if u.power == "ottoman"]
