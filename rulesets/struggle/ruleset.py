"""The Struggle of Empires ruleset: the kernel's interface, dispatching to the phase modules."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import TypeAdapter

from rulesets.core import (
    BaseState,
    IllegalAction,
    Msg,
    OptionSpec,
    Prompt,
    Ruleset,
    SeatSpec,
    StepContext,
)
from rulesets.struggle import actions as act
from rulesets.struggle.attack import declare_attack
from rulesets.struggle.auction import (
    first_opener,
    open_auction,
    pass_bid,
    place_bid,
    register_proxy,
)
from rulesets.struggle.autopilot import choose_for
from rulesets.struggle.combat_answers import (
    answer_alliance,
    answer_blockade,
    answer_casualty,
    answer_naval,
    answer_reserve,
    answer_support,
    answer_surprise,
    answer_withdrawal,
)
from rulesets.struggle.combat_flow import advance
from rulesets.struggle.combat_results import check_blockade
from rulesets.struggle.data import parse_data
from rulesets.struggle.money import give_gold
from rulesets.struggle.options import OPTIONS
from rulesets.struggle.orders import (
    answer_militia,
    finish_step,
    move_unit,
    pick_unit,
    place_built_unit,
    start_build,
    start_move,
    take_marker,
)
from rulesets.struggle.prompts import all_prompts
from rulesets.struggle.setup import new_state, place_starting_unit, setup_game
from rulesets.struggle.state import Step, StruggleState, game_data
from rulesets.struggle.tiles import (
    buy_tile,
    collect_commerce,
    lay_blockade,
    mark_used,
    natives_arrive,
    natives_move,
    strike_with_raider,
    take_alliance_tile,
    use_tile,
)
from rulesets.struggle.turns import action_done, end_turn
from rulesets.struggle.view import view_for

Ctx = StepContext[StruggleState]
POWERS = ("GBR", "FRA", "PRU", "AUS", "SPA", "RUS", "UPR")


class Struggle(Ruleset[StruggleState]):
    name: ClassVar[str] = "struggle"
    version: ClassVar[str] = "1"
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

    def prompts(self, state: StruggleState) -> list[Prompt]:
        return all_prompts(state)

    def apply(self, ctx: Ctx, seat: str, action: Any) -> None:
        handler = HANDLERS[type(action)]
        handler(ctx, seat, action)
        if ctx.state.combat is not None:
            advance(ctx)
        if not ctx.state.finished:
            check_blockade(ctx)

    def view(self, state: StruggleState, seat: str | None) -> dict[str, Any]:
        return view_for(state, seat)

    def autopilot_action(self, state: StruggleState, seat: str, pick: int) -> dict[str, Any]:
        return choose_for(self, state, seat, pick)

    def scores(self, state: StruggleState) -> dict[str, int] | None:
        return dict(state.final_scores) if state.finished and state.final_scores else None


def _place_unit(ctx: Ctx, seat: str, action: act.PlaceUnit) -> None:
    if place_starting_unit(ctx, seat, action.unit, action.region):
        open_auction(ctx, first_opener(ctx.state))


def _pass_action(ctx: Ctx, seat: str, action: act.PassAction) -> None:
    ctx.emit("soe.action_passed", power=seat)
    action_done(ctx)


def _open_step(ctx: Ctx, kind: str) -> None:
    ctx.state.step = Step(kind=kind)


def _choose_region(ctx: Ctx, seat: str, action: act.ChooseRegion) -> None:
    step = ctx.state.step
    assert step is not None
    region = action.region
    if step.kind == "build_where":
        place_built_unit(ctx, seat, region)
    elif step.kind == "move_where":
        move_unit(ctx, seat, region)
    elif step.kind == "attack_region":
        ctx.state.step = Step(kind="attack_target", region=region, free=step.free, tile=step.tile)
    elif step.kind == "natives_colony":
        natives_arrive(ctx, seat, region)
    elif step.kind == "natives_move":
        natives_move(ctx, seat, region)
    elif step.kind == "commerce_region":
        assert step.tile is not None
        collect_commerce(ctx, seat, step.tile, region)
    elif step.kind == "blockade_where":
        lay_blockade(ctx, seat, region)


def _choose_target(ctx: Ctx, seat: str, action: act.ChooseTarget) -> None:
    step = ctx.state.step
    assert step is not None and step.region is not None
    if step.free and step.tile is not None:
        mark_used(ctx.state, seat, step.tile)
    ctx.state.step = Step(kind="combat")
    declare_attack(ctx, seat, step.region, action.kind, action.target, free=step.free)


def _done(ctx: Ctx, seat: str, action: act.Done) -> None:
    step = ctx.state.step
    assert step is not None
    finish_step(ctx, spends_action=not step.free)


def _cancel(ctx: Ctx, seat: str, action: act.Cancel) -> None:
    ctx.state.step = None


def _answer(ctx: Ctx, seat: str, action: act.Answer) -> None:
    combat = ctx.state.combat
    if combat is None:
        answer_militia(ctx, seat, action.yes)
        return
    if action.question == "surprise":
        answer_surprise(ctx, combat, action.yes)
    elif action.question == "naval_fight":
        answer_naval(ctx, combat, seat, action.yes)
    elif action.question == "reserve":
        answer_reserve(ctx, combat, seat, action.yes)
    elif action.question == "blockade":
        answer_blockade(ctx, combat, seat, action.yes)


def _in_combat(ctx: Ctx) -> Any:
    assert ctx.state.combat is not None
    return ctx.state.combat


HANDLERS: dict[type, Any] = {
    act.PlaceUnit: _place_unit,
    act.Bid: lambda ctx, seat, a: place_bid(ctx, seat, a.amount, (a.a, a.b)),
    act.PassBid: lambda ctx, seat, a: pass_bid(ctx, seat),
    act.ProxyBid: lambda ctx, seat, a: register_proxy(ctx, seat, a.maximum, (a.a, a.b)),
    act.PassAction: _pass_action,
    act.EndTurn: lambda ctx, seat, a: end_turn(ctx),
    act.GiveGold: lambda ctx, seat, a: give_gold(ctx, seat, a.to, a.amount),
    act.Shop: lambda ctx, seat, a: _open_step(ctx, "buy_which"),
    act.Buy: lambda ctx, seat, a: buy_tile(ctx, seat, a.tile),
    act.Build: lambda ctx, seat, a: start_build(ctx, seat, a.unit),
    act.Move: lambda ctx, seat, a: start_move(ctx, seat),
    act.Attack: lambda ctx, seat, a: _open_step(ctx, "attack_region"),
    act.Colonise: lambda ctx, seat, a: take_marker(ctx, seat, a.marker, "pop"),
    act.Enslave: lambda ctx, seat, a: take_marker(ctx, seat, a.marker, "slaves"),
    act.UseTile: lambda ctx, seat, a: use_tile(ctx, seat, a.tile),
    act.ChooseRegion: _choose_region,
    act.ChooseUnit: lambda ctx, seat, a: pick_unit(ctx, a.unit, a.region),
    act.ChooseTarget: _choose_target,
    act.ChooseToken: lambda ctx, seat, a: strike_with_raider(ctx, a.region, a.power),
    act.ChooseTile: lambda ctx, seat, a: take_alliance_tile(ctx, seat, a.tile),
    act.Done: _done,
    act.Cancel: _cancel,
    act.Answer: _answer,
    act.Support: lambda ctx, seat, a: answer_support(ctx, _in_combat(ctx), seat, a.naval, a.land),
    act.AllianceStage: lambda ctx, seat, a: answer_alliance(
        ctx, _in_combat(ctx), seat, a.tile, a.stage
    ),
    act.Withdraw: lambda ctx, seat, a: answer_withdrawal(ctx, _in_combat(ctx), seat, a.spare),
    act.Casualty: lambda ctx, seat, a: answer_casualty(ctx, _in_combat(ctx), a.power, a.unit),
}

STRUGGLE = Struggle()

__all__ = ["STRUGGLE", "Struggle", "game_data"]
