"""Each campaign option changes exactly the rule it names (spec §6 alternatives)."""

from __future__ import annotations

from typing import Any

from rulesets.ultima_ratio_regis.state import Leader, Unit, UrrState, War
from tests.ultima_ratio_regis.helpers import (
    ScriptedDice,
    acting,
    add_troops,
    clear_area,
    in_impulse,
    kinds,
    play,
)


def siege(**options: Any) -> UrrState:
    """France (4 troops) besieges Milan (2 Austrian troops, 1 siege damage); France wins
    by 2 with 1 damage: the garrison takes 1 dispersal result (Example S, siege 1)."""
    state = acting(in_impulse(**options))
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    clear_area(state, "urr_provence")
    clear_area(state, "urr_milan")
    add_troops(state, "urr_fra", "urr_provence", 4)
    add_troops(state, "urr_aus", "urr_milan", 2)
    state.leaders.append(Leader(id="l1", power="urr_fra", type="tactician", area="urr_provence"))
    next(f for f in state.fortresses if f.area == "urr_milan").siege_damage = 1
    ScriptedDice.script = [4, 2, 5, 6, 3]
    state = play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_provence", area="urr_milan"
    )
    return play(state, "P1", type="leader_die", die=1)


def garrison(state: UrrState) -> list[Unit]:
    return [u for u in state.units if u.area == "urr_milan" and u.power == "urr_aus"]


def test_siege_conversion_r1_keeps_the_troop_and_r2_disperses_it() -> None:
    kept = siege()
    assert [u.dispersed_at for u in garrison(kept)] == [None, None]
    assert next(f for f in kept.fortresses if f.area == "urr_milan").siege_damage == 2
    removed = siege(siege_conversion="remove")
    assert sum(u.dispersed_at is not None for u in garrison(removed)) == 1
    fort = next(f for f in removed.fortresses if f.area == "urr_milan")
    assert fort.power == "urr_fra"  # damage 2 > 1 troop left: the fortress falls at once
    assert removed.control["urr_milan"] == "urr_fra"


def test_a_capitulated_garrison_may_be_dispersed_instead_of_eliminated() -> None:
    state = siege(siege_conversion="remove", capitulation="dispersed")
    assert garrison(state) and all(u.dispersed_at is not None for u in garrison(state))


def test_the_plain_quality_model_reads_the_bare_die() -> None:
    """With 'plain' the garrison's Q1 no longer lowers its 6 and 3: BP 3 against 4."""
    state = siege(quality_model="plain")
    fort = next(f for f in state.fortresses if f.area == "urr_milan")
    assert fort.siege_damage == 2  # still beaten by 1: floor(1/2) = 0, siege minimum 1


def test_rebellions_counted_after_placement() -> None:
    for rule, expected in (("before", 0), ("after", 2)):
        state = in_impulse(rebellions_counted=rule)
        for seat in ("P1", "P2", "P3", "P4"):
            state.step = "card"
            state = play(state, seat, type="pass_impulse")
        while kinds(state) == [("REF", "enter_trade")]:
            power = next(p for p in state.powers.values() if p.in_play and p.trade is None)
            state = play(state, "REF", type="enter_trade", power=power.id, amount=0)
        while kinds(state) == [("REF", "enter_expenses")]:
            power = next(p for p in state.powers.values() if p.in_play and p.expenses is None)
            state = play(state, "REF", type="enter_expenses", power=power.id, amount=power.income)
        level = state.powers["urr_fra"].instability
        state = play(state, "REF", type="place_rebellions", power="urr_fra", count=2)
        assert state.powers["urr_fra"].instability == level + expected


def test_piracy_instability_always_one() -> None:
    state = acting(in_impulse(piracy_instability="one"))
    state.wars.append(War(id="w1", powers=["urr_esp", "urr_gbr"]))
    state.order, state.current = ["P2", "P1", "P3", "P4"], 0
    state.units = [u for u in state.units if not (u.power == "urr_gbr" and u.kind == "squadron")]
    state.units.append(Unit(id="s1", power="urr_esp", kind="squadron", area="urr_ocean"))
    before = state.powers["urr_gbr"].instability
    ScriptedDice.script = [6, 1]
    state = play(state, "P2", type="piracy", power="urr_esp", sea="urr_ocean", target="urr_gbr")
    assert kinds(state) == [("REF", "opposition_q")]  # no interceptor
    state = play(state, "REF", type="set_opposition_quality", q=2)
    assert state.powers["urr_gbr"].instability == before + 1  # a margin of 2, counted 1
