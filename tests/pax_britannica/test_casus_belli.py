"""Casus belli from placements (§4.4.2, §4.11.3): the summary of effects of placing status
markers is a data table; the shipped one is the spec's fallback (A-21), and a loaded one
changes who gains a casus belli."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.core import IllegalAction
from rulesets.pax_britannica.data import default_data, parse_data, shipped_raw
from rulesets.pax_britannica.state import PaxState, digest_of
from tests.pax_britannica.helpers import act, cleared, put


def place(state: PaxState, power: str, area: str, level: str) -> PaxState:
    state = act(state, power, {"type": "open_menu", "power": power, "menu": "markers"}).state
    placed = {"type": "place_marker", "power": power, "area": area, "level": level}
    return act(state, power, placed).state


def with_data(state: PaxState, raw: dict[str, Any]) -> PaxState:
    state.custom_data, state.custom_digest = raw, digest_of(raw)
    return state


def test_the_shipped_summary_is_the_fallback_a21_and_says_so() -> None:
    # A-21: "a new control marker that makes another power's existing marker illegal creates
    # a CB for the holder of that marker against the placer. Two control markers create a
    # mutual CB."
    summary = {
        (e.placed, e.existing): e.casus_belli for e in default_data().casus_belli.placement_summary
    }
    control = ("protectorate", "possession", "dominion")
    for placed in control:
        assert summary[placed, "influence"] == "existing"
        for existing in control:
            assert summary[placed, existing] == "both"
    assert summary["possession", "interest"] == "existing"
    assert ("protectorate", "interest") not in summary  # interest may stay under it
    assert ("influence", "influence") not in summary
    lines = shipped_raw()["casus_belli"]["placement_summary"]
    assert {line["provenance"]["casus_belli"] for line in lines} == {"reconstructed"}


def test_a_protectorate_beside_another_protectorate_gives_each_a_casus_belli() -> None:
    # §4.4.2 with A-21: control versus control, "both sides get one".
    state = cleared()
    state.powers["germany"].treasury = 50
    put(state, "france", "senegal", "protectorate", established=False)
    after = place(state, "germany", "senegal", "protectorate")
    pairs = {(c.holder, c.target, c.area) for c in after.casus_belli}
    assert pairs == {("france", "germany", "senegal"), ("germany", "france", "senegal")}


def test_an_upgrade_to_possession_over_an_interest_gives_its_holder_a_casus_belli() -> None:
    # §2.6: an interest may stand under a protectorate but not under a possession.
    state = cleared()
    state.powers["germany"].treasury = 50
    put(state, "germany", "senegal", "protectorate")
    put(state, "france", "senegal", "interest")
    after = place(state, "germany", "senegal", "possession")
    assert [(c.holder, c.target) for c in after.casus_belli] == [("france", "germany")]


def test_a_loaded_summary_decides_who_gains_a_casus_belli() -> None:
    # Influence beside influence: no CB in the shipped fallback; a group's transcription
    # that lists the pair gives one to each.
    shipped = cleared()
    shipped.powers["germany"].treasury = 50
    put(shipped, "france", "senegal", "influence")
    assert place(shipped, "germany", "senegal", "influence").casus_belli == []
    raw = shipped_raw()
    raw["casus_belli"]["placement_summary"].append(
        {
            "placed": "influence",
            "existing": "influence",
            "casus_belli": "both",
            "provenance": {"placed": "rules", "existing": "rules", "casus_belli": "rules"},
        }
    )
    loaded = with_data(cleared(), raw)
    loaded.powers["germany"].treasury = 50
    put(loaded, "france", "senegal", "influence")
    pairs = {
        (c.holder, c.target) for c in place(loaded, "germany", "senegal", "influence").casus_belli
    }
    assert pairs == {("france", "germany"), ("germany", "france")}


def test_a_summary_listing_a_pair_twice_is_refused() -> None:
    raw = shipped_raw()
    lines = raw["casus_belli"]["placement_summary"]
    lines.append(dict(lines[0]))
    with pytest.raises(IllegalAction) as refused:
        parse_data(raw)
    assert refused.value.params["field"] == f"casus_belli.placement_summary.{len(lines) - 1}"
    assert "twice" in refused.value.params["reason"]


def test_two_powers_establishing_in_one_area_the_same_turn_gain_a_casus_belli_each() -> None:
    # §4.5.2: "If two or more powers succeed, a CB exists between them"; both fight the
    # natives of Congo (CC 1) with 3 against 1 and win on a 6.
    from rulesets.pax_britannica import PAX, colonial_combat
    from tests.pax_britannica.helpers import army, context

    state = cleared()
    state.phase = "colonial_combat"
    for power in ("britain", "france"):
        put(state, power, "congo", "protectorate", established=False).placed_this_turn = True
        army(state, power, "congo", 3)
    ctx = context(state)
    colonial_combat.enter(ctx)
    current, events = ctx.state, []
    for _ in range(2):
        [prompt] = PAX.prompts(current)
        fight = {"type": "fight", "power": prompt.seat, "area": "congo"}
        outcome = act(current, prompt.seat, fight, [6])
        current, events = outcome.state, events + outcome.events
    pairs = {
        (e.params["holder"], e.params["target"], e.params["area"])
        for e in events
        if e.key == "pax.event.casus_belli"
    }
    assert pairs == {("britain", "france", "congo"), ("france", "britain", "congo")}
