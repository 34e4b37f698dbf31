"""One scenario per remaining rule of the aid: M6 at the end of the turn, reparations on
the board, merchants entering, leaders drawn, fleets under repair, sorties, naval
superiority, the strong opposition of a submission, the instability floor."""

from __future__ import annotations

from rulesets.core import legal_prompts
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.data import default_data
from rulesets.ultima_ratio_regis.state import Merchant, Unit, UrrState, War
from tests.ultima_ratio_regis.helpers import (
    ScriptedDice,
    acting,
    add_troops,
    choices,
    clear_area,
    in_impulse,
    kinds,
    play,
    play_events,
)


def pass_all(state: UrrState) -> UrrState:
    for seat in ("P1", "P2", "P3", "P4"):
        state.step = "card"
        state = play(state, seat, type="pass_impulse")
    return state


def test_m6_two_non_key_zones_and_a_colony_are_counted_at_the_end_of_the_turn() -> None:
    """'deux zones non-clés ... ou une colonie ... seulement comptabilisé à la fin du tour'."""
    state = in_impulse()
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    state.powers["urr_fra"].round_lost = {"urr_aus": 3}
    state.powers["urr_fra"].colonies_lost = {"urr_aus": 1}
    state = pass_all(state)
    assert state.wars[0].lost == {"urr_fra": 2}  # floor(3/2) + 1
    assert kinds(state) == [("REF", "record_morale")]


def test_m3_and_m5_are_recorded_by_the_referee_when_the_war_ends() -> None:
    """M3 'contrôle une zone non-clé ... parmi les objectifs' (A-26) and M5 'perd une
    puissance mineure alliée sans zones-clés': a data file without objectives or minor
    powers, so the referee records each, 1 point ceded to the enemy (A-27, A-28)."""
    state = in_impulse()
    state.custom_data = default_data().model_copy(update={"minors": []})
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    state = pass_all(state)
    offered = {(c["power"], c["cause"]) for c in choices(state, "REF")}
    assert offered == {
        ("none", "none"),
        ("urr_fra", "objective_zone"),
        ("urr_fra", "minor_ally"),
        ("urr_aus", "objective_zone"),
        ("urr_aus", "minor_ally"),
    }
    state, events = play_events(
        state, "REF", type="record_morale", power="urr_aus", cause="objective_zone"
    )
    assert "urr.event.morale" in events
    assert (state.wars[0].lost, state.wars[0].gained) == ({"urr_aus": 1}, {"urr_fra": 1})
    assert ("urr_aus", "objective_zone") not in {
        (c["power"], c["cause"]) for c in choices(state, "REF")
    }  # once per power and cause
    state = play(state, "REF", type="record_morale", power="urr_aus", cause="minor_ally")
    assert state.wars[0].lost == {"urr_aus": 2}
    state = play(state, "REF", type="record_morale", power="none", cause="none")
    assert kinds(state) == [("REF", "declare_winner")]
    assert choices(state, "REF")[0]["winner"] == "urr_fra"  # the suggestion counts them


def test_reparations_cede_an_occupied_domain_and_swap_a_merchant() -> None:
    state = in_impulse()
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    add_troops(state, "urr_fra", "urr_bohemia", 1)
    state.merchants.append(Merchant(id="m90", power="urr_fra", area="urr_levant"))
    state.merchants.append(Merchant(id="m91", power="urr_aus", area="urr_levant"))
    state = pass_all(state)
    state = play(state, "REF", type="record_morale", power="none", cause="none")
    state = play(state, "REF", type="declare_winner", winner="urr_fra")
    state = play(state, "REF", type="set_budget", conditions=4)
    offered = {
        (c["item"], c["target"]) for c in choices(state, "P1") if c["type"] == "buy_reparation"
    }
    assert ("cede_conquered", "urr_bohemia") in offered and (
        "merchant_swap",
        "urr_levant",
    ) in offered
    state = play(state, "P1", type="buy_reparation", item="cede_conquered", target="urr_bohemia")
    state = play(state, "P1", type="buy_reparation", item="merchant_swap", target="urr_levant")
    assert state.control["urr_bohemia"] == "urr_fra"
    assert next(m for m in state.merchants if m.id == "m91").power == "urr_fra"
    assert state.wars == []


def test_a_merchant_built_waits_in_the_dispersed_box_until_the_next_turn() -> None:
    state = acting(in_impulse())
    state = play(state, "P1", type="build_merchant", power="urr_fra", area="urr_bengal")
    built = state.merchants[-1]
    assert built.waiting and built.area == "urr_bengal"


def test_a_leader_is_drawn_from_the_pool_and_may_replace_another() -> None:
    state = acting(in_impulse())
    pool = list(state.leader_pools["urr_fra"])
    ScriptedDice.script = [1]
    state = play(state, "P1", type="build_leader", power="urr_fra", area="urr_paris")
    assert state.leaders[-1].type == pool[0] and len(state.leader_pools["urr_fra"]) == 3
    ScriptedDice.script = [1]
    state = play(state, "P1", type="build_leader", power="urr_fra", area="urr_paris")
    assert len([x for x in state.leaders if x.area == "urr_paris"]) == 1


