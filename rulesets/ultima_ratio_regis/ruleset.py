"""The Ultima Ratio Regis ruleset: seats, options, data, set-up, the phase table and views."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from rulesets.core import (
    BaseState,
    Msg,
    OptionSpec,
    PhaseTable,
    Ruleset,
    SeatSpec,
    StepContext,
)
from rulesets.ultima_ratio_regis import actions as act
from rulesets.ultima_ratio_regis.autopilot import choose
from rulesets.ultima_ratio_regis.between_impulses import BETWEEN_IMPULSES
from rulesets.ultima_ratio_regis.combat_phase import COMBAT
from rulesets.ultima_ratio_regis.data import parse_data
from rulesets.ultima_ratio_regis.eot import EOT
from rulesets.ultima_ratio_regis.impulse import IMPULSE
from rulesets.ultima_ratio_regis.interception import INTERCEPTION
from rulesets.ultima_ratio_regis.options import OPTIONS
from rulesets.ultima_ratio_regis.question import QUESTION
from rulesets.ultima_ratio_regis.setup import ASSIGN, new_state, setup_game
from rulesets.ultima_ratio_regis.state import PLAYER_SEATS, REFEREE, UrrState
from rulesets.ultima_ratio_regis.text import say
from rulesets.ultima_ratio_regis.turn_start import ORDER, TURN_START
from rulesets.ultima_ratio_regis.view import view_for
from rulesets.ultima_ratio_regis.war_end import WAR_END

Ctx = StepContext[UrrState]
TABLE = PhaseTable[UrrState].of(
    [
        ASSIGN,
        TURN_START,
        ORDER,
        IMPULSE,
        BETWEEN_IMPULSES,
        INTERCEPTION,
        QUESTION,
        COMBAT,
        WAR_END,
        EOT,
    ]
)


class UltimaRatioRegis(Ruleset[UrrState]):
    name: ClassVar[str] = "ultima-ratio-regis"
    version: ClassVar[str] = "1"
    title: ClassVar[Msg] = say("urr.title")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 8
    state_model: ClassVar[type[BaseState]] = UrrState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(act.UrrAction)

    def seat_pool(self) -> list[SeatSpec]:
        seats = [SeatSpec(id=seat, name=say(f"name.{seat}")) for seat in PLAYER_SEATS]
        return [*seats, SeatSpec(id=REFEREE, name=say(f"name.{REFEREE}"))]

    def players_among(self, seats: list[str]) -> list[str]:
        """3 to 8 players, and optionally the referee's seat beside them (without it the
        first player referees)."""
        return [seat for seat in seats if seat != REFEREE]

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def validate_data(self, data: dict[str, Any]) -> None:
        parse_data(data)

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> UrrState:
        return new_state(base, data)

    def setup(self, ctx: Ctx, data: dict[str, Any] | None) -> None:
        setup_game(ctx)

    def phase_table(self) -> PhaseTable[UrrState]:
        return TABLE

    def view(self, state: UrrState, seat: str | None) -> dict[str, Any]:
        return view_for(state, seat)

    def autopilot_action(self, state: UrrState, seat: str, pick: int) -> dict[str, Any]:
        return choose(self.prompts(state), seat, pick)

    def scores(self, state: UrrState) -> dict[str, int] | None:
        return dict(state.final_scores) if state.finished else None


ULTIMA_RATIO_REGIS = UltimaRatioRegis()
