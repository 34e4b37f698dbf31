"""Every kind of combat through the engine, with scripted dice: the examples of §3.10
played on the invented board (land battle, naval battle, piracy, siege, submission)."""

from __future__ import annotations

from rulesets.ultima_ratio_regis.state import Leader, Unit, UrrState, War
from tests.ultima_ratio_regis.helpers import (
    ScriptedDice,
    acting,
    add_troops,
    choices,
    clear_area,
    in_impulse,
    kinds,
    play,
)


def at_war(a: str, b: str) -> UrrState:
    state = acting(in_impulse())
    state.wars.append(War(id="w1", powers=[a, b]))
    return state


def leader(state: UrrState, power: str, kind: str, area: str) -> None:
    state.leaders.append(Leader(id=f"l-{kind}", power=power, type=kind, area=area))


def squadron(state: UrrState, power: str, area: str, q: int = 2) -> str:
    state.next_id += 1
    state.units.append(Unit(id=f"s{state.next_id}", power=power, kind="squadron", area=area, q=q))
    return f"s{state.next_id}"


def saxony_attacked() -> UrrState:
    """France (4 troops, one of Q3, an Organizer) attacks Austria in Saxony (3 troops, a
    Tactician) from Paris, with the dice scripted: 6, 4, 6, 3 against 4, 5, 2."""
    state = at_war("urr_fra", "urr_aus")
    clear_area(state, "urr_paris")
    add_troops(state, "urr_fra", "urr_paris", 1, q=3)
    add_troops(state, "urr_fra", "urr_paris", 3)
    add_troops(state, "urr_aus", "urr_saxony", 3)
    state.control["urr_saxony"] = "urr_aus"
    leader(state, "urr_fra", "organizer", "urr_paris")
    leader(state, "urr_aus", "tactician", "urr_saxony")
    ScriptedDice.script = [6, 4, 6, 3, 4, 5, 2]
    return play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_paris", area="urr_saxony"
    )


def test_a_land_battle_the_loser_disperses_the_difference_and_cedes_morale() -> None:
    state = saxony_attacked()
    assert kinds(state) == [("P2", "intercept")]  # from Bohemia, next to Saxony
    state = play(state, "P2", type="let_pass")
    assert kinds(state) == [("P1", "organizer")]  # open terrain 4D, the Organizer may ±1
    state = play(state, "P1", type="adjust_size", change=0)
    assert kinds(state) == [("P2", "leader")]
    assert choices(state)[0] == {"type": "leader_die", "die": 2}  # 2→3: +1 BP (§3.5)
    state = play(state, "P2", type="leader_die", die=2)
    # France 6,4,6,3 → BP 6, B 3; Austria 4,5,3 → BP 4, B 1: Austria loses by 2.
    austria = [u for u in state.units if u.power == "urr_aus" and u.area == "urr_saxony"]
    assert all(u.dispersed_at is not None for u in austria) and len(austria) == 2  # 1 eliminated
    france = [u for u in state.units if u.power == "urr_fra" and u.area == "urr_saxony"]
    assert sum(u.dispersed_at is not None for u in france) == 1  # 1 surplus damage
    assert state.control["urr_saxony"] == "urr_fra"
    assert state.wars[0].lost == {"urr_aus": 1}  # rolled 3 dice
    assert state.phase == "impulse" and state.actions_left == 2