def test_a_fleet_with_a_squadron_under_repair_stays_in_port() -> None:
    """'Envoyer des flottes en mer (si elles ne sont pas en réparation)' (A-39)."""
    state = in_impulse()
    state.step = "free"
    assert any(c["type"] == "sail" and c["port"] == "urr_brittany" for c in choices(state, "P1"))
    next(
        u for u in state.units if u.area == "urr_brittany" and u.kind == "squadron"
    ).repairing = True
    assert not any(
        c["type"] == "sail" and c["port"] == "urr_brittany" for c in choices(state, "P1")
    )


def test_a_failed_sortie_turns_losses_into_siege_damage_and_may_capitulate() -> None:
    state = in_impulse()
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    state.step = "free"
    clear_area(state, "urr_provence")
    add_troops(state, "urr_fra", "urr_provence", 2)
    add_troops(state, "urr_aus", "urr_provence", 3)
    fort = next(f for f in state.fortresses if f.area == "urr_provence")
    fort.besieger, fort.siege_damage = "urr_aus", 1
    ScriptedDice.script = [1, 1, 6, 6, 6]
    state = play(state, "P1", type="sortie", power="urr_fra", area="urr_provence")
    state = play(state, "REF", type="set_naval_superiority", holder="none")
    state = play(state, "P2", type="choose_size", size=3)
    assert state.combat is None and state.step == "free"  # a free action: the impulse goes on
    # The garrison (Q1 for 1 damage) rolls 1, 1 against 6, 6, 6: 1 eliminated, 1 converted
    # into siege damage (2), which exceeds the 1 troop left: the fortress capitulates.
    fort = next(f for f in state.fortresses if f.area == "urr_provence")
    assert (fort.power, fort.siege_damage) == ("urr_aus", 0)
    assert state.control["urr_provence"] == "urr_aus"
    assert not any(u.power == "urr_fra" and u.area == "urr_provence" for u in state.units)


def test_enemy_naval_superiority_lowers_every_die_of_the_other_side() -> None:
    state = acting(in_impulse())
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    clear_area(state, "urr_provence")
    add_troops(state, "urr_fra", "urr_provence", 2)
    state.control["urr_naples"] = "urr_aus"
    add_troops(state, "urr_aus", "urr_naples", 2)
    ScriptedDice.script = [3, 3, 3, 3]
    state = play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_provence", area="urr_naples"
    )
    state = play(state, "P2", type="let_pass")  # Milan could intercept
    assert kinds(state) == [("REF", "naval_superiority")]
    state = play(state, "REF", type="set_naval_superiority", holder="defender")
    if state.combat is not None:  # Naples: mountains, 4D band, no choice left
        state = play(state, "P2", type="choose_size", size=4)
    assert state.wars[0].lost == {"urr_fra": 1}  # Q2 −1 naval −1 mountains: 3 → 1, 0 BP


def test_a_strong_opposition_rolls_q3() -> None:
    """'Opposition : Q2 (ou Q3 si A3 ou R3)': Crimea is flagged in the data."""
    state = acting(in_impulse())
    state.order, state.current = ["P3", "P1", "P2", "P4"], 0
    add_troops(state, "urr_rus", "urr_ukraine", 3)
    ScriptedDice.script = [4, 4]
    state = play(
        state, "P3", type="tactical_move", power="urr_rus", origin="urr_ukraine", area="urr_crimea"
    )
    state = play(state, "REF", type="set_naval_superiority", holder="none")
    state = play(state, "REF", type="answer", yes=False)
    # Force Q3 −1 (moved) = Q2: 4 → 4 (1+B); opposition Q3: 4 → 5 (2): the force loses
    # by 1 and, without a leader, disperses 1 troop; it may pay 2 more for the zone.
    assert kinds(state) == [("P3", "control")]
    labels = [c.label for p in legal_prompts(URR, state) for c in p.choices]
    assert labels[1] is not None and labels[1].params["troops"] == 2
    force = [u for u in state.units if u.power == "urr_rus" and u.area == "urr_crimea"]
    assert sum(u.dispersed_at is not None for u in force) == 1


def test_instability_never_goes_below_zero() -> None:
    state = acting(in_impulse())
    state.powers["urr_gbr"].instability = 0
    assert not any(
        c["type"] == "reduce_instability" and c["power"] == "urr_gbr" for c in choices(state, "P1")
    )


def test_a_card_worth_nothing_ends_the_impulse() -> None:
    state = in_impulse()
    state.hands["P1"] = ["urr_card_08"]
    state = play(state, "P1", type="play_card", card="urr_card_08")
    state = play(state, "REF", type="set_card_value", actions=0)
    assert kinds(state)[0][0] == "P2"


def test_squadrons_in_the_data_start_in_port() -> None:
    state = in_impulse()
    squadrons = [u for u in state.units if isinstance(u, Unit) and u.kind == "squadron"]
    assert squadrons and all(u.area.startswith("urr_") for u in squadrons)
