"""Colonial combat (§4.5): the tables, the odds, the results, and the phase's choices."""

from __future__ import annotations

from rulesets.pax_britannica.combat import losses, odds_for, outcome_of, result_for
from rulesets.pax_britannica.data import default_data, parse_data, shipped_raw
from rulesets.pax_britannica.state import PaxState, Unit
from tests.pax_britannica.helpers import act, army, cleared, put


def units(*strengths: int) -> list[Unit]:
    return [
        Unit(id=i, power="britain", kind="army", strength=s, location="x")
        for i, s in enumerate(strengths, 1)
    ]


def test_manchuria_attacked_by_13_is_2_to_1_on_table_2() -> None:
    # §4.5.3: CC 5 attacked by 10 + 3 = 13 is 2.6:1, rounded for the area to 2:1; 3:1 needs 15.
    data = default_data()
    odds = odds_for(data, 13, 5)
    assert odds.table == "2" and odds.text(data) == "2:1"
    assert odds_for(data, 15, 5).text(data) == "3:1"


def test_table_1_when_the_smaller_force_is_below_5() -> None:
    data = default_data()
    assert odds_for(data, 4, 2).table == "1"
    assert odds_for(data, 10, 4).table == "1"
    assert odds_for(data, 10, 5).table == "2"


def test_odds_beyond_the_table_use_its_end_columns() -> None:
    # clamp to the nearest end column.
    data = default_data()
    assert odds_for(data, 1, 6).text(data) == "1:2"
    assert odds_for(data, 30, 1).text(data) == "6:1"


def test_an_exchange_costs_the_area_cc_and_defeats_it_if_armies_remain() -> None:
    # §4.5.4 EX: CC < attack: lose armies equal to the CC; the area is defeated.
    outcome = outcome_of("EX", units(3, 1, 1), 2)
    assert sorted(outcome.lost) == [2, 3] and outcome.defeated
    # CC >= attack: as AE.
    assert outcome_of("EX", units(1, 1), 2).lost == [1, 2]
    assert not outcome_of("EX", units(1, 1), 2).defeated


def test_a_half_exchange_rounds_up() -> None:
    # half of CC 3 is 2.
    outcome = outcome_of("HEX", units(3, 1, 1), 3)
    assert sorted(outcome.lost) == [2, 3] and outcome.defeated


def test_losses_take_the_smallest_total_above_the_need_when_none_is_exact() -> None:
    # with 10 and 3, a loss of 2 costs the 3.
    assert [u.strength for u in losses(units(10, 3), 2)] == [3]


def test_a_loaded_combat_table_changes_the_result() -> None:
    # Acceptance: a data set that differs from the provisional one changes play.
    raw = shipped_raw()
    shipped = default_data()
    odds = odds_for(shipped, 4, 2)
    assert result_for(shipped, odds, 1) == "EX"
    raw["combat_tables"][0]["results"][0][odds.column] = "DE"
    loaded = parse_data(raw)
    assert result_for(loaded, odds_for(loaded, 4, 2), 1) == "DE"


def combat_state(cc_area: str = "congo", strength: int = 3) -> tuple[object, int]:
    state = cleared()
    state.phase = "colonial_combat"
    put(state, "britain", "cape_colony", "possession")
    put(state, "britain", cc_area, "protectorate", established=False)
    unit = army(state, "britain", cc_area, strength)
    army(state, "britain", "cape_colony", 1)
    return state, unit


def test_a_won_colonial_combat_establishes_the_marker() -> None:
    # §4.5.5: the area is defeated, the marker established. Congo CC 1, 3:1, die 6.
    state, _ = combat_state()
    from rulesets.pax_britannica import colonial_combat

    ctx_state = state
    from tests.pax_britannica.helpers import context

    ctx = context(ctx_state)  # type: ignore[arg-type]
    colonial_combat.enter(ctx)
    prompt = colonial_combat.prompts(ctx.state)[0]
    assert prompt.kind == "colonial_combat" and prompt.seat == "britain"
    outcome = act(ctx.state, "britain", {"type": "fight", "power": "britain", "area": "congo"}, [6])
    congo = next(m for m in outcome.state.markers if m.area == "congo")
    assert congo.established


def test_a_lost_colonial_combat_removes_the_marker_and_the_armies_retreat() -> None:
    # Table 1 at 1:1, die 1: AR.
    state, unit = combat_state(strength=1)
    from rulesets.pax_britannica import colonial_combat
    from tests.pax_britannica.helpers import context

    ctx = context(state)  # type: ignore[arg-type]
    colonial_combat.enter(ctx)
    outcome = act(ctx.state, "britain", {"type": "fight", "power": "britain", "area": "congo"}, [1])
    assert not any(m.area == "congo" for m in outcome.state.markers)
    moved = next(u for u in outcome.state.units if u.id == unit)
    assert moved.location == "cape_colony"  # through the South Atlantic and its fleet


