"""Scenario helpers: an empty board with chosen pieces, driven through the kernel's submit."""

from __future__ import annotations

from typing import Any

from rulesets.core import Prompt, legal_prompts, start, submit
from rulesets.empires import EMPIRES
from rulesets.empires.state import EmpiresState

SEED = "ab" * 32
__all__ = ["EMPIRES"]


def new_game(players: int = 2, **options: Any) -> EmpiresState:
    seats = [f"P{i}" for i in range(1, players + 1)]
    state: EmpiresState = start(EMPIRES, seats, options, SEED).state
    return state


def blank_board(players: int = 2) -> EmpiresState:
    """A game at the start of a decade with no unit or flag on the map and P1 to play.

    Initial cities keep their basic tiles and capitals their 2-crown palaces. P2 holds
    every monarch until a scenario gives one to P1.
    """
    state = new_game(players)
    state.units = []
    state.flags = {}
    state.order = list(state.seats)
    state.start_player = "P1"
    state.turn_index = 0
    state.acted = []
    state.monarchs = dict.fromkeys(state.monarchs, "P2")
    state.phase = "choose_empire"
    return state


def put(state: EmpiresState, empire: str, kind: str, region: str, count: int = 1) -> None:
    for _ in range(count):
        state.add_unit(empire, kind, region)


def units(state: EmpiresState, region: str) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {}
    for unit in state.units_in(region):
        found.setdefault(unit.empire, {}).setdefault(unit.kind, 0)
        found[unit.empire][unit.kind] += 1
    return found


def play(state: EmpiresState, seat: str, **action: Any) -> EmpiresState:
    result: EmpiresState = submit(EMPIRES, state, seat, action).state
    return result


def prompt_of(state: EmpiresState, seat: str | None = None) -> Prompt:
    prompts = legal_prompts(EMPIRES, state, seat)
    assert prompts, f"no prompt in phase {state.phase}"
    return prompts[0]


def offered(state: EmpiresState, seat: str | None = None) -> list[dict[str, Any]]:
    return [choice.action for choice in prompt_of(state, seat).choices]


def start_action(state: EmpiresState, empire: str, action: str) -> EmpiresState:
    """P1 holds `empire`'s monarch, picks it (option A) and takes `action`."""
    state.monarchs[empire] = "P1"
    others = [
        a for a in ("build_deploy", "move_fight", "attack", "palace", "empire") if a != action
    ]
    state.markers[empire] = {"I": None, "II": others[0], "III": others[1]}
    state = play(state, "P1", type="choose_empire", empire=empire)
    return play(state, "P1", type="choose_action", action=action)


def end_moves(state: EmpiresState, seat: str = "P1") -> EmpiresState:
    """Finish the current movement step, if play has not already moved past it."""
    if state.phase in ("move_ships", "move_land"):
        return play(state, seat, type="end_moves")
    return state
