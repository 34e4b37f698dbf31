"""The Empires ruleset: the kernel interface, dispatching to one module per phase."""

from __future__ import annotations

from collections.abc import Callable
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
from rulesets.empires import (
    actions as act,
)
from rulesets.empires import (
    attack,
    autopilot,
    build,
    choose_empire,
    draft,
    interphase,
    move_fight,
    palace,
    reduce,
    view,
)
from rulesets.empires.board import digest_of
from rulesets.empires.data import default_data, parse_data
from rulesets.empires.setup import setup_game
from rulesets.empires.state import EmpiresState

SEATS = ("P1", "P2", "P3", "P4", "P5", "P6")

PROMPTS: dict[str, Callable[[EmpiresState], Prompt]] = {
    "draft": draft.draft_prompt,
    "choose_empire": choose_empire.choose_empire_prompt,
    "compensate": choose_empire.compensate_prompt,
    "choose_action": choose_empire.choose_action_prompt,
    "build": build.build_prompt,
    "deploy_mode": build.deploy_mode_prompt,
    "deploy_pick": build.deploy_pick_prompt,
    "attack_deploy": attack.attack_prompt,
    "move_ships": move_fight.select_prompt,
    "move_land": move_fight.select_prompt,
    "ship_destination": move_fight.destination_prompt,
    "land_destination": move_fight.destination_prompt,
    "permission": move_fight.permission_prompt,
    "retaliate": move_fight.retaliate_prompt,
    "palace": palace.palace_prompt,
    "reduce": reduce.reduce_prompt,
    "influence_pick": interphase.pick_prompt,
    "worker_pick": interphase.pick_prompt,
}


def _dispatch(ctx: StepContext[EmpiresState], seat: str, action: Any) -> None:
    match action:
        case act.DraftPick(empire=empire):
            draft.draft_pick(ctx, empire)
        case act.ChooseEmpire(empire=empire):
            choose_empire.choose_empire(ctx, empire)
        case act.Compensate(region=region):
            choose_empire.compensate(ctx, region)
        case act.SkipCompensation():
            choose_empire.compensate(ctx, None)
        case act.ChooseAction(action=name):
            choose_empire.choose_action(ctx, name)
        case act.BuildCity(region=region, upgrade=upgrade):
            build.build_city(ctx, region, upgrade)
        case act.SkipBuild():
            if ctx.state.phase == "palace":
                palace.score_crowns(ctx)
            else:
                build.skip_build(ctx)
        case act.DeployEach():
            build.deploy_each(ctx)
        case act.DeployPalace(region=region):
            build.deploy_palace(ctx, region)
        case act.DeployTo(region=region):
            build.deploy_to(ctx, region)
        case act.AttackDeploy(region=region, kind=kind):
            attack.attack_deploy(ctx, region, kind)
        case act.SelectUnit(region=region, kind=kind):
            move_fight.select_unit(ctx, region, kind)
        case act.EndMoves():
            move_fight.end_moves(ctx)
        case act.Stay():
            move_fight.stay(ctx)
        case act.SailTo(region=region):
            move_fight.sail_to(ctx, region)
        case act.MarchTo(to=to, via=via, target=target):
            move_fight.march_to(ctx, to, via, target)
        case act.AnswerPassage(grant=grant):
            move_fight.answer_passage(ctx, grant)
        case act.Retaliate(kind=kind):
            move_fight.answer_retaliation(ctx, kind)
        case act.BuildPalace(region=region):
            palace.build_palace(ctx, region)
        case act.RemoveUnit(region=region, kind=kind):
            reduce.remove_unit(ctx, region, kind)
        case act.TakeInfluence(empire=empire):
            interphase.take_influence(ctx, seat, empire)
        case act.TakeWorker(empire=empire):
            interphase.take_worker(ctx, seat, empire)
        case act.Levy(empire=empire, region=region):
            interphase.levy(ctx, empire, region)
        case _:
            raise IllegalAction("core.error.malformed_action", field="type")


class Empires(Ruleset[EmpiresState]):
    name: ClassVar[str] = "empires"
    version: ClassVar[str] = "1"
    title: ClassVar[Msg] = Msg(key="emp.title")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    state_model: ClassVar[type[BaseState]] = EmpiresState
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(act.EmpiresAction)

    def seat_pool(self) -> list[SeatSpec]:
        return [SeatSpec(id=seat, name=Msg(key=f"name.{seat}")) for seat in SEATS]

    def option_specs(self) -> list[OptionSpec]:
        cards = ("random", *[c.id for c in default_data().distribution_cards])
        return [
            OptionSpec(
                name="decades",
                kind="int",
                default=8,
                low=8,
                high=10,
                description=Msg(key="emp.option.decades"),
            ),
            OptionSpec(
                name="draft",
                kind="choice",
                default="off",
                choices=("off", "standard", "simplified"),
                description=Msg(key="emp.option.draft"),
            ),
            OptionSpec(
                name="quick_start",
                kind="bool",
                default=False,
                description=Msg(key="emp.option.quick_start"),
            ),
            OptionSpec(
                name="distribution_card",
                kind="choice",
                default="random",
                choices=cards,
                description=Msg(key="emp.option.distribution_card"),
            ),
            OptionSpec(
                name="neutral_turn",
                kind="choice",
                default="any_empire",
                choices=("any_empire", "neutral_first"),
                description=Msg(key="emp.option.neutral_turn"),
            ),
            OptionSpec(
                name="optional_builds",
                kind="bool",
                default=False,
                description=Msg(key="emp.option.optional_builds"),
            ),
            OptionSpec(
                name="worker_cards",
                kind="choice",
                default="open_pile",
                choices=("open_pile", "random_draw"),
                description=Msg(key="emp.option.worker_cards"),
            ),
            OptionSpec(
                name="city_tile_crowns",
                kind="choice",
                default="0/1",
                choices=("0/1", "1/1"),
                description=Msg(key="emp.option.city_tile_crowns"),
            ),
        ]

    def validate_data(self, data: dict[str, Any]) -> None:
        parse_data(data)

    def initial_state(self, base: dict[str, Any], data: dict[str, Any] | None) -> EmpiresState:
        if data is None:
            return EmpiresState(**base)
        return EmpiresState(**base, custom_data=data, custom_digest=digest_of(data))

    def setup(self, ctx: StepContext[EmpiresState], data: dict[str, Any] | None) -> None:
        setup_game(ctx)

    def prompts(self, state: EmpiresState) -> list[Prompt]:
        if state.finished:
            return []
        if state.phase == "levy":
            return interphase.levy_prompts(state)
        builder = PROMPTS.get(state.phase)
        if builder is None:
            return []
        prompt = builder(state)
        if state.phase != "draft" and state.tile is None and prompt.seat != state.turn_owner():
            # Another player's decision inside this turn (a monarch acting under option C,
            # granting passage, striking back, cutting a stack): a reaction with a default.
            prompt = prompt.model_copy(update={"urgency": "reaction"})
        return [prompt]

    def apply(self, ctx: StepContext[EmpiresState], seat: str, action: Any) -> None:
        _dispatch(ctx, seat, action)

    def view(self, state: EmpiresState, seat: str | None) -> dict[str, Any]:
        if seat is None or seat not in state.seats:
            return view.public_view(state)
        return view.seat_view(state, seat)

    def autopilot_action(self, state: EmpiresState, seat: str, pick: int) -> dict[str, Any]:
        return autopilot.choose(self, state, seat, pick)

    def scores(self, state: EmpiresState) -> dict[str, int] | None:
        return dict(state.final_scores) if state.finished else None


EMPIRES = Empires()
