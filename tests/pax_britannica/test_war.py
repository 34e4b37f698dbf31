"""The war sequence (§4.11.2) after the declarations: initiative, manoeuvre, attack,
support, the end-of-war check, the spoils and the return home, quoted by section."""

from __future__ import annotations

import random
from typing import Any

from bot.i18n import render
from bot.i18n.labels import choice_label
from rulesets.core import StepContext
from rulesets.pax_britannica import PAX
from rulesets.pax_britannica.combat import odds_for
from rulesets.pax_britannica.holdings import new_unit
from rulesets.pax_britannica.state import PaxState, War, game_data
from rulesets.pax_britannica.war_board import army_steps
from rulesets.pax_britannica.war_combat import fight_battle
from tests.pax_britannica.helpers import (
    act,
    army,
    context,
    keys,
    new_game,
    play_randomly,
    put,
)
from tests.pax_britannica.test_war_declarations import at_war_phase, entered, give_cb

DECLARE = {"type": "declare_war", "power": "france", "target": "britain", "area": "egypt"}
DONE = {"type": "war_step_done"}


def egypt_dispute(players: int = 4) -> PaxState:
    """A British protectorate in Egypt, a French influence there, France's casus belli, in
    a one-turn game (the board stays as the war leaves it)."""
    state = at_war_phase(players, turns=1)
    put(state, "britain", "egypt", "protectorate")
    put(state, "france", "egypt", "influence")
    give_cb(state, "france", "britain", "egypt")
    return state


def declared(state: PaxState, dice: list[int]) -> tuple[PaxState, list[str]]:
    ctx = entered(state)
    outcome = act(ctx.state, "france", DECLARE, dice)
    return outcome.state, keys(outcome)


def play_on(state: PaxState, answer: dict[str, Any] | None = None) -> tuple[PaxState, list[str]]:
    """Answer every war prompt with "end this phase" (or `answer` where it is offered)
    until the wars are over; the events met on the way."""
    seen: list[str] = []
    while state.phase == "war" and not state.finished:
        [prompt] = PAX.prompts(state)
        action = prompt.choices[0].instantiate()
        if answer is not None and prompt.find(answer) is not None:
            action = answer
        outcome = act(state, prompt.seat, action)
        state, seen = outcome.state, seen + keys(outcome)
    return state, seen


def test_the_war_sequence_starts_with_initiative_and_clears_the_casus_belli() -> None:
    # §4.11.1: "When the war sequence starts, all CB markers are removed automatically";
    # W2 / A-32: one d6 a side, "the higher roll is First Alliance", ties are rerolled.
    state = egypt_dispute()
    give_cb(state, "germany", "britain", "egypt")
    army(state, "france", "egypt", 3)
    army(state, "britain", "egypt", 3)
    ctx = entered(state)
    after = act(ctx.state, "france", DECLARE).state
    outcome = act(after, "germany", {"type": "no_war", "power": "germany"}, [3, 3, 2, 5])
    state = outcome.state
    assert state.phase == "war" and state.casus_belli == []
    [war] = state.wars
    assert (war.sides, war.cycle, war.first) == ((["france"], ["britain"]), 1, 1)
    [initiative] = [e for e in outcome.events if e.key == "pax.event.war_initiative"]
    assert (initiative.params["die"], initiative.params["other_die"]) == (2, 5)
    # Britain's army cannot leave Egypt (enemy armies there, no controlled neighbour), so
    # its manoeuvre phase asks nothing: it attacks first.
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("britain", "war_attack")


def test_odds_are_rounded_for_the_defender_in_the_attack_choice() -> None:
    # §4.11.8: "7 vs 5 → 1:1 (a 3:2 needs 7.5). Add an allied 1 → 8 vs 5 → 3:2".
    state = egypt_dispute()
    for strength in (3, 3, 1):
        army(state, "france", "egypt", strength)
    for strength in (3, 1, 1):
        army(state, "britain", "egypt", strength)
    state, _ = declared(state, [6, 1])
    [prompt] = PAX.prompts(state)  # no French army can leave Egypt: straight to attacks
    assert (prompt.seat, prompt.kind) == ("france", "war_attack")
    label = choice_label("pax-britannica", prompt.choices[1], "en")
    assert label == "Attack the enemy armies in Egypt: 7 against 5 (1:1, free)"
    assert odds_for(game_data(state), 8, 5).text(game_data(state)) == "3:2"


def battle(state: PaxState, dice: list[int]) -> StepContext[PaxState]:
    war = War(sides=(["france"], ["britain"]), cycle=1, step="attack", waiting=["france"])
    state.wars = [war]
    ctx = context(state, dice)
    fight_battle(ctx, war, "france", "egypt", "army")
    return ctx


