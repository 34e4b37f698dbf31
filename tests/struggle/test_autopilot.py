"""The autopilot: sensible legal choices for an absent player; the default: the safest."""

from __future__ import annotations

from rulesets.struggle import STRUGGLE
from tests.struggle.helpers import give, put, run, scenario


def test_the_default_passes_but_never_hands_the_opponent_naval_support() -> None:
    state = scenario(["GBR"], ["FRA"])
    assert STRUGGLE.default_action(state, "GBR") == {"type": "pass_action"}
    put(state, "CAR", "GBR", fleets=1, armies=1)
    put(state, "CAR", "FRA", fleets=1, tokens=1)
    state, _ = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "CAR"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    # Declining « procure le bonus de soutien naval » to the other side: a missed
    # deadline fights instead (issue 14).
    assert STRUGGLE.default_action(state, "GBR") == {
        "type": "answer",
        "question": "naval_fight",
        "yes": True,
    }


def test_the_autopilot_does_not_borrow_for_a_tile() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.powers["GBR"].population = 1
    state.powers["GBR"].gold = 5
    assert STRUGGLE.autopilot_action(state, "GBR", 0)["type"] == "pass_action"
    state.powers["GBR"].gold = 12
    assert STRUGGLE.autopilot_action(state, "GBR", 0)["type"] == "shop"
    state, _ = run(state, ("GBR", {"type": "shop"}))
    tile = STRUGGLE.autopilot_action(state, "GBR", 0)["tile"]
    assert tile not in ("industry", "pirates", "slave_revolt")


def test_the_autopilot_attacks_only_a_neutral_it_clearly_outnumbers() -> None:
    state = scenario(["GBR"], ["FRA"])
    state.powers["GBR"].population = 1
    state.regions["GER"].markers = ["GER-2"]  # defence 3
    put(state, "GER", "GBR", armies=5)
    put(state, "GER", "FRA", tokens=1, armies=4)
    state.powers["GBR"].gold = 6  # the fee in hand, but nothing to spare for a tile
    assert STRUGGLE.autopilot_action(state, "GBR", 0)["type"] == "pass_action"
    put(state, "GER", "GBR", armies=1)
    assert STRUGGLE.autopilot_action(state, "GBR", 0) == {"type": "attack"}
    state, _ = run(state, ("GBR", {"type": "attack"}))
    assert STRUGGLE.autopilot_action(state, "GBR", 0)["region"] == "GER"
    state, _ = run(state, ("GBR", {"type": "choose_region", "region": "GER"}))
    assert STRUGGLE.autopilot_action(state, "GBR", 0)["target"] == "GER-2"


def test_a_missed_withdrawal_is_taken_as_the_player_would(dice: list[int]) -> None:
    state = scenario(["GBR"], ["FRA"])
    put(state, "GER", "GBR", armies=3)
    put(state, "GER", "FRA", armies=1, tokens=1)
    give(state, "FRA", "fighting_withdrawal")
    dice += [5, 1, 3, 3]
    state, _ = run(
        state,
        ("GBR", {"type": "attack"}),
        ("GBR", {"type": "choose_region", "region": "GER"}),
        ("GBR", {"type": "choose_target", "kind": "player", "target": "FRA"}),
    )
    assert STRUGGLE.prompts(state)[0].kind == "fighting_withdrawal"
    assert STRUGGLE.default_action(state, "FRA") == {"type": "withdraw", "spare": "FRA"}
