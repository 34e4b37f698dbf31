"""Minor powers' own troops (reconstructed: the aid names allied and independent minor
powers, never their armies) and the submission's "Opposition : Q2 (ou Q3 si A3 ou R3)"
(RÉSUMÉ DU COMBAT, Soumission; spec §3.9.5 and A-25: the flag from the data, else the
referee's)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rulesets.core import IllegalAction
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.data import DATA_FILE, parse_data
from rulesets.ultima_ratio_regis.state import UrrState, War
from tests.ultima_ratio_regis.helpers import (
    ScriptedDice,
    acting,
    add_troops,
    assigned,
    choices,
    clear_area,
    deployment,
    in_impulse,
    kinds,
    play,
    play_events,
)


def minor_units(state: UrrState, area: str) -> list[Any]:
    return [u for u in state.units if u.area == area and u.power not in state.powers]


def playing(seat: str, **options: Any) -> UrrState:
    state = acting(in_impulse(**options))
    state.order = [seat, *(s for s in ("P1", "P2", "P3", "P4") if s != seat)]
    state.current = 0
    return state


def test_minor_troops_stand_at_set_up_and_show_apart_in_the_view() -> None:
    state = assigned()
    assert [u.q for u in minor_units(state, "urr_bavaria")] == [2, 2]
    assert [u.q for u in minor_units(state, "urr_poland")] == [1, 1]
    view = URR.view(state, None)
    assert {u["power"] for u in view["units"]} <= set(state.powers)  # majors' units only
    assert {(u["power"], u["area"]) for u in view["minor_units"]} == {
        ("urr_minor_bavaria", "urr_bavaria"),
        ("urr_minor_poland", "urr_poland"),
        ("urr_minor_naples", "urr_naples"),
    }
    assert view["minor_commanders"]["urr_minor_bavaria"] == "urr_fra"  # its ally
    assert view["minor_commanders"]["urr_minor_poland"] is None  # no ally: alone
    alone = URR.view(assigned(minor_command="own"), None)["minor_commanders"]
    assert set(alone.values()) == {None}


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"zone": "urr_saxony"}, "minor_units.0.zone"),  # Saxony's zone, not Bavaria's
        ({"q": 5}, "minor_units.0"),
        ({"count": 0}, "minor_units.0"),
    ],
)
def test_a_damaged_minor_force_is_refused_naming_the_field(
    change: dict[str, Any], where: str
) -> None:
    raw: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    raw = copy.deepcopy(raw)
    raw["minor_units"][0].update(change)
    with pytest.raises(IllegalAction) as refused:
        parse_data(raw)
    assert refused.value.params["field"] == where


def submit_poland(state: UrrState, force: int = 3) -> UrrState:
    clear_area(state, "urr_ukraine")
    add_troops(state, "urr_rus", "urr_ukraine", force)
    state = play(
        state, "P3", type="tactical_move", power="urr_rus", origin="urr_ukraine", area="urr_poland"
    )
    return play(state, "REF", type="answer", yes=False)  # not at 2 zones of distance


def test_an_unallied_minor_s_troops_are_the_opposition_of_a_submission_and_take_losses() -> None:
    """Poland has no ally: its two troops defend alone. The opposition still rolls the aid's
    Q2 ('Opposition : Q2'), whatever their quality; 'Les forces sans chef disperse une troupe
    pour chaque résultat de dispersion'."""
    state = playing("P3")
    ScriptedDice.script = [4, 1]
    # Force Q3 −1 marsh −1 moved = Q1: 4 → 3 (1 BP); opposition Q2: 1 → 1 (0 BP).
    state = submit_poland(state)
    assert state.last_combat is not None
    assert [d.q for d in state.last_combat.defender.dice] == [2]
    assert state.control["urr_poland"] == "urr_rus"
    # Lost by 1: one troop dispersed (a minor never regroups: it leaves the board); the
    # other submits with the zone.
    assert minor_units(state, "urr_poland") == []
    assert state.minor_losses == {"urr_minor_poland": 2}
    assert URR.view(state, None)["minor_losses"] == {"urr_minor_poland": 2}