def test_example_n_a_naval_battle_sends_the_loser_to_port() -> None:
    state = at_war("urr_esp", "urr_ned")
    state.order = ["P2", "P1", "P3", "P4"]
    state.current = 0
    squadron(state, "urr_esp", "urr_mediterranean")
    squadron(state, "urr_esp", "urr_mediterranean")
    leader(state, "urr_esp", "admiral", "urr_mediterranean")
    squadron(state, "urr_ned", "urr_atlantic", q=3)
    squadron(state, "urr_ned", "urr_atlantic")
    squadron(state, "urr_ned", "urr_atlantic")
    leader(state, "urr_ned", "creative", "urr_atlantic")
    ScriptedDice.script = [5, 4, 2, 3]
    state = play(
        state,
        "P2",
        type="tactical_move",
        power="urr_esp",
        origin="urr_mediterranean",
        area="urr_atlantic",
    )
    assert kinds(state) == [("P4", "creative")]
    state = play(state, "P4", type="creative_die", die=1)  # D2 raised to Q3
    assert choices(state)[0] == {"type": "leader_die", "die": 1}  # 4→5
    state = play(state, "P2", type="leader_die", die=1)
    dutch = [u for u in state.units if u.power == "urr_ned" and u.kind == "squadron"]
    assert all(u.area != "urr_atlantic" for u in dutch)  # the losers return to port
    assert sum(u.repairing for u in dutch) == 1  # 2 dispersal results = 1 damaged
    assert state.wars[0].lost == {"urr_ned": 1}


def test_example_p_piracy_moves_instability_and_no_morale() -> None:
    state = at_war("urr_esp", "urr_gbr")
    state.order, state.current = ["P2", "P1", "P3", "P4"], 0
    state.units = [u for u in state.units if not (u.power == "urr_gbr" and u.kind == "squadron")]
    squadron(state, "urr_esp", "urr_ocean")
    leader(state, "urr_esp", "admiral", "urr_ocean")
    guard = squadron(state, "urr_gbr", "urr_caribbean")
    esp, gbr = state.powers["urr_esp"].instability, state.powers["urr_gbr"].instability
    ScriptedDice.script = [5, 4]
    state = play(state, "P2", type="piracy", power="urr_esp", sea="urr_ocean", target="urr_gbr")
    state = play(state, "P2", type="leader_die", die=0)  # 5 → 6: 2+B against 3 (Q1): 1
    assert state.powers["urr_esp"].instability == esp - 1
    assert state.powers["urr_gbr"].instability == gbr + 1
    assert next(u for u in state.units if u.id == guard).repairing
    assert state.wars[0].lost == {}  # the loser rolled one die


def test_example_s_siege_then_capitulation() -> None:
    state = at_war("urr_fra", "urr_aus")
    clear_area(state, "urr_provence")
    clear_area(state, "urr_milan")
    add_troops(state, "urr_fra", "urr_provence", 4)
    add_troops(state, "urr_aus", "urr_milan", 2)
    leader(state, "urr_fra", "tactician", "urr_provence")
    fort = next(f for f in state.fortresses if f.area == "urr_milan")
    fort.siege_damage = 1
    ScriptedDice.script = [4, 2, 5, 6, 3]
    state = play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_provence", area="urr_milan"
    )
    state = play(state, "P1", type="leader_die", die=1)  # 2 → 3
    fort = next(f for f in state.fortresses if f.area == "urr_milan")
    assert (fort.siege_damage, fort.besieger, fort.power) == (2, "urr_fra", "urr_aus")
    assert len([u for u in state.units if u.area == "urr_milan" and u.power == "urr_aus"]) == 2
    state.impulse += 1
    ScriptedDice.script = [3, 1, 2, 4, 1]
    state = play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_milan", area="urr_milan"
    )
    state = play(state, "P1", type="leader_die", die=2)
    fort = next(f for f in state.fortresses if f.area == "urr_milan")
    assert fort.power == "urr_fra" and state.control["urr_milan"] == "urr_fra"
    assert not [u for u in state.units if u.area == "urr_milan" and u.power == "urr_aus"]
    assert state.wars[0].lost["urr_aus"] == 3  # two sieges lost with 2 dice, a key zone


def test_example_u_submission_draw_then_control_bought() -> None:
    state = acting(in_impulse())
    state.order, state.current = ["P3", "P1", "P2", "P4"], 0
    clear_area(state, "urr_ukraine")
    add_troops(state, "urr_rus", "urr_ukraine", 3)
    leader(state, "urr_rus", "decisive", "urr_ukraine")
    ScriptedDice.script = [4, 5]
    state = play(
        state, "P3", type="tactical_move", power="urr_rus", origin="urr_ukraine", area="urr_poland"
    )
    assert kinds(state) == [("REF", "distance")]
    state = play(state, "REF", type="answer", yes=True)
    state = play(state, "P3", type="leader_die", die=0)  # Q1: 4 → 3, +1 → 4; opposition 4
    assert kinds(state) == [("P3", "control")]
    state = play(state, "P3", type="buy_control", pay=True)
    assert state.control["urr_poland"] == "urr_rus"
    left = [u for u in state.units if u.area == "urr_poland" and u.dispersed_at is None]
    assert len(left) == 2


