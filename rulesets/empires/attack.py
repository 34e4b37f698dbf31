"""Attack: two units of any type straight from stock, which alone then move and fight."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.empires.actions import AttackDeploy
from rulesets.empires.state import EmpiresState

UNITS_DEPLOYED = 2
LAND_KINDS = ("infantry", "artillery")
SHIP_KINDS = ("two_master", "three_master")


def attack_options(state: EmpiresState) -> list[AttackDeploy]:
    """Land units in any own city region, ships only in ports; never where a foreign unit is."""
    empire = state.active_empire
    assert empire is not None
    board = state.board()
    options = []
    for region in board.cities_of[empire]:
        if state.has_foreign_unit(region, empire):
            continue
        kinds = LAND_KINDS + (SHIP_KINDS if board.is_port(region) else ())
        for kind in kinds:
            if state.stock(empire, kind) > 0:
                options.append(AttackDeploy(region=region, kind=kind))
    return options


def _next(ctx: StepContext[EmpiresState]) -> None:
    """Deploy the next unit, or send the deployed ones to move and fight."""
    state = ctx.state
    if len(state.attack_units) >= UNITS_DEPLOYED or not attack_options(state):
        ctx.enter("move_ships")


def attack_prompts(state: EmpiresState) -> list[Prompt]:
    assert state.decider is not None
    return [
        Prompt(
            seat=state.decider,
            kind="attack_deploy",
            text=Msg(key="emp.prompt.attack_deploy", params={"count": len(state.attack_units) + 1}),
            choices=[
                Choice.of(
                    o, label=Msg(key="emp.label.place", params={"region": o.region, "unit": o.kind})
                )
                for o in attack_options(state)
            ],
        )
    ]


def attack_deploy(ctx: StepContext[EmpiresState], seat: str, action: AttackDeploy) -> None:
    state = ctx.state
    empire = state.active_empire
    assert empire is not None
    unit = state.add_unit(empire, action.kind, action.region)
    state.attack_units.append(unit.id)
    ctx.emit("emp.event.attack_deployed", empire=empire, region=action.region, unit=action.kind)
    _next(ctx)


PHASE = Phase(
    name="attack_deploy",
    prompts=attack_prompts,
    handlers={AttackDeploy: attack_deploy},
    enter=_next,
)