def test_a_minor_opposition_that_wins_keeps_its_zone_and_its_troops() -> None:
    state = playing("P3")
    ScriptedDice.script = [3, 3]  # force Q1: 3 → 2 (0 BP); opposition Q2: 3 (1 BP)
    state = submit_poland(state, force=4)
    assert kinds(state) == [("P3", "control")]  # it may pay 2 troops for the zone
    state = play(state, "P3", type="buy_control", pay=False)
    assert state.control["urr_poland"] is None
    assert len(minor_units(state, "urr_poland")) == 2 and state.minor_losses == {}


def test_an_allied_minor_s_troops_fight_as_their_ally_s_side_in_its_war() -> None:
    """Bavaria is France's ally: Austria at war with France meets its troops in a land battle
    with France as the defender; the losses are Bavaria's, the morale France's."""
    state = playing("P2")
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    clear_area(state, "urr_vienna")
    add_troops(state, "urr_aus", "urr_vienna", 3)
    ScriptedDice.script = [6, 6, 6, 1, 1]
    state = play(
        state, "P2", type="tactical_move", power="urr_aus", origin="urr_vienna", area="urr_bavaria"
    )
    assert kinds(state) == [("P1", "size")]  # forest 3D–4D: France defends and chooses
    state, events = play_events(state, "P1", type="choose_size", size=3)
    assert state.last_combat is not None
    assert state.last_combat.kind == "land" and state.last_combat.defender.power == "urr_fra"
    assert len(state.last_combat.defender.dice) == 2  # the two Bavarian troops
    assert minor_units(state, "urr_bavaria") == []
    assert state.minor_losses == {"urr_minor_bavaria": 2}
    assert state.powers["urr_fra"].destroyed == 0  # not France's units
    assert state.control["urr_bavaria"] == "urr_aus"
    # M1: France lost a battle where it rolled two dice; M5: its minor ally conquered.
    assert state.wars[0].lost == {"urr_fra": 2}
    assert state.minor_allies["urr_minor_bavaria"] is None
    assert "urr.event.minor_lost" in events


def test_troops_a_power_commands_are_attacked_only_at_war_with_it() -> None:
    into_bavaria = {
        "type": "tactical_move",
        "power": "urr_aus",
        "origin": "urr_vienna",
        "area": "urr_bavaria",
    }
    state = playing("P2")
    assert into_bavaria not in choices(state, "P2")  # Austria is at peace with France
    alone = playing("P2", minor_command="own")  # the cheap alternative: they defend alone
    assert into_bavaria in choices(alone, "P2")
    ScriptedDice.script = [1, 6]
    alone = play(alone, "P2", **into_bavaria)
    alone = play(alone, "REF", type="answer", yes=False)
    assert alone.last_combat is not None and alone.last_combat.kind == "submission"
    assert alone.last_combat.defender.power is None  # the minor's own opposition
    assert len(alone.last_combat.defender.units) == 2


def test_an_alliance_broken_or_turned_over_changes_who_commands_the_troops() -> None:
    """R4 breaks the alliance: Bavaria's troops defend alone; R3 turns it over: they are the
    victor's to command (the referee's desk sets an alliance the same way)."""
    into_bavaria = {
        "type": "tactical_move",
        "power": "urr_aus",
        "origin": "urr_vienna",
        "area": "urr_bavaria",
    }
    state = playing("P2")
    state.minor_allies["urr_minor_bavaria"] = None  # R4
    assert URR.view(state, None)["minor_commanders"]["urr_minor_bavaria"] is None
    assert into_bavaria in choices(state, "P2")  # a submission against the Bavarians
    state.minor_allies["urr_minor_bavaria"] = "urr_aus"  # R3 in Austria's favour
    assert into_bavaria not in choices(state, "P2")  # its own ally's zone
    desk = play(assigned(), "REF", type="open_desk", input="minor_ally")
    desk = play(desk, "REF", type="set_minor_ally", minor="urr_minor_bavaria", ally="urr_aus")
    assert URR.view(desk, None)["minor_commanders"]["urr_minor_bavaria"] == "urr_aus"


def submit_saxony(state: UrrState, strong: bool) -> UrrState:
    """Saxony's file entry leaves the flag open (null): the referee rules."""
    state.minor_allies["urr_minor_saxony"] = None
    clear_area(state, "urr_paris")
    add_troops(state, "urr_fra", "urr_paris", 3)
    state = play(
        state, "P1", type="tactical_move", power="urr_fra", origin="urr_paris", area="urr_saxony"
    )
    state = play(state, "REF", type="answer", yes=False)  # not at 2 zones of distance
    assert kinds(state) == [("REF", "strong_opposition")]
    return play(state, "REF", type="answer", yes=strong)


