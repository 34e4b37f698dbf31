"""The phase template: dispatch by the current phase, entry hooks, refusal of the unknown."""

from __future__ import annotations

from typing import Any, Literal

import pytest

from rulesets.core import (
    Action,
    BaseState,
    Choice,
    IllegalAction,
    Msg,
    Phase,
    PhaseTable,
    Prompt,
    RngState,
    StepContext,
)


class CountState(BaseState):
    phase: str = "count"
    total: int = 0
    dealt: int = 0


class AddOne(Action):
    type: Literal["add_one"] = "add_one"


class Stop(Action):
    type: Literal["stop"] = "stop"


def _add_one(ctx: StepContext[CountState], seat: str, action: Any) -> None:
    ctx.state.total += 1
    if ctx.state.total == 2:
        ctx.enter("deal")


def _stop(ctx: StepContext[CountState], seat: str, action: Any) -> None:
    ctx.state.finished = True


def _deal(ctx: StepContext[CountState]) -> None:
    ctx.state.dealt = ctx.roll(6)


def _ask(kind: str, action: Action) -> Any:
    return lambda state: [
        Prompt(seat="A", kind=kind, text=Msg(key=kind), choices=[Choice.of(action)])
    ]


TABLE: PhaseTable[CountState] = PhaseTable.of(
    [
        Phase(name="count", prompts=_ask("count", AddOne()), handlers={AddOne: _add_one}),
        Phase(name="deal", prompts=_ask("deal", Stop()), handlers={Stop: _stop}, enter=_deal),
    ]
)


def _context() -> StepContext[CountState]:
    state = CountState(ruleset="t", ruleset_version="1", seats=["A"], rng=RngState(seed="00" * 32))
    return StepContext(state)


def test_a_handler_enters_the_next_phase_and_its_entry_hook_runs() -> None:
    ctx = _context()
    TABLE.apply(ctx, "A", AddOne())
    assert ctx.state.phase == "count"
    TABLE.apply(ctx, "A", AddOne())
    assert ctx.state.phase == "deal"
    assert 1 <= ctx.state.dealt <= 6
    assert [p.kind for p in TABLE.prompts(ctx.state)] == ["deal"]


def test_an_action_the_current_phase_does_not_handle_is_refused_not_ignored() -> None:
    ctx = _context()
    with pytest.raises(IllegalAction) as refused:
        TABLE.apply(ctx, "A", Stop())
    assert refused.value.key == "core.error.not_a_legal_choice"
    assert ctx.state.total == 0


def test_a_finished_game_has_no_prompts_and_an_unknown_phase_is_a_bug() -> None:
    ctx = _context()
    ctx.state.phase = "nowhere"
    with pytest.raises(ValueError, match="nowhere"):
        TABLE.prompts(ctx.state)
    ctx.state.finished = True
    assert TABLE.prompts(ctx.state) == []


def test_two_phases_with_one_name_are_refused() -> None:
    count = Phase(name="count", prompts=_ask("count", AddOne()), handlers={})
    with pytest.raises(ValueError, match="count"):
        PhaseTable.of([count, count])


def test_a_step_without_a_table_cannot_enter_a_phase() -> None:
    with pytest.raises(RuntimeError):
        _context().enter("deal")


def test_a_dice_source_given_to_the_step_replaces_the_campaign_dice() -> None:
    from rulesets.core import Dice

    class Sixes(Dice):
        def roll(self, sides: int = 6) -> int:
            return sides

    state = CountState(ruleset="t", ruleset_version="1", seats=["A"], rng=RngState(seed="00" * 32))
    ctx = StepContext(state, Sixes)
    assert [ctx.roll(6), ctx.roll(10)] == [6, 10]
