"""A turn's opening: the empire (options A, B, C), the compensation, and the action."""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.empires.actions import ChooseAction, ChooseEmpire, Compensate, SkipCompensation
from rulesets.empires.flags import flag_count
from rulesets.empires.production import (
    crowns,
    deployable_kind,
    produced_kind,
    substitute_for,
)
from rulesets.empires.state import EmpiresState

MIN_INFLUENCE_FOR_B = 3
# The order in which a player who misses the deadline is offered the actions: safest first.
CONSERVATIVE_ACTIONS = ("empire", "palace", "build_deploy", "move_fight", "attack")
# The phase each action opens with.
ACTION_PHASES = {
    "build_deploy": "build",
    "move_fight": "move_ships",
    "attack": "attack_deploy",
    "palace": "palace",
    "empire": "empire",
}


def begin_turn(ctx: StepContext[EmpiresState]) -> None:
    """A new turn: clear what the last one left, and ask its owner for an empire."""
    state = ctx.state
    state.active_empire = None
    state.decider = None
    state.option = None
    state.action = None
    state.compensation_region = None
    state.attack_units = []
    state.selected = None
    state.denied = []
    state.entered = []
    state.place_flags = False
    ctx.emit("emp.event.turn_begins", seat=state.turn_owner(), turn=state.turn_index + 1)


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
    if neutral and state.options.get("neutral_turn", "neutral_first") == "neutral_first":
        # The draft variants' text: with no monarch and no influence of 3, act for a
        # neutral empire if one is still to act.
        return "neutral", neutral
    return "C", unacted


def _empire_label(state: EmpiresState, option: str, empire: str) -> Msg:
    """Whose turn it becomes: the chooser's own, a monarch's, or a neutral empire's."""
    if state.is_neutral(empire):
        return Msg(key="emp.label.choose_neutral_empire", params={"empire": empire})
    if option == "C":
        monarch = state.monarchs[empire]
        return Msg(key="emp.label.choose_ruled_empire", params={"empire": empire, "seat": monarch})
    influence = state.influence(state.turn_owner(), empire)
    return Msg(key="emp.label.choose_empire", params={"empire": empire, "influence": influence})


def choose_empire_prompts(state: EmpiresState) -> list[Prompt]:
    option, empires = empire_options(state)
    return [
        Prompt(
            seat=state.turn_owner(),
            kind="choose_empire",
            text=Msg(key=f"emp.prompt.choose_empire_{option}"),
            choices=[
                Choice.of(ChooseEmpire(empire=e), label=_empire_label(state, option, e))
                for e in empires
            ],
        )
    ]


def choose_empire(ctx: StepContext[EmpiresState], seat: str, action: ChooseEmpire) -> None:
    state = ctx.state
    empire = action.empire
    option, _ = empire_options(state)
    state.active_empire = empire
    if option == "C" and not state.is_neutral(empire):
        state.decider = state.monarchs[empire]
    else:
        state.decider = seat
    state.option = "neutral" if state.is_neutral(empire) else option
    ctx.emit(
        f"emp.event.empire_chosen_{state.option}",
        seat=seat,
        empire=empire,
        option=option,
        decider=state.decider,
    )
    if state.option == "C" and compensation_regions(state):
        ctx.enter("compensate")
    else:
        ctx.enter("choose_action")


def compensation_regions(state: EmpiresState) -> list[str]:
    """Any empire's city region with a tile, not held by a foreign unit, able to produce."""
    board = state.board()
    return [
        region
        for region in board.region_ids
        if board.kind[region] == "city"
        and not state.is_occupied(region)
        and deployable_kind(state, region, substitute=True) is not None
    ]


def compensate_prompts(state: EmpiresState) -> list[Prompt]:
    board = state.board()
    choices = [Choice.of(SkipCompensation(), label=Msg(key="emp.label.skip_compensation"))]
    for region in compensation_regions(state):
        params = {"region": region, "empire": board.owner[region]}
        own = deployable_kind(state, region)
        if own is not None:
            label = Msg(key="emp.label.compensate", params={**params, "unit": own})
            choices.append(Choice.of(Compensate(region=region), label=label))
        else:
            substitute = substitute_for(state, region)
            kind = produced_kind(state, region)
            label = Msg(
                key="emp.label.compensate_instead",
                params={**params, "unit": substitute, "kind": kind},
            )
            choices.append(Choice.of(Compensate(region=region, substitute=True), label=label))
    return [
        Prompt(
            seat=state.turn_owner(),
            kind="compensate",
            text=Msg(key="emp.prompt.compensate"),
            choices=choices,
        )
    ]


def compensate(ctx: StepContext[EmpiresState], seat: str, action: Compensate) -> None:
    state = ctx.state
    region = action.region
    kind = deployable_kind(state, region, action.substitute)
    owner = state.board().owner[region]
    if kind is None or owner is None:
        raise IllegalAction("emp.error.cannot_deploy", region=region)
    state.add_unit(owner, kind, region)
    state.compensation_region = region
    ctx.emit(
        "emp.event.compensated", seat=state.turn_owner(), region=region, unit=kind, empire=owner
    )
    ctx.enter("choose_action")


def skip_compensation(ctx: StepContext[EmpiresState], seat: str, action: SkipCompensation) -> None:
    ctx.enter("choose_action")


def available_actions(state: EmpiresState, empire: str) -> list[str]:
    blocked = {state.markers[empire].get("II"), state.markers[empire].get("III")}
    return [a for a in CONSERVATIVE_ACTIONS if a not in blocked]


def _action_label(state: EmpiresState, empire: str, action: str) -> Msg:
    """The action, with the power it brings now where it brings some at once."""
    points = {"empire": flag_count(state, empire), "palace": crowns(state, empire)}
    return Msg(key=f"emp.label.action_{action}", params={"points": points.get(action, 0)})


def choose_action_prompts(state: EmpiresState) -> list[Prompt]:
    empire = state.active_empire
    assert empire is not None and state.decider is not None
    return [
        Prompt(
            seat=state.decider,
            kind="choose_action",
            text=Msg(key="emp.prompt.choose_action", params={"empire": empire}),
            choices=[
                Choice.of(ChooseAction(action=a), label=_action_label(state, empire, a))
                for a in available_actions(state, empire)
            ],
        )
    ]


def choose_action(ctx: StepContext[EmpiresState], seat: str, chosen: ChooseAction) -> None:
    state = ctx.state
    action = chosen.action
    empire = state.active_empire
    assert empire is not None
    state.markers[empire]["I"] = action
    state.acted.append(empire)
    state.action = action
    ctx.emit("emp.event.action_chosen", empire=empire, action=action, seat=state.decider)
    ctx.enter(ACTION_PHASES[action])


PHASES = (
    Phase(
        name="choose_empire",
        prompts=choose_empire_prompts,
        handlers={ChooseEmpire: choose_empire},
        enter=begin_turn,
    ),
    Phase(
        name="compensate",
        prompts=compensate_prompts,
        handlers={Compensate: compensate, SkipCompensation: skip_compensation},
    ),
    Phase(
        name="choose_action",
        prompts=choose_action_prompts,
        handlers={ChooseAction: choose_action},
    ),
)