def test_abandoning_removes_the_marker_without_a_roll() -> None:
    #
    state, _ = combat_state()
    from rulesets.pax_britannica import colonial_combat
    from tests.pax_britannica.helpers import context

    ctx = context(state)  # type: ignore[arg-type]
    colonial_combat.enter(ctx)
    outcome = act(ctx.state, "britain", {"type": "abandon", "power": "britain", "area": "congo"})
    assert "pax.event.colonial_combat" not in [e.key for e in outcome.events]
    assert not any(m.area == "congo" for m in outcome.state.markers)


def test_cc_zero_falls_to_any_army() -> None:
    state, _ = combat_state("gabon")  # Gabon CC 0
    from rulesets.pax_britannica import colonial_combat
    from tests.pax_britannica.helpers import context

    ctx = context(state)  # type: ignore[arg-type]
    colonial_combat.enter(ctx)
    outcome = act(ctx.state, "britain", {"type": "fight", "power": "britain", "area": "gabon"})
    fought = next(e for e in outcome.events if e.key == "pax.event.colonial_combat")
    assert fought.params["odds"] == "pax_auto" and fought.params["die"] == 0
    assert next(m for m in outcome.state.markers if m.area == "gabon").established


def test_a_campaigns_loaded_table_decides_its_combats() -> None:
    # The same combat and the same die, with the shipped table and with a loaded one.
    from rulesets.pax_britannica import colonial_combat
    from tests.pax_britannica.helpers import context, new_game

    raw = shipped_raw()
    raw["combat_tables"][0]["results"] = [["AE"] * 8 for _ in range(6)]
    outcomes = []
    for data in (None, raw):
        state = new_game(data=data)
        shipped_state, _ = combat_state()
        state.markers, state.units = shipped_state.markers, shipped_state.units  # type: ignore[attr-defined]
        state.unrest, state.phase = [], "colonial_combat"
        ctx = context(state)
        colonial_combat.enter(ctx)
        fight = {"type": "fight", "power": "britain", "area": "congo"}
        outcome = act(ctx.state, "britain", fight, [6])
        outcomes.append(next(e for e in outcome.events if e.key == "pax.event.colonial_combat"))
    assert outcomes[0].params["result"] == "result_DE"
    assert outcomes[1].params["result"] == "result_AE"


def test_codominion_members_combine_against_a_revolt() -> None:
    # §4.4.10: members may combine their strengths in one suppression attempt.
    from rulesets.pax_britannica.colonial_combat import resolve
    from tests.pax_britannica.helpers import context

    state = cleared()
    put(state, "britain", "guiana", "protectorate")
    put(state, "france", "guiana", "protectorate")
    army(state, "britain", "guiana", 1)
    army(state, "france", "guiana", 3)
    state.unrest = ["guiana"]
    ctx = context(state, [6])
    resolve(ctx, "britain", "guiana")
    fought = next(e for e in ctx.events if e.key == "pax.event.colonial_combat")
    assert fought.params["strength"] == 4 and state.unrest == []


def fight_for_manchuria(die: int) -> tuple[dict[str, object], PaxState]:
    """GB's 10 + 3 in Manchuria (CC 5) under an unestablished protectorate, Chihli held
    with a garrison beside it; the combat phase fought with `die`."""
    from rulesets.pax_britannica import colonial_combat
    from tests.pax_britannica.helpers import context

    state = cleared()
    state.phase = "colonial_combat"
    put(state, "britain", "chihli", "possession")
    put(state, "britain", "manchuria", "protectorate", established=False)
    army(state, "britain", "manchuria", 10)
    army(state, "britain", "manchuria", 3)
    army(state, "britain", "chihli", 1)
    ctx = context(state)
    colonial_combat.enter(ctx)
    outcome = act(
        ctx.state, "britain", {"type": "fight", "power": "britain", "area": "manchuria"}, [die]
    )
    fought = next(e for e in outcome.events if e.key == "pax.event.colonial_combat")
    return dict(fought.params), outcome.state


def test_manchuria_attacked_by_13_is_fought_on_table_2_at_2_to_1() -> None:
    # §4.5.3: "Manchuria (CC 5) is attacked by 10 + 3 = 13 ... rounds to 2:1"; the smaller
    # total is 5 or more, so Table 2. The phase rolls one d6 and reads that table's 2:1
    # column: with the shipped table a 1 is AR (the armies retreat, the marker goes) and a
    # 6 is DE (the area is defeated, the marker established).
    fought, after = fight_for_manchuria(1)
    assert (fought["table"], fought["odds"], fought["strength"]) == ("2", "2:1", 13)
    assert fought["result"] == "result_AR"
    assert not any(m.area == "manchuria" for m in after.markers)
    gb = {u.location for u in after.units if u.power == "britain"}
    assert gb == {"chihli"}
    fought, after = fight_for_manchuria(6)
    assert (fought["table"], fought["result"]) == ("2", "result_DE")
    held = next(m for m in after.markers if m.area == "manchuria")
    assert held.established
