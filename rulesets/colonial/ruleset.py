"""The Colonial ruleset: seats, options, data, setup, the phase table and the views."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from rulesets.colonial import actions as act
from rulesets.colonial import (
    capitulation,
    endeavour,
    followups,
    nations,
    programme,
    raid,
    trade,
    upkeep,
)
from rulesets.colonial.autopilot import choose_for
from rulesets.colonial.data import parse_data
from rulesets.colonial.options import OPTIONS
from rulesets.colonial.setup import new_state, setup_game
from rulesets.colonial.state import ColonialState
from rulesets.colonial.view import view_for
from rulesets.core import BaseState, Msg, OptionSpec, PhaseTable, Ruleset, SeatSpec, StepContext

COLOURS = ("col_red", "col_blue", "col_green", "col_yellow", "col_black", "col_white")
TABLE: PhaseTable[ColonialState] = PhaseTable.of(
    [
        nations.PHASE,
        programme.PHASE,
        endeavour.PHASE,
        *followups.PHASES,
        raid.PHASE,
        *trade.PHASES,
        capitulation.PHASE,
        capitulation.LOSSES,
        *upkeep.PHASES,
    ]
)


class Colonial(Ruleset[ColonialState]):
    name: ClassVar[str] = "colonial"
    version: ClassVar[str] = "1"
    title: ClassVar[Msg] = Msg(key="col.title")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    state_model: ClassVar[type[BaseState]] = ColonialState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(act.ColonialAction)

    def seat_pool(self) -> list[SeatSpec]:
        return [SeatSpec(id=colour, name=Msg(key=f"name.{colour}")) for colour in COLOURS]

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def validate_data(self, data: dict[str, Any]) -> None:
        parse_data(data)

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> ColonialState:
        return new_state(base, data)

    def setup(self, ctx: StepContext[ColonialState], data: dict[str, Any] | None) -> None:
        setup_game(ctx)

    def phase_table(self) -> PhaseTable[ColonialState]:
        return TABLE

    def view(self, state: ColonialState, seat: str | None) -> dict[str, Any]:
        return view_for(state, seat)

    def autopilot_action(self, state: ColonialState, seat: str, pick: int) -> dict[str, Any]:
        return choose_for(self.prompts(state), state, seat, pick)

    def scores(self, state: ColonialState) -> dict[str, int] | None:
        return dict(state.final_scores) if state.finished else None


COLONIAL = Colonial()
