"""Build & Deploy: build or upgrade one city, then one unit per city or three at a palace."""

from __future__ import annotations

from rulesets.core import Choice, Msg, Phase, Prompt, StepContext
from rulesets.empires.actions import BuildCity, DeployEach, DeployPalace, DeployTo, SkipBuild
from rulesets.empires.production import (
    SUBSTITUTE,
    deployable_kind,
    produced_kind,
    producing_cities,
    substitute_for,
)
from rulesets.empires.state import EmpiresState
from rulesets.empires.turns import close_action

UNITS_AT_PALACE = 3


def build_options(state: EmpiresState) -> list[BuildCity]:
    empire = state.active_empire
    assert empire is not None
    options: list[BuildCity] = []
    tiles_left = state.city_tiles_left(empire)
    for region in state.board().cities_of[empire]:
        if state.has_foreign_unit(region, empire):
            continue
        if region not in state.cities and tiles_left > 0:
            options.append(BuildCity(region=region, upgrade=False))
        elif state.cities.get(region) is False:
            options.append(BuildCity(region=region, upgrade=True))
    return options


def start_build(ctx: StepContext[EmpiresState]) -> None:
    # Building is compulsory when possible and skipped otherwise (ASSUMPTION D-11),
    # unless the campaign's `optional_builds` option lets the player decline.
    if not build_options(ctx.state):
        ctx.enter("deploy_mode")


def build_prompts(state: EmpiresState) -> list[Prompt]:
    assert state.decider is not None
    choices = []
    if state.options.get("optional_builds"):
        choices.append(Choice.of(SkipBuild(), label=Msg(key="emp.label.skip_city")))
    choices += [
        Choice.of(
            o,
            label=Msg(
                key="emp.label.upgrade_city" if o.upgrade else "emp.label.new_city",
                params={"region": o.region},
            ),
        )
        for o in build_options(state)
    ]
    return [
        Prompt(
            seat=state.decider,
            kind="build_city",
            text=Msg(key="emp.prompt.build_city"),
            choices=choices,
        )
    ]


def skip_build(ctx: StepContext[EmpiresState], seat: str, action: SkipBuild) -> None:
    ctx.enter("deploy_mode")


def build_city(ctx: StepContext[EmpiresState], seat: str, action: BuildCity) -> None:
    state = ctx.state
    state.cities[action.region] = action.upgrade
    ctx.emit(
        "emp.event.city_upgraded" if action.upgrade else "emp.event.city_built",
        empire=state.active_empire,
        region=action.region,
    )
    ctx.enter("deploy_mode")


def palace_deploy_regions(state: EmpiresState, substitute: bool = True) -> list[str]:
    empire = state.active_empire
    assert empire is not None
    return [
        r
        for r in producing_cities(state, empire)
        if r in state.palaces and deployable_kind(state, r, substitute) is not None
    ]


def each_deploy_regions(state: EmpiresState, substitute: bool = True) -> list[str]:
    empire = state.active_empire
    assert empire is not None
    return [
        r
        for r in producing_cities(state, empire)
        if deployable_kind(state, r, substitute) is not None
    ]


def _palace_runs_out(state: EmpiresState, region: str) -> str | None:
    """The substitute a palace's three units would turn to, if its own unit runs short."""
    kind = produced_kind(state, region)
    owner = state.board().owner[region]
    if kind is None or owner is None or state.stock(owner, kind) >= UNITS_AT_PALACE:
        return None
    substitute = SUBSTITUTE.get(kind)
    if substitute is None or state.stock(owner, substitute) <= 0:
        return None
    return substitute


def _runs_short(state: EmpiresState, regions: list[str]) -> bool:
    """Whether some unit these cities produce runs out before every city has one, while
    its substitute is still in stock."""
    empire = state.active_empire
    assert empire is not None
    needed: dict[str, int] = {}
    for region in regions:
        kind = produced_kind(state, region)
        assert kind is not None
        needed[kind] = needed.get(kind, 0) + 1
    return any(
        count > state.stock(empire, kind)
        and kind in SUBSTITUTE
        and state.stock(empire, SUBSTITUTE[kind]) > 0
        for kind, count in needed.items()
    )


def _skip_deploy_if_impossible(ctx: StepContext[EmpiresState]) -> None:
    if not each_deploy_regions(ctx.state) and not palace_deploy_regions(ctx.state):
        close_action(ctx, place_flags=False)


def _each_choices(state: EmpiresState) -> list[Choice]:
    """Every city, with the weaker unit where a city's own has run out, listed first (the
    more units), then without it."""
    plain, substituting = each_deploy_regions(state, False), each_deploy_regions(state, True)
    choices = []
    if substituting != plain or _runs_short(state, plain):
        label = Msg(key="emp.label.deploy_each_substitute", params={"regions": substituting})
        choices.append(Choice.of(DeployEach(substitute=True), label=label))
    if plain:
        label = Msg(key="emp.label.deploy_each", params={"regions": plain})
        choices.append(Choice.of(DeployEach(), label=label))
    return choices


