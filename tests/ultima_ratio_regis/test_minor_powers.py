"""Minor powers: their zones and alliances from the data, the morale a major power loses
with them (M2 'ou une puissance mineure alliée perd une zone-clé', M5 'perd une puissance
mineure alliée sans zones-clés'), and the reparations R3–R5 that break or turn over their
alliances ('indépendante: 1 en plus')."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rulesets.core import IllegalAction, legal_prompts
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
    in_impulse,
    kinds,
    play,
)
from tests.ultima_ratio_regis.test_rules import pass_all


def raw_data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    return loaded


def test_the_minor_powers_and_their_alliances_come_from_the_data_and_are_public() -> None:
    state = assigned()
    assert state.minor_allies == {
        "urr_minor_bavaria": "urr_fra",
        "urr_minor_saxony": "urr_pru",
        "urr_minor_poland": None,
        "urr_minor_naples": "urr_esp",
        "urr_minor_levant": "urr_ott",
    }
    assert URR.view(state, None)["minor_allies"] == state.minor_allies


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("zones", ["urr_paris"], "minors.0.zones"),  # a major power's zone
        ("ally", "urr_nowhere", "minors.0.ally"),
        ("zones", [], "minors.0.zones"),
    ],
)
def test_a_damaged_minor_power_is_refused_naming_the_field(
    field: str, value: object, where: str
) -> None:
    raw = copy.deepcopy(raw_data())
    raw["minors"][0][field] = value
    with pytest.raises(IllegalAction) as refused:
        parse_data(raw)
    assert refused.value.params["field"] == where


def test_a_power_does_not_submit_the_zone_of_its_own_minor_ally() -> None:
    state = acting(in_impulse())
    add_troops(state, "urr_fra", "urr_paris", 1)
    to_saxony = {
        "type": "tactical_move",
        "power": "urr_fra",
        "origin": "urr_paris",
        "area": "urr_saxony",
    }
    assert to_saxony in choices(state, "P1")  # Saxony is Prussia's ally, not France's
    state.minor_allies["urr_minor_saxony"] = "urr_fra"
    assert to_saxony not in choices(state, "P1")


def russia_at_war_with(power: str) -> UrrState:
    state = acting(in_impulse())
    state.order, state.current = ["P3", "P1", "P2", "P4"], 0
    state.wars.append(War(id="w1", powers=["urr_rus", power]))
    return state


def test_m5_an_allied_minor_without_key_zones_conquered_costs_its_ally_morale() -> None:
    state = russia_at_war_with("urr_pru")
    state.minor_allies["urr_minor_poland"] = "urr_pru"
    clear_area(state, "urr_ukraine")
    clear_area(state, "urr_poland")  # no Polish troops: the abstract opposition (A-25)
    add_troops(state, "urr_rus", "urr_ukraine", 3)
    ScriptedDice.script = [6, 1]  # the force: Q3 − 2 → 5 (2 BP); the opposition 1 (0 BP)
    state = play(
        state, "P3", type="tactical_move", power="urr_rus", origin="urr_ukraine", area="urr_poland"
    )
    state = play(state, "REF", type="answer", yes=False)  # no distance handicap
    assert state.control["urr_poland"] == "urr_rus"
    assert state.wars[0].lost == {"urr_pru": 1}  # M5, ceded to Russia
    assert state.minor_allies["urr_minor_poland"] is None


def test_m2_an_allied_minor_losing_a_key_zone_costs_its_ally_morale() -> None:
    state = russia_at_war_with("urr_ott")
    clear_area(state, "urr_constantinople")
    add_troops(state, "urr_rus", "urr_constantinople", 3)
    ScriptedDice.script = [6, 1]
    state = play(
        state,
        "P3",
        type="tactical_move",
        power="urr_rus",
        origin="urr_constantinople",
        area="urr_levant",
    )
    state = play(state, "REF", type="set_naval_superiority", holder="none")
    state = play(state, "REF", type="answer", yes=False)
    assert state.control["urr_levant"] == "urr_rus"
    assert state.wars[0].lost == {"urr_ott": 1}  # M2; the Levant has a key zone: no M5
    assert state.minor_allies["urr_minor_levant"] == "urr_ott"


def test_no_morale_when_the_minor_s_ally_is_not_at_war_with_the_taker() -> None:
    state = russia_at_war_with("urr_pru")
    state.minor_allies["urr_minor_poland"] = "urr_aus"
    clear_area(state, "urr_ukraine")
    clear_area(state, "urr_poland")  # no Polish troops: the abstract opposition (A-25)
    add_troops(state, "urr_rus", "urr_ukraine", 3)
    ScriptedDice.script = [6, 1]
    state = play(
        state, "P3", type="tactical_move", power="urr_rus", origin="urr_ukraine", area="urr_poland"
    )
    state = play(state, "REF", type="answer", yes=False)
    assert state.control["urr_poland"] == "urr_rus" and state.wars[0].lost == {}
    assert state.minor_allies["urr_minor_poland"] == "urr_aus"


def test_r3_to_r5_break_or_turn_over_the_loser_s_minor_allies_where_the_victor_has_interest() -> (
    None
):
    """R3 (2) turns an alliance over, R4 (1) breaks it, R5 adds 1 for an independent minor;
    only in a theatre where the victor holds a zone (France: west and south, not east)."""
    state = in_impulse()
    state.wars.append(War(id="w1", powers=["urr_fra", "urr_aus"]))
    for minor in ("urr_minor_bavaria", "urr_minor_naples", "urr_minor_poland"):
        state.minor_allies[minor] = "urr_aus"
    state = pass_all(state)
    assert {c["cause"] for c in choices(state, "REF")} == {"none", "objective_zone"}
    state = play(state, "REF", type="record_morale", power="none", cause="none")
    state = play(state, "REF", type="declare_winner", winner="urr_fra")
    state = play(state, "REF", type="set_budget", conditions=5)
    assert kinds(state) == [("P1", "buy_reparation")]
    offered = {
        (c.action["item"], c.action["target"]): c.label.params["cost"]  # type: ignore[union-attr]
        for p in legal_prompts(URR, state)
        for c in p.choices
        if c.action.get("item", "").startswith("ally_")
    }
    assert offered == {
        ("ally_switch", "urr_minor_bavaria"): 2,
        ("ally_break", "urr_minor_bavaria"): 1,
        ("ally_switch", "urr_minor_naples"): 3,  # independent: 1 more
        ("ally_break", "urr_minor_naples"): 2,
    }
    state = play(state, "P1", type="buy_reparation", item="ally_switch", target="urr_minor_naples")
    state = play(state, "P1", type="buy_reparation", item="ally_break", target="urr_minor_bavaria")
    assert state.minor_allies["urr_minor_naples"] == "urr_fra"
    assert state.minor_allies["urr_minor_bavaria"] is None
    assert state.minor_allies["urr_minor_poland"] == "urr_aus"
    assert state.war_end is not None and state.war_end.spent == 4


def test_the_referee_allies_a_minor_power_at_the_desk() -> None:
    state = play(assigned(), "REF", type="open_desk", input="minor_ally")
    assert kinds(state) == [("REF", "referee_minor_ally")]
    listed = choices(state, "REF")
    assert {"type": "set_minor_ally", "minor": "urr_minor_bavaria", "ally": "urr_fra"} not in listed
    state = play(state, "REF", type="set_minor_ally", minor="urr_minor_poland", ally="urr_rus")
    assert state.minor_allies["urr_minor_poland"] == "urr_rus"
    state = play(state, "REF", type="open_desk", input="minor_ally")
    state = play(state, "REF", type="set_minor_ally", minor="urr_minor_poland", ally="none")
    assert state.minor_allies["urr_minor_poland"] is None


def test_a_power_proposes_an_alliance_to_a_free_minor_and_the_referee_permits_it() -> None:
    """'Alliance entre puissances (Si permis)': a minor power has no player, so the referee
    answers for it; the alliance lasts beyond the turn, unlike one between major powers."""
    state = in_impulse()
    state.step = "free"
    proposal = {"type": "propose_alliance", "power": "urr_fra", "partner": "urr_minor_poland"}
    assert proposal in choices(state, "P1")
    assert {**proposal, "partner": "urr_minor_saxony"} not in choices(state, "P1")  # allied
    state = play(state, "P1", **proposal)
    assert kinds(state) == [("REF", "alliance_permitted")]
    state = play(state, "REF", type="answer", yes=True)
    assert state.minor_allies["urr_minor_poland"] == "urr_fra"
    assert state.alliances == []