def test_a_piracy_size_cannot_be_changed_by_an_organizer() -> None:
    """TV-05: 'Piraterie (non modifiable) 1D'."""
    state = at_war("urr_esp", "urr_gbr")
    state.order, state.current = ["P2", "P1", "P3", "P4"], 0
    squadron(state, "urr_esp", "urr_ocean")
    leader(state, "urr_esp", "organizer", "urr_ocean")
    ScriptedDice.script = [1, 6]
    state = play(state, "P2", type="piracy", power="urr_esp", sea="urr_ocean", target="urr_gbr")
    assert state.combat is None and state.phase == "impulse"


def test_a_relief_battle_lifts_the_siege() -> None:
    """'Sortie, bataille de secours 3D-4D': the defender chooses 3; mountains −1 Q."""
    state = at_war("urr_fra", "urr_aus")
    clear_area(state, "urr_paris")
    clear_area(state, "urr_provence")
    add_troops(state, "urr_fra", "urr_paris", 4)
    add_troops(state, "urr_fra", "urr_provence", 1)
    add_troops(state, "urr_aus", "urr_provence", 2)
    next(f for f in state.fortresses if f.area == "urr_provence").besieger = "urr_aus"
    ScriptedDice.script = [6, 6, 6, 1, 1]
    state = play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_paris", area="urr_provence"
    )
    state = play(state, "REF", type="set_naval_superiority", holder="none")
    assert [c["size"] for c in choices(state, "P2")] == [4, 3]
    state = play(state, "P2", type="choose_size", size=3)
    fort = next(f for f in state.fortresses if f.area == "urr_provence")
    assert fort.besieger is None
    assert all(
        u.dispersed_at is not None
        for u in state.units
        if u.power == "urr_aus" and u.area == "urr_provence"
    )
    assert len([u for u in state.units if u.power == "urr_fra" and u.area == "urr_provence"]) == 5


def test_a_beaten_pirate_returns_to_port_even_undamaged() -> None:
    """'celles qui perdent une bataille navale, doivent rentrer au port' (piracy included)."""
    state = at_war("urr_esp", "urr_gbr")
    state.order, state.current = ["P2", "P1", "P3", "P4"], 0
    state.units = [u for u in state.units if not (u.power == "urr_gbr" and u.kind == "squadron")]
    raider = squadron(state, "urr_esp", "urr_ocean")
    squadron(state, "urr_gbr", "urr_caribbean")
    ScriptedDice.script = [3, 6]  # 3 → 1 BP; the interceptor Q1: 6 → 5, 2 BP
    state = play(state, "P2", type="piracy", power="urr_esp", sea="urr_ocean", target="urr_gbr")
    pirate = next(u for u in state.units if u.id == raider)
    assert (pirate.area, pirate.repairing) == ("urr_catalonia", False)