def _palace_choices(state: EmpiresState) -> list[Choice]:
    choices = []
    for region in palace_deploy_regions(state):
        substitute = _palace_runs_out(state, region)
        params = {"region": region, "unit": produced_kind(state, region)}
        if substitute is not None:
            label = Msg(
                key="emp.label.deploy_palace_substitute",
                params={**params, "substitute": substitute},
            )
            choices.append(Choice.of(DeployPalace(region=region, substitute=True), label=label))
        if deployable_kind(state, region) is not None:
            label = Msg(key="emp.label.deploy_palace", params=params)
            choices.append(Choice.of(DeployPalace(region=region), label=label))
    return choices


def deploy_mode_prompts(state: EmpiresState) -> list[Prompt]:
    assert state.decider is not None
    choices = _each_choices(state) + _palace_choices(state)
    return [
        Prompt(
            seat=state.decider,
            kind="deploy",
            text=Msg(key="emp.prompt.deploy"),
            choices=choices,
        )
    ]


def _deploy_one(ctx: StepContext[EmpiresState], region: str, substitute: bool) -> None:
    state = ctx.state
    kind = deployable_kind(state, region, substitute)
    empire = state.active_empire
    assert kind is not None and empire is not None
    state.add_unit(empire, kind, region)
    ctx.emit("emp.event.deployed", empire=empire, region=region, unit=kind)


def deploy_each(ctx: StepContext[EmpiresState], seat: str, action: DeployEach) -> None:
    """One unit in every producing city; when stock is short the player picks the cities."""
    state = ctx.state
    empire = state.active_empire
    assert empire is not None
    regions = each_deploy_regions(state, action.substitute)
    needed: dict[str, int] = {}
    for region in regions:
        kind = deployable_kind(state, region, action.substitute)
        assert kind is not None
        needed[kind] = needed.get(kind, 0) + 1
    if all(state.stock(empire, kind) >= count for kind, count in needed.items()):
        for region in regions:
            _deploy_one(ctx, region, action.substitute)
        close_action(ctx, place_flags=False)
        return
    state.deploy_left = regions
    state.deploy_substitute = action.substitute
    ctx.enter("deploy_pick")


def _continue_picks(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    substitute = state.deploy_substitute
    state.deploy_left = [
        r for r in state.deploy_left if deployable_kind(state, r, substitute) is not None
    ]
    if not state.deploy_left:
        close_action(ctx, place_flags=False)


def _pick_choices(state: EmpiresState, region: str) -> list[Choice]:
    own = deployable_kind(state, region)
    if own is not None:
        label = Msg(key="emp.label.place", params={"unit": own, "region": region})
        return [Choice.of(DeployTo(region=region), label=label)]
    label = Msg(
        key="emp.label.place_instead",
        params={
            "unit": substitute_for(state, region),
            "region": region,
            "kind": produced_kind(state, region),
        },
    )
    return [Choice.of(DeployTo(region=region, substitute=True), label=label)]


def deploy_pick_prompts(state: EmpiresState) -> list[Prompt]:
    assert state.decider is not None
    return [
        Prompt(
            seat=state.decider,
            kind="deploy_to",
            text=Msg(key="emp.prompt.deploy_to"),
            choices=[choice for r in state.deploy_left for choice in _pick_choices(state, r)],
        )
    ]


def deploy_to(ctx: StepContext[EmpiresState], seat: str, action: DeployTo) -> None:
    _deploy_one(ctx, action.region, action.substitute)
    ctx.state.deploy_left.remove(action.region)
    _continue_picks(ctx)


def deploy_palace(ctx: StepContext[EmpiresState], seat: str, action: DeployPalace) -> None:
    for _ in range(UNITS_AT_PALACE):
        if deployable_kind(ctx.state, action.region, action.substitute) is None:
            break
        _deploy_one(ctx, action.region, action.substitute)
    close_action(ctx, place_flags=False)


PHASES = (
    Phase(
        name="build",
        prompts=build_prompts,
        handlers={BuildCity: build_city, SkipBuild: skip_build},
        enter=start_build,
    ),
    Phase(
        name="deploy_mode",
        prompts=deploy_mode_prompts,
        handlers={DeployEach: deploy_each, DeployPalace: deploy_palace},
        enter=_skip_deploy_if_impossible,
    ),
    Phase(
        name="deploy_pick",
        prompts=deploy_pick_prompts,
        handlers={DeployTo: deploy_to},
        enter=_continue_picks,
    ),
)