@pytest.mark.parametrize(("strong", "q"), [(True, 3), (False, 2)])
def test_the_referee_rules_a3_or_r3_where_the_data_leaves_it_open(strong: bool, q: int) -> None:
    """'Opposition : Q2 (ou Q3 si A3 ou R3)': the aid does not say what A3 and R3 are; the
    spec (A-25) makes them a referee's flag where the data does not carry it."""
    state = playing("P1")
    ScriptedDice.script = [3, 3]
    state = submit_saxony(state, strong)
    combat = state.combat  # a tie either way: France may pay 1 troop for the zone
    assert combat is not None and combat.step == "control"
    assert [d.q for d in combat.defender.dice] == [q]
    # Force Q3 −1 moved = Q2: 3 → 3 (1 BP); opposition 3 → 4 (1+B) at Q3, 3 at Q2.
    assert combat.defender.dice[0].result == (4 if strong else 3)


def test_a_flag_in_the_data_is_not_asked() -> None:
    """Bavaria's entry says true: Q3 without a question to the referee."""
    state = playing("P2", minor_command="own")
    ScriptedDice.script = [1, 6]
    state = play(
        state, "P2", type="tactical_move", power="urr_aus", origin="urr_vienna", area="urr_bavaria"
    )
    state = play(state, "REF", type="answer", yes=False)
    assert state.last_combat is not None
    assert [d.q for d in state.last_combat.defender.dice] == [3]


def test_the_referee_deploys_a_minor_s_troops_in_its_own_zones_only() -> None:
    """What the rulebook brings a minor (a levy, a treaty) is the referee's, at the desk."""
    state = play(assigned(), "REF", type="open_desk", input="deploy")
    minor_places = {
        (c["power"], c["area"])
        for c in choices(state, "REF")
        if c.get("type") == "deploy_units" and c["power"] not in state.powers
    }
    assert minor_places == {
        ("urr_minor_bavaria", "urr_bavaria"),
        ("urr_minor_saxony", "urr_saxony"),
        ("urr_minor_poland", "urr_poland"),
        ("urr_minor_naples", "urr_naples"),
        ("urr_minor_levant", "urr_levant"),
    }
    state = play(state, "REF", **deployment("urr_minor_saxony", "urr_saxony", 2, q=3))
    assert [u.q for u in minor_units(state, "urr_saxony")] == [3, 3]
    assert URR.view(state, None)["minor_commanders"]["urr_minor_saxony"] == "urr_pru"


def test_the_ally_s_troops_and_its_minor_s_defend_the_zone_together() -> None:
    """France holds a troop in Bavaria beside the two Bavarian ones: all three defend, and
    France, which commands them, may first intercept from a zone next to Bavaria."""
    state = playing("P2")
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    clear_area(state, "urr_vienna")
    add_troops(state, "urr_aus", "urr_vienna", 4)
    add_troops(state, "urr_fra", "urr_bavaria", 1, q=3)
    add_troops(state, "urr_fra", "urr_milan", 1)
    ScriptedDice.script = [1, 1, 1, 6, 6, 6]
    state = play(
        state, "P2", type="tactical_move", power="urr_aus", origin="urr_vienna", area="urr_bavaria"
    )
    assert kinds(state) == [("P1", "intercept")]
    state = play(state, "P1", type="let_pass")
    state = play(state, "P1", type="choose_size", size=3)
    assert state.last_combat is not None
    defenders = state.last_combat.defender.units
    assert len(defenders) == 3 and len(state.last_combat.defender.dice) == 3
    assert state.last_combat.defender.dice[0].q == 3  # the best troop first: France's elite
    assert state.wars[0].lost == {"urr_aus": 1}  # Austria rolled 3 dice and lost
    assert state.control["urr_bavaria"] is None  # not cleared: Austria goes back
    standing = [u for u in state.units if u.power == "urr_aus" and u.dispersed_at is None]
    assert not [u for u in standing if u.area == "urr_bavaria"]
