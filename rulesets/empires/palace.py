"""Palace: build or enlarge one palace, then gain one power point per crown."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.empires.actions import BuildPalace, SkipBuild
from rulesets.empires.production import crowns, palace_options
from rulesets.empires.state import EmpiresState
from rulesets.empires.turns import close_action


def start_palace(ctx: StepContext[EmpiresState]) -> None:
    # Building is compulsory when possible, else only the crowns are counted (D-12).
    if not palace_options(ctx.state):
        score_crowns(ctx)


def _palace_choices(state: EmpiresState) -> list[Choice]:
    choices = []
    if state.options.get("optional_builds"):
        choices.append(Choice.of(SkipBuild(), label=Msg(key="emp.label.skip_palace")))
    for region in palace_options(state):
        crowns_after = state.palaces.get(region, 0) + 1
        key = "emp.label.new_palace" if crowns_after == 1 else "emp.label.enlarge_palace"
        label = Msg(key=key, params={"region": region, "crowns": crowns_after})
        choices.append(Choice.of(BuildPalace(region=region), label=label))
    return choices


def palace_prompts(state: EmpiresState) -> list[Prompt]:
    assert state.decider is not None
    return [
        Prompt(
            seat=state.decider,
            kind="build_palace",
            text=Msg(key="emp.prompt.build_palace"),
            choices=_palace_choices(state),
        )
    ]


def build_palace(ctx: StepContext[EmpiresState], seat: str, action: BuildPalace) -> None:
    state = ctx.state
    state.palaces[action.region] = state.palaces.get(action.region, 0) + 1
    crowns_now = state.palaces[action.region]
    ctx.emit(
        "emp.event.palace_built" if crowns_now == 1 else "emp.event.palace_enlarged",
        empire=state.active_empire,
        region=action.region,
        crowns=state.palaces[action.region],
    )
    score_crowns(ctx)


def skip_palace(ctx: StepContext[EmpiresState], seat: str, action: SkipBuild) -> None:
    score_crowns(ctx)


def score_crowns(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    empire = state.active_empire
    assert empire is not None
    gained = crowns(state, empire)
    state.power[empire] += gained
    ctx.emit("emp.event.power_from_crowns", empire=empire, points=gained)
    close_action(ctx, place_flags=False)


PHASE = Phase(
    name="palace",
    prompts=palace_prompts,
    handlers={BuildPalace: build_palace, SkipBuild: skip_palace},
    enter=start_palace,
)
