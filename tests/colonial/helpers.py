"""Scenario helpers for Colonial: a game at a chosen moment, pieces set by hand, dice forced."""

from __future__ import annotations

from typing import Any

from rulesets.colonial import COLONIAL
from rulesets.colonial.board import order
from rulesets.colonial.state import ColonialState, Programme
from rulesets.core import Dice, Outcome, RngState, Roll, legal_prompts, start, submit

SEED = "c0" * 32
ALL_CARDS = [f"card_{n}" for n in range(1, 7)]
SEATS = ["col_red", "col_blue", "col_green", "col_yellow", "col_black", "col_white"]


class Forced(Dice):
    """The listed values come out first, in order, then the campaign's own dice."""

    def __init__(self, rng: RngState, values: list[int]) -> None:
        super().__init__(rng)
        self.values = list(values)

    def roll(self, sides: int = 6) -> int:
        if not self.values:
            return super().roll(sides)
        value = self.values.pop(0)
        assert 1 <= value <= sides
        self.rolls.append(Roll(draw=self._rng.counter, sides=sides, value=value))
        self._rng.counter += 1
        return value


def new_game(players: int = 4, **options: Any) -> ColonialState:
    return start(COLONIAL, SEATS[:players], options, SEED).state


def play(
    state: ColonialState, seat: str, action: dict[str, Any], dice: list[int] | None = None
) -> Outcome[ColonialState]:
    source = None if dice is None else (lambda rng: Forced(rng, dice))
    return submit(COLONIAL, state, seat, action, dice_source=source)


def acting(state: ColonialState, seat: str, card: str) -> ColonialState:
    """Round 1 of the Endeavour with `seat` to act, its revealed card being `card`."""
    state.phase, state.round, state.step = "round", 1, None
    state.actor = order(state).index(seat)
    for other in state.seats:
        cards = ["card_1", "card_2", "card_3", "card_4"] if other != seat else [card]
        if other == seat:
            cards += [c for c in ("card_1", "card_2", "card_3", "card_4", "card_5") if c != card][
                :3
            ]
        state.programmes[other] = Programme(cards=cards, confirmed=True)
        state.revealed[other] = [cards[0]]
    return state


def choices(state: ColonialState, seat: str) -> list[dict[str, Any]]:
    return [c.action for p in legal_prompts(COLONIAL, state, seat) for c in p.choices]


def kinds(state: ColonialState, seat: str) -> set[str]:
    return {str(action["type"]) for action in choices(state, seat)}


def with_unrevealed_slots_changed(state: ColonialState) -> ColonialState:
    """The same table with every unrevealed slot of every programme holding other cards:
    whatever is public must read the same for both."""
    other = state.model_copy(deep=True)
    every = sorted({c for p in state.programmes.values() for c in p.cards} | set(ALL_CARDS))
    for seat, programme in other.programmes.items():
        shown = len(other.revealed.get(seat, []))
        kept = programme.cards[:shown]
        rest = [c for c in reversed(every) if c not in kept]
        programme.cards = kept + rest[: len(programme.cards) - shown]
    return other