def strengths(state: PaxState, power: str) -> list[int]:
    return sorted(u.strength for u in state.units if u.power == power)


def test_an_exchange_removes_the_smaller_force_and_as_much_of_the_larger() -> None:
    # §4.11.8 EX: "All units of the smaller force are removed. The larger force removes units
    # totalling the smaller force's strength" (A-5: 3 + 3 when no exact 5 exists).
    state = egypt_dispute()
    for strength in (3, 3, 1):
        army(state, "france", "egypt", strength)
    for strength in (3, 1, 1):
        army(state, "britain", "egypt", strength)
    ctx = battle(state, [4])  # Table 2, 1:1, die 4: EX
    assert strengths(state, "britain") == [] and strengths(state, "france") == [1]
    [fought] = [e for e in ctx.events if e.key == "pax.event.war_battle"]
    assert fought.params["result"] == "pax_war_result_EX"


def test_a_half_exchange_between_equal_forces_costs_the_attacker_everything() -> None:
    # §4.11.8 ½ EX [1993]: "If both forces are equal, the attacker counts as the smaller
    # force"; the larger loses "at most half of the smaller force's strength, rounded up".
    state = egypt_dispute()
    army(state, "france", "egypt", 3)
    for _ in range(3):
        army(state, "britain", "egypt", 1)
    battle(state, [4])  # Table 1 (a force below 5), 1:1, die 4: ½ EX
    assert strengths(state, "france") == [] and strengths(state, "britain") == [1]


def test_retreating_defenders_step_to_a_place_they_could_enter() -> None:
    # §4.11.8 DR: "As AR, applied to the defenders": units move into adjacent places they
    # could legally enter in a manoeuvre phase (never out to sea from an area enemy armies
    # hold, restriction 2); units with nowhere to go surrender (§4.11.11).
    state = egypt_dispute()
    army(state, "france", "egypt", 3)
    army(state, "france", "egypt", 3)
    army(state, "britain", "egypt", 3)
    battle(state, [3])  # Table 1, 2:1, die 3: DR
    assert strengths(state, "britain") == []
    assert [u.strength for u in state.wars[0].prisoners] == [3]
    put(state, "britain", "sudan", "possession")
    army(state, "britain", "egypt", 3)
    ctx = battle(state, [3])
    assert [u.location for u in state.units if u.power == "britain"] == ["sudan"]
    assert "pax.event.unit_retreated" in [e.key for e in ctx.events]


def test_an_army_may_not_sail_into_enemy_navies_without_its_own() -> None:
    # §4.11.7 restriction 1: "An army may not enter a sea or cape zone containing enemy
    # navies unless it also contains navies of its own alliance"; no unit enters another
    # power's home nation, and an area with no belligerent control marker is closed.
    state = egypt_dispute()
    war = War(sides=(["france"], ["britain"]))
    state.wars = [war]
    assert "mediterranean" in army_steps(state, war, "france", "france")
    new_unit(state, "britain", "navy", 3, "mediterranean")
    assert "mediterranean" not in army_steps(state, war, "france", "france")
    new_unit(state, "france", "navy", 1, "mediterranean")
    assert "mediterranean" in army_steps(state, war, "france", "france")
    from_egypt = army_steps(state, war, "france", "egypt")
    assert "sudan" not in from_egypt and "britain" not in from_egypt


def test_conquest_victory_and_free_spoils() -> None:
    # §4.11.9: armies in an enemy-controlled area with no enemy army conquer it; W9 (b): the
    # enemy has no army abroad; §4.11.12: the victor places any marker free, the losers'
    # markers go, and "ET does not change" (only +5 declaring and +2 a cycle).
    state = egypt_dispute()
    put(state, "france", "tripoli", "possession")
    french = army(state, "france", "tripoli", 10)
    army(state, "britain", "egypt", 1)
    state, _ = declared(state, [6, 1])
    move = {"type": "war_move", "power": "france", "unit": french, "to": "egypt"}
    state = act(state, "france", move).state
    [prompt] = PAX.prompts(state)
    assert prompt.kind == "war_attack"
    attack = {"type": "war_attack", "place": "egypt", "kind": "army"}
    outcome = act(state, "france", attack, [2])  # Table 1, 6:1, die 2: DE
    state = outcome.state
    assert "pax.event.area_conquered" in keys(outcome) and "pax.event.war_won" in keys(outcome)
    [prompt] = PAX.prompts(state)
    assert (prompt.seat, prompt.kind) == ("france", "war_spoils")
    assert [c.action["level"] for c in prompt.choices][:2] == ["possession", "protectorate"]
    spoils = {"type": "war_spoils", "power": "france", "area": "egypt", "level": "possession"}
    outcome = act(state, "france", spoils)
    state = outcome.state
    holders = {(m.power, m.level) for m in state.markers if m.area == "egypt"}
    assert holders == {("france", "possession")}
    assert "pax.event.war_ends" in keys(outcome) and state.wars == []
    war_tension = [e for e in state.tension_log if e.reason in ("declaration", "war_cycle")]
    assert [e.amount for e in war_tension] == [5, 2]
    assert state.tension == 7  # from 0


