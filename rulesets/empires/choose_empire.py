"""Choosing the empire on your turn (options A, B, C), the compensation, and the action."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Prompt, StepContext
from rulesets.empires.actions import ChooseAction, ChooseEmpire, Compensate, SkipCompensation
from rulesets.empires.production import deployable_kind
from rulesets.empires.state import EmpiresState

MIN_INFLUENCE_FOR_B = 3
# The order in which a player who misses the deadline is offered the actions: safest first.
CONSERVATIVE_ACTIONS = ("empire", "palace", "build_deploy", "move_fight", "attack")


def empire_options(state: EmpiresState) -> tuple[str, list[str]]:
    """Which option applies to the turn owner and the empires it allows."""
    seat = state.turn_owner()
    unacted = [e for e in state.board().empire_order if e not in state.acted]
    ruled = [e for e in unacted if state.monarchs.get(e) == seat]
    if ruled:
        return "A", ruled
    influence = {e: state.influence(seat, e) for e in unacted}
    best = max(influence.values())
    if best >= MIN_INFLUENCE_FOR_B:
        return "B", [e for e in unacted if influence[e] == best]
    neutral = [e for e in unacted if state.is_neutral(e)]
    if neutral and state.options.get("neutral_turn") == "neutral_first":
        # The literal reading of the draft variant: act for a neutral empire if one waits.
        return "C", neutral
    return "C", unacted


def choose_empire_prompt(state: EmpiresState) -> Prompt:
    option, empires = empire_options(state)
    return Prompt(
        seat=state.turn_owner(),
        kind="choose_empire",
        text=Msg(key=f"emp.prompt.choose_empire_{option}"),
        choices=[Choice.of(ChooseEmpire(empire=e), label=Msg(key=f"name.{e}")) for e in empires],
    )


def choose_empire(ctx: StepContext[EmpiresState], empire: str) -> None:
    state = ctx.state
    option, _ = empire_options(state)
    seat = state.turn_owner()
    state.active_empire = empire
    if option == "C" and not state.is_neutral(empire):
        state.decider = state.monarchs[empire]
    else:
        state.decider = seat
    state.option = "neutral" if state.is_neutral(empire) else option
    ctx.emit("emp.empire_chosen", seat=seat, empire=empire, option=option, decider=state.decider)
    if state.option == "C" and compensation_regions(state):
        state.phase = "compensate"
    else:
        state.phase = "choose_action"


def compensation_regions(state: EmpiresState) -> list[str]:
    """Any empire's city region with a tile, not held by a foreign unit, able to produce."""
    board = state.board()
    return [
        region
        for region in board.region_ids
        if board.kind[region] == "city"
        and not state.is_occupied(region)
        and deployable_kind(state, region) is not None
    ]


def compensate_prompt(state: EmpiresState) -> Prompt:
    choices = [Choice.of(SkipCompensation())]
    choices += [
        Choice.of(Compensate(region=r), label=Msg(key=f"name.{r}"))
        for r in compensation_regions(state)
    ]
    return Prompt(
        seat=state.turn_owner(),
        kind="compensate",
        text=Msg(key="emp.prompt.compensate"),
        choices=choices,
    )


def compensate(ctx: StepContext[EmpiresState], region: str | None) -> None:
    state = ctx.state
    if region is not None:
        kind = deployable_kind(state, region)
        owner = state.board().owner[region]
        if kind is None or owner is None:
            raise IllegalAction("emp.error.cannot_deploy", region=region)
        state.add_unit(owner, kind, region)
        state.compensation_region = region
        ctx.emit("emp.compensated", seat=state.turn_owner(), region=region, unit=kind)
    state.phase = "choose_action"


def available_actions(state: EmpiresState, empire: str) -> list[str]:
    blocked = {state.markers[empire].get("II"), state.markers[empire].get("III")}
    return [a for a in CONSERVATIVE_ACTIONS if a not in blocked]


def choose_action_prompt(state: EmpiresState) -> Prompt:
    empire = state.active_empire
    assert empire is not None and state.decider is not None
    return Prompt(
        seat=state.decider,
        kind="choose_action",
        text=Msg(key="emp.prompt.choose_action", params={"empire": empire}),
        choices=[
            Choice.of(ChooseAction(action=a), label=Msg(key=f"emp.action.{a}"))
            for a in available_actions(state, empire)
        ],
    )


def choose_action(ctx: StepContext[EmpiresState], action: str) -> None:
    from rulesets.empires import attack, build, empire_action, move_fight, palace

    state = ctx.state
    empire = state.active_empire
    assert empire is not None
    state.markers[empire]["I"] = action
    state.acted.append(empire)
    state.action = action
    ctx.emit("emp.action_chosen", empire=empire, action=action, seat=state.decider)
    starters = {
        "build_deploy": build.start_build,
        "move_fight": move_fight.start_move_fight,
        "attack": attack.start_attack,
        "palace": palace.start_palace,
        "empire": empire_action.run_empire_action,
    }
    starters[action](ctx)
