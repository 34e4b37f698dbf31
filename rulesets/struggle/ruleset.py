"""The Struggle of Empires ruleset: the kernel's interface over the game's phase table."""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from pydantic import TypeAdapter

from rulesets.core import (
    BaseState,
    IllegalAction,
    Msg,
    OptionSpec,
    Phase,
    PhaseTable,
    Ruleset,
    SeatSpec,
    StepContext,
)
from rulesets.struggle import actions as act
from rulesets.struggle.action_menu import ACTIONS
from rulesets.struggle.attack import ATTACK_REGION, ATTACK_TARGET
from rulesets.struggle.auction import AUCTION
from rulesets.struggle.autopilot import choose_for
from rulesets.struggle.build import BUILD_WHERE, MILITIA
from rulesets.struggle.combat_flow import advance
from rulesets.struggle.combat_phase import COMBAT
from rulesets.struggle.combat_results import check_blockade
from rulesets.struggle.data import parse_data
from rulesets.struggle.move import MOVE_PICK, MOVE_WHERE
from rulesets.struggle.options import OPTIONS
from rulesets.struggle.placement import PLACEMENT
from rulesets.struggle.setup import new_state, setup_game
from rulesets.struggle.shop import BUY_WHICH, RAIDER_TARGET
from rulesets.struggle.state import StruggleState, game_data
from rulesets.struggle.tile_orders import (
    BLOCKADE_WHERE,
    COMMERCE_REGION,
    DIPLOMACY,
    NATIVES_COLONY,
    NATIVES_MOVE,
)
from rulesets.struggle.view import view_for

Ctx = StepContext[StruggleState]
POWERS = ("GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR")
# Prompts whose first choice (decline) would give the opponent a bonus if played by default.
FIGHT_WHEN_ABSENT = frozenset({"naval_fight"})
# Combat reactions where an absent player's likely answer is the autopilot's, not "no".
AUTOPILOT_WHEN_ABSENT = frozenset(
    {"alliance_tile", "use_reserve", "fighting_withdrawal", "blockade_support"}
)
OVER: Phase[StruggleState] = Phase(name="over", prompts=lambda state: [], handlers={})


@cache
def struggle_phases() -> PhaseTable[StruggleState]:
    return PhaseTable.of(
        [
            PLACEMENT,
            AUCTION,
            ACTIONS,
            BUILD_WHERE,
            MILITIA,
            MOVE_PICK,
            MOVE_WHERE,
            ATTACK_REGION,
            ATTACK_TARGET,
            BUY_WHICH,
            RAIDER_TARGET,
            NATIVES_COLONY,
            NATIVES_MOVE,
            DIPLOMACY,
            COMMERCE_REGION,
            BLOCKADE_WHERE,
            COMBAT,
            OVER,
        ]
    )


class Struggle(Ruleset[StruggleState]):
    name: ClassVar[str] = "struggle"
    version: ClassVar[str] = "2"
    title: ClassVar[Msg] = Msg(key="soe.title")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7
    state_model: ClassVar[type[BaseState]] = StruggleState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(act.StruggleAction)

    def seat_pool(self) -> list[SeatSpec]:
        return [SeatSpec(id=power, name=Msg(key=f"name.{power}")) for power in POWERS]

    def option_specs(self) -> list[OptionSpec]:
        return list(OPTIONS)

    def validate_data(self, data: dict[str, Any]) -> None:
        parsed = parse_data(data)
        missing = [power for power in POWERS if power not in parsed.power_ids]
        if missing:
            raise IllegalAction(
                "core.error.bad_data", field="powers", reason=f"missing {missing[0]}"
            )

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> StruggleState:
        return new_state(base, data)

    def setup(self, ctx: Ctx, data: dict[str, Any] | None) -> None:
        setup_game(ctx)

    def phase_table(self) -> PhaseTable[StruggleState]:
        return struggle_phases()

    def apply(self, ctx: Ctx, seat: str, action: Any) -> None:
        """The current phase's handler, then the steps that follow any order: a combat runs
        its automatic steps to the next decision, and a Blockade left without ships lifts."""
        super().apply(ctx, seat, action)
        if ctx.state.combat is not None:
            advance(ctx)
        if not ctx.state.finished:
            check_blockade(ctx)

    def view(self, state: StruggleState, seat: str | None) -> dict[str, Any]:
        return view_for(state, seat)

    def default_action(self, state: StruggleState, seat: str) -> dict[str, Any]:
        """What a missed deadline plays: in a combat, what the absent player would most
        likely choose (the autopilot: bring in an Alliance tile, re-roll when behind, use a
        Fighting Withdrawal or a Blockade), but always fight at sea, since a decline would
        hand the opponent naval support; elsewhere the first, conservative choice (pass,
        no bid raised, no gold offered)."""
        for prompt in self.prompts(state):
            if prompt.seat != seat:
                continue
            if prompt.kind in FIGHT_WHEN_ABSENT:
                fight = next(c for c in prompt.choices if c.action.get("yes") is True)
                return fight.instantiate()
            if prompt.kind in AUTOPILOT_WHEN_ABSENT:
                return choose_for(self, state, seat, 0)
        return super().default_action(state, seat)

    def autopilot_action(self, state: StruggleState, seat: str, pick: int) -> dict[str, Any]:
        return choose_for(self, state, seat, pick)

    def scores(self, state: StruggleState) -> dict[str, int] | None:
        return dict(state.final_scores) if state.final_scores and state.finished else None


STRUGGLE = Struggle()

__all__ = ["STRUGGLE", "Struggle", "game_data"]
