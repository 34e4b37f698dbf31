"""Campaigns set up for scenario tests: four players and a referee, scripted dice."""

from __future__ import annotations

from typing import Any

from rulesets.core import Dice, Roll, legal_prompts, start, submit
from rulesets.ultima_ratio_regis import ULTIMA_RATIO_REGIS as URR
from rulesets.ultima_ratio_regis.state import Unit, UrrState

SEED = "5a" * 32
SEATS = ["P1", "P2", "P3", "P4", "REF"]
POWERS = {
    "urr_fra": "P1",
    "urr_gbr": "P1",
    "urr_aus": "P2",
    "urr_esp": "P2",
    "urr_ott": "P3",
    "urr_rus": "P3",
    "urr_ned": "P4",
    "urr_pru": "P4",
}


class ScriptedDice(Dice):
    script: list[int] = []  # noqa: RUF012 - one shared queue, reset by each test

    def roll(self, sides: int = 6) -> int:
        if not ScriptedDice.script:
            return super().roll(sides)
        value = ScriptedDice.script.pop(0)
        assert 1 <= value <= sides, f"scripted {value} on a d{sides}"
        self.rolls.append(Roll(draw=self._rng.counter, sides=sides, value=value))
        self._rng.counter += 1
        return value


def play(state: UrrState, who: str, **action: Any) -> UrrState:
    return submit(URR, state, who, action, dice_source=ScriptedDice).state


def play_events(state: UrrState, who: str, **action: Any) -> tuple[UrrState, list[str]]:
    outcome = submit(URR, state, who, action, dice_source=ScriptedDice)
    return outcome.state, [event.key for event in outcome.events]


def kinds(state: UrrState) -> list[tuple[str, str]]:
    return [(prompt.seat, prompt.kind) for prompt in legal_prompts(URR, state)]


def choices(state: UrrState, seat: str | None = None) -> list[dict[str, Any]]:
    return [
        choice.action for prompt in legal_prompts(URR, state, seat) for choice in prompt.choices
    ]


def assigned(**options: Any) -> UrrState:
    """Every power given as in POWERS; the referee is about to begin turn 1."""
    state = start(URR, SEATS, options, SEED).state
    for power, seat in POWERS.items():
        state = play(state, "REF", type="assign_power", power=power, seat=seat)
    return state


def in_impulse(**options: Any) -> UrrState:
    """Turn 1 begun, order P1..P4 set by the referee, P1's impulse at its card step."""
    state = play(assigned(**options), "REF", type="begin_turn")
    for seat in ("P1", "P2", "P3", "P4"):
        state = play(state, "REF", type="place_in_order", seat=seat)
    state.step = "card"
    return state


def acting(state: UrrState, actions: int = 3) -> UrrState:
    """P1 holds `actions` power actions of a played card."""
    state.step, state.actions_left = "act", actions
    return state


def add_troops(state: UrrState, power: str, area: str, count: int, q: int = 2) -> list[str]:
    ids = []
    for _ in range(count):
        state.next_id += 1
        ids.append(f"t{state.next_id}")
        state.units.append(Unit(id=ids[-1], power=power, kind="troop", area=area, q=q))
    return ids


def clear_area(state: UrrState, area: str) -> None:
    state.units = [u for u in state.units if u.area != area]


def deployment(
    power: str, area: str, count: int, q: int = 2, kind: str = "troop"
) -> dict[str, Any]:
    """The referee's order to deploy `count` units of `kind` and quality `q` (S1)."""
    return {
        "type": "deploy_units",
        "power": power,
        "area": area,
        "kind": kind,
        "count": count,
        "q": q,
    }
