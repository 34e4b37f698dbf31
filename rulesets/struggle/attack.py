"""The attack phases: the region attacked, then the target in it; then the combat opens."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.struggle.actions import Cancel, ChooseRegion, ChooseTarget
from rulesets.struggle.choices import label, make_prompt, region_choices
from rulesets.struggle.state import StruggleState, game_data
from rulesets.struggle.targets import attackable_regions, declare_attack, targets
from rulesets.struggle.tiles import mark_used
from rulesets.struggle.turn_flow import cancel_order, current_step, open_step

Ctx = StepContext[StruggleState]
CANCEL = Choice.of(Cancel(), label=label("cancel"))


def attack_region_prompts(state: StruggleState) -> list[Prompt]:
    power = state.active
    assert power is not None
    regions = region_choices(attackable_regions(state, power), "attack_region")
    return [make_prompt(power, "attack_region", [CANCEL, *regions])]


def choose_region(ctx: Ctx, power: str, action: ChooseRegion) -> None:
    step = current_step(ctx.state)
    open_step(ctx, "attack_target", region=action.region, free=step.free, tile=step.tile)


def attack_target_prompts(state: StruggleState) -> list[Prompt]:
    power, region = state.active, current_step(state).region
    assert power is not None and region is not None
    found = [
        Choice.of(
            ChooseTarget(kind=kind, target=target), label=target_label(state, kind, target, region)
        )
        for kind, target in targets(state, power, region)
    ]
    return [make_prompt(power, "attack_target", [CANCEL, *found], region=region)]


def target_label(state: StruggleState, kind: str, target: str, region: str) -> Msg:
    """A neutral marker's button shows its printed numbers, read from the campaign's data."""
    if kind != "neutral":
        return label(f"choose_target.{kind}", target=target, region=region)
    marker = game_data(state).marker(target)
    return label(
        "choose_target.neutral",
        target=target,
        defence=marker.defence,
        gold=marker.gold_reward,
        vp=marker.vp_reward,
    )


def choose_target(ctx: Ctx, power: str, action: ChooseTarget) -> None:
    step = current_step(ctx.state)
    assert step.region is not None
    if step.free and step.tile is not None:
        mark_used(ctx.state, power, step.tile)
    ctx.state.step = None
    ctx.enter("combat")
    declare_attack(ctx, power, step.region, action.kind, action.target, free=step.free)


ATTACK_REGION: Phase[StruggleState] = Phase(
    name="attack_region",
    prompts=attack_region_prompts,
    handlers={Cancel: cancel_order, ChooseRegion: choose_region},
)
ATTACK_TARGET: Phase[StruggleState] = Phase(
    name="attack_target",
    prompts=attack_target_prompts,
    handlers={Cancel: cancel_order, ChooseTarget: choose_target},
)