def test_an_army_out_of_support_surrenders_and_comes_home_after_the_war() -> None:
    # §4.11.10: "Armies out of support surrender immediately"; §4.11.11: "At the end of the
    # war they return to their home nation". Egypt, which nobody conquered, falls to
    # influence for everyone (§4.11.12).
    state = egypt_dispute()
    state.powers["france"].merchant_fleets = []
    french = army(state, "france", "egypt", 3)
    army(state, "britain", "sudan", 3)
    put(state, "britain", "sudan", "possession")
    state, seen = declared(state, [6, 1])
    state, later = play_on(state)
    seen += later
    assert "pax.event.unit_surrenders" in seen and "pax.event.prisoners_home" in seen
    assert [u.location for u in state.units if u.id == french] == ["france"]
    assert {(m.power, m.level) for m in state.markers if m.area == "egypt"} == {
        ("britain", "influence"),
        ("france", "influence"),
    }


def test_three_cycles_without_an_attack_are_a_stalemate_at_2_et_a_cycle() -> None:
    # W9 (d): "three consecutive war cycles passed with no attack by either side"; "ET +2
    # at the end of each war cycle" (A-34).
    state = egypt_dispute()
    put(state, "france", "algeria", "possession")
    army(state, "france", "algeria", 3)
    army(state, "britain", "egypt", 3)
    state, seen = declared(state, [6, 1])
    state, later = play_on(state)
    seen += later
    assert "pax.event.war_stalemate" in seen
    cycles = [e for e in state.tension_log if e.reason == "war_cycle"]
    assert [e.amount for e in cycles] == [2, 2, 2]
    assert state.tension == 11


def test_a_minor_without_a_major_ally_is_moved_by_a_neutral_drawn_by_lot() -> None:
    # W1 / A-33: "if nobody agrees within the deadline, the bot picks at random among the
    # neutral players".
    state = at_war_phase(players=5)
    put(state, "spain", "rio_de_oro", "possession")
    give_cb(state, "france", "spain", "rio_de_oro")
    ctx = entered(state)
    declare = {"type": "declare_war", "power": "france", "target": "spain", "area": "rio_de_oro"}
    outcome = act(ctx.state, "france", declare, [2, 6, 1])  # the 2nd of 4 neutrals
    [chosen] = [e for e in outcome.events if e.key == "pax.event.minor_controller"]
    assert chosen.params == {"seat": "germany", "power": "spain"}


def test_war_prompts_and_events_read_as_sentences() -> None:
    state = egypt_dispute()
    for strength in (3, 3):
        army(state, "france", "egypt", strength)
    army(state, "britain", "egypt", 3)
    state, _ = declared(state, [6, 1])
    outcomes = []
    while state.phase == "war":
        [prompt] = PAX.prompts(state)
        for choice in prompt.choices:
            for language in ("en", "fr"):
                label = choice_label("pax-britannica", choice, language)
                assert "pax." not in label and "{" not in label and "_" not in label, label
        outcome = act(state, prompt.seat, prompt.choices[-1].instantiate())
        outcomes.append(outcome)
        state = outcome.state
    for outcome in outcomes:
        for event in outcome.events:
            for language in ("en", "fr"):
                text = render(event, language)
                assert "pax." not in text and "{" not in text and "_" not in text, text


def test_random_wars_on_the_1880_board_always_end() -> None:
    # W9: every war ends (by victory, a stalemate, or ET at 100 from +2 a cycle), with no
    # dead end: random declarations among six powers on the opening board, played at random.
    fought = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(6, war_declarations=True, turns=1)
        state.phase, state.windows = "diplomacy", {}
        for holder in state.seats:
            for target in state.seats:
                if holder != target and rng.random() < 0.15:
                    give_cb(state, holder, target, "egypt")
        state, ended = play_randomly(entered(state).state, rng, 5_000, "pax.event.war_ends")
        fought += ended
        assert state.finished
    assert fought > 0
