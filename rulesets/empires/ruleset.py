"""The Empires ruleset: the kernel interface over the table of the game's phases."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from pydantic import TypeAdapter

from rulesets.core import (
    BaseState,
    Msg,
    OptionSpec,
    PhaseTable,
    Prompt,
    Ruleset,
    SeatSpec,
    StepContext,
)
from rulesets.empires import (
    attack,
    autopilot,
    build,
    choose_empire,
    defaults,
    draft,
    empire_action,
    interphase,
    move_fight,
    options,
    palace,
    reduce,
    scoring,
    view,
)
from rulesets.empires.actions import EmpiresAction
from rulesets.empires.board import digest_of
from rulesets.empires.data import parse_data
from rulesets.empires.setup import setup_game
from rulesets.empires.state import EmpiresState

SEATS = ("P1", "P2", "P3", "P4", "P5", "P6")


@cache
def phases() -> PhaseTable[EmpiresState]:
    return PhaseTable.of(
        [
            draft.PHASE,
            *choose_empire.PHASES,
            *build.PHASES,
            attack.PHASE,
            *move_fight.PHASES,
            palace.PHASE,
            empire_action.PHASE,
            reduce.PHASE,
            *interphase.PHASES,
            scoring.PHASE,
        ]
    )


class Empires(Ruleset[EmpiresState]):
    name: ClassVar[str] = "empires"
    version: ClassVar[str] = "2"
    title: ClassVar[Msg] = Msg(key="emp.title")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    state_model: ClassVar[type[BaseState]] = EmpiresState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(EmpiresAction)

    def seat_pool(self) -> list[SeatSpec]:
        return [SeatSpec(id=seat, name=Msg(key=f"name.{seat}")) for seat in SEATS]

    def option_specs(self) -> list[OptionSpec]:
        return options.option_specs()

    def validate_data(self, data: dict[str, Any]) -> None:
        parse_data(data)

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> EmpiresState:
        if data is None:
            return EmpiresState(**base)
        return EmpiresState(**base, custom_data=data, custom_digest=digest_of(data))

    def setup(self, ctx: StepContext[EmpiresState], data: dict[str, Any] | None) -> None:
        setup_game(ctx)

    def phase_table(self) -> PhaseTable[EmpiresState]:
        return phases()

    def prompts(self, state: EmpiresState) -> list[Prompt]:
        prompts = phases().prompts(state)
        if state.phase == "draft" or state.tile is not None:
            return prompts
        # Another player's decision inside this turn (granting passage, striking back,
        # cutting a stack): a reaction with a default. A monarch playing the whole action
        # for another's turn under option C is not reacting: it keeps a turn's deadline.
        acting = {state.turn_owner(), state.decider}
        return [
            p if p.seat in acting else p.model_copy(update={"urgency": "reaction"}) for p in prompts
        ]

    def view(self, state: EmpiresState, seat: str | None) -> dict[str, Any]:
        if seat is None or seat not in state.seats:
            return view.public_view(state)
        return view.seat_view(state, seat)

    def default_action(self, state: EmpiresState, seat: str) -> dict[str, Any]:
        return defaults.default_action(self, state, seat)

    def autopilot_action(self, state: EmpiresState, seat: str, pick: int) -> dict[str, Any]:
        return autopilot.choose(self, state, seat, pick)

    def scores(self, state: EmpiresState) -> dict[str, int] | None:
        return dict(state.final_scores) if state.finished else None


EMPIRES = Empires()