def test_a_naval_support_battle_decides_naval_superiority_for_a_siege() -> None:
    """'Bataille navale — Soutien d'opérations terrestres (batailles, sièges, soumissions)
    3D' (A-48): the referee may have naval superiority fought for in a sea beside the
    zone; the 3D battle's winner holds it for the suspended siege, which goes on with
    'Supériorité navale ±1D' offered to the winner."""
    state = at_war("urr_fra", "urr_ned")
    clear_area(state, "urr_paris")
    add_troops(state, "urr_fra", "urr_paris", 2)
    french = [squadron(state, "urr_fra", "urr_channel") for _ in range(2)]
    dutch = [squadron(state, "urr_ned", "urr_channel") for _ in range(2)]
    ScriptedDice.script = [5, 5, 1, 2]
    state = play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_paris", area="urr_flanders"
    )
    assert kinds(state) == [("REF", "naval_superiority")]  # Flanders' fortress: a siege
    assert {"type": "support_battle", "sea": "urr_channel"} in choices(state, "REF")
    state = play(state, "REF", type="support_battle", sea="urr_channel")
    naval, siege = state.last_combat, state.combat
    assert naval is not None and siege is not None and state.suspended is None
    assert (naval.kind, naval.area, naval.size, naval.winner) == (
        "naval",
        "urr_channel",
        3,
        "attacker",
    )
    assert [d.unit for d in naval.attacker.dice] == french  # min(3, 2) dice a side
    assert state.wars[0].lost == {"urr_ned": 1}  # the Dutch lost the sea with 2 dice
    assert all(u.area != "urr_channel" for u in state.units if u.id in dutch)  # to port
    assert (siege.kind, siege.area, siege.naval_holder) == ("siege", "urr_flanders", "attacker")
    assert kinds(state) == [("P1", "naval_size")]  # the siege resumed where it stood


def test_troops_land_from_the_sea_where_their_fleet_holds_it() -> None:
    """'Débarquement en terrain ouvert 3D-4D', handicap 'Débarquement' (−1 Q to the side
    landing): troops beside a sea the power's squadrons hold can attack a shore of that
    sea beyond a march of 2 zones (Scotland to Amsterdam across the North Sea)."""
    state = at_war("urr_gbr", "urr_ned")
    state.fortresses = [f for f in state.fortresses if f.area != "urr_amsterdam"]
    clear_area(state, "urr_scotland")
    clear_area(state, "urr_amsterdam")
    add_troops(state, "urr_gbr", "urr_scotland", 2)
    add_troops(state, "urr_ned", "urr_amsterdam", 2)
    order = {
        "type": "tactical_move",
        "power": "urr_gbr",
        "origin": "urr_scotland",
        "area": "urr_amsterdam",
    }
    assert order not in choices(state, "P1")  # no fleet in the North Sea yet
    squadron(state, "urr_gbr", "urr_north_sea")
    assert order in choices(state, "P1")
    state = play(state, "P1", **order)
    state = play(state, "P4", type="let_pass")  # Flanders could intercept
    assert kinds(state) == [("REF", "naval_superiority")]  # Amsterdam is a port
    state = play(state, "REF", type="set_naval_superiority", holder="none")
    assert kinds(state) == [("P4", "size")]  # the defender picks 3 or 4
    ScriptedDice.script = [6, 6, 4, 3, 4]
    state = play(state, "P4", type="choose_size", size=3)
    fought = state.last_combat
    assert fought is not None and fought.situation == ["landing_open"]
    assert [d.q for d in fought.attacker.dice] == [1, 1]  # Q2 − 1 for the landing
    assert [d.q for d in fought.defender.dice] == [2, 2]


def test_a_successful_piracy_lets_the_referee_interrupt_the_raided_trade() -> None:
    """'Piraterie: attaquer avec une escadre les marchands ennemis': what the raid does to
    the merchants is not in the aid (A-24), so the referee rules, and may place the
    'Commerce interrompu' marker on the raided trade centre."""
    state = at_war("urr_esp", "urr_gbr")
    state.order, state.current = ["P2", "P1", "P3", "P4"], 0
    state.units = [u for u in state.units if not (u.power == "urr_gbr" and u.kind == "squadron")]
    squadron(state, "urr_esp", "urr_ocean")
    squadron(state, "urr_gbr", "urr_caribbean")
    left = state.actions_left
    ScriptedDice.script = [6, 1]
    state = play(state, "P2", type="piracy", power="urr_esp", sea="urr_ocean", target="urr_gbr")
    assert kinds(state) == [("REF", "piracy_effect")]
    assert state.question is not None and state.question.area == "urr_bengal"
    state = play(state, "REF", type="answer", yes=True)
    assert state.interrupted == ["urr_bengal"]  # the first centre by id
    assert state.phase == "impulse" and state.actions_left == left - 1
