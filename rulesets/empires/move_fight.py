"""Move & Fight: first the ships one by one, then the land units, then flags.

Each unit is chosen, then sent; it moves at most once. Attack reuses these phases with
only its two new units allowed to move.
"""

from __future__ import annotations

from rulesets.core import Choice, IllegalAction, Msg, Phase, Prompt, StepContext
from rulesets.core.messages import JsonValue
from rulesets.empires.actions import (
    AnswerPassage,
    EndMoves,
    MarchTo,
    Retaliate,
    SailTo,
    SelectUnit,
    Stay,
)
from rulesets.empires.combat import land_combat, retaliate, sea_combat
from rulesets.empires.movement import (
    Route,
    end_allowed,
    land_routes,
    ship_destinations,
    survives,
    targets_in,
)
from rulesets.empires.production import UNIT_VALUE_ORDER
from rulesets.empires.state import EmpiresState, LandMove, Unit
from rulesets.empires.turns import close_action, stacking_limit


def _may_move(state: EmpiresState, unit: Unit) -> bool:
    if unit.empire != state.active_empire or unit.moved:
        return False
    return state.action != "attack" or unit.id in state.attack_units


def movable_ships(state: EmpiresState) -> list[Unit]:
    return [
        u for u in state.units if u.is_ship and _may_move(state, u) and ship_destinations(state, u)
    ]


def march_choices(state: EmpiresState, unit: Unit) -> list[tuple[MarchTo, Route]]:
    """Each destination, target and distinct route; the engine's pick of route first."""
    choices = []
    for to, routes in land_routes(state, unit, state.decider).items():
        for target in targets_in(state, unit, to):
            if end_allowed(state, unit, to, target):
                choices += [(_march(route, target), route) for route in routes]
    return choices


def _march(route: Route, target: str | None) -> MarchTo:
    return MarchTo(to=route.to, via=route.via, target=target, two_masters=list(route.two_masters))


def _route_of(state: EmpiresState, unit: Unit, to: str, via: str | None, laid: list[int]) -> Route:
    for route in land_routes(state, unit, state.decider).get(to, []):
        if route.via == via and list(route.two_masters) == laid:
            return route
    raise IllegalAction("emp.error.no_such_route", region=to)


def _route_suffix(route: Route) -> str:
    """Which label a route takes: through whom, and which ships carry the unit."""
    if route.permission_from is not None:
        way = "_passage"
    else:
        way = "_via" if route.via is not None else ""
    if route.two_masters:
        return way + "_ships"
    return way + ("_sea" if any(step.chain for step in route.steps) else "")


def _over_limit_after(state: EmpiresState, unit: Unit, march: MarchTo) -> bool:
    """Whether the unit, surviving its fight, would stand over the region's limit: one of
    the units there then goes back to stock at the end of the turn."""
    if not survives(state, unit, march.to, march.target):
        return False
    own = sum(1 for u in state.units_in(march.to) if u.empire == unit.empire and u.id != unit.id)
    return own + 1 > stacking_limit(state, march.to, unit.empire)


def march_label(state: EmpiresState, unit: Unit, march: MarchTo, route: Route) -> Msg:
    """'Go to Saxony through Bavaria', or 'Attack the artillery of the Habsburg Empire in
    Vienna (1:1)', with its route and a warning when it would leave too many units there."""
    params: dict[str, JsonValue] = {
        "to": march.to,
        "via": march.via,
        "stack": "stack_over" if _over_limit_after(state, unit, march) else "stack_ok",
    }
    if route.permission_from is not None:
        params["passage"] = route.permission_from
    if route.two_masters:
        params["ships"] = [state.unit(ship).region for ship in route.two_masters]
    if march.target is None:
        return Msg(key=f"emp.label.march{_route_suffix(route)}", params=params)
    enemy = next(u.empire for u in state.units_in(march.to) if u.empire != unit.empire)
    odds = "1:0" if unit.kind == "artillery" and march.target == "infantry" else "1:1"
    params |= {"target": march.target, "enemy": enemy, "odds": odds}
    return Msg(key=f"emp.label.attack{_route_suffix(route)}", params=params)


def _can_march(state: EmpiresState, unit: Unit) -> bool:
    return any(
        end_allowed(state, unit, to, target)
        for to in land_routes(state, unit, state.decider)
        for target in targets_in(state, unit, to)
    )


def movable_land(state: EmpiresState) -> list[Unit]:
    return [
        u for u in state.units if not u.is_ship and _may_move(state, u) and _can_march(state, u)
    ]


def _begin_ships(ctx: StepContext[EmpiresState]) -> None:
    if not movable_ships(ctx.state):
        ctx.enter("move_land")


def _begin_land(ctx: StepContext[EmpiresState]) -> None:
    if not movable_land(ctx.state):
        close_action(ctx, place_flags=True)


def _groups(units: list[Unit]) -> list[SelectUnit]:
    seen: dict[tuple[str, str], SelectUnit] = {}
    for unit in units:
        key = (unit.region, unit.kind)
        if key not in seen:
            seen[key] = SelectUnit(region=unit.region, kind=unit.kind)
    return list(seen.values())


def _select_prompts(state: EmpiresState, ships: bool) -> list[Prompt]:
    assert state.decider is not None
    units = movable_ships(state) if ships else movable_land(state)
    end = "emp.label.end_ship_moves" if ships else "emp.label.end_land_moves"
    choices = [Choice.of(EndMoves(), label=Msg(key=end))]
    choices += [
        Choice.of(
            s, label=Msg(key="emp.label.select_unit", params={"region": s.region, "unit": s.kind})
        )
        for s in _groups(units)
    ]
    return [
        Prompt(
            seat=state.decider,
            kind="select_ship" if ships else "select_land_unit",
            text=Msg(key="emp.prompt.select_ship" if ships else "emp.prompt.select_land_unit"),
            choices=choices,
        )
    ]


def ship_select_prompts(state: EmpiresState) -> list[Prompt]:
    return _select_prompts(state, ships=True)


def land_select_prompts(state: EmpiresState) -> list[Prompt]:
    return _select_prompts(state, ships=False)


def _select(ctx: StepContext[EmpiresState], pool: list[Unit], action: SelectUnit) -> None:
    unit = next((u for u in pool if u.region == action.region and u.kind == action.kind), None)
    if unit is None:
        raise IllegalAction("emp.error.no_such_unit", region=action.region, unit=action.kind)
    ctx.state.selected = unit.id


def select_ship(ctx: StepContext[EmpiresState], seat: str, action: SelectUnit) -> None:
    _select(ctx, movable_ships(ctx.state), action)
    ctx.enter("ship_destination")


def select_land_unit(ctx: StepContext[EmpiresState], seat: str, action: SelectUnit) -> None:
    _select(ctx, movable_land(ctx.state), action)
    ctx.enter("land_destination")


def end_ship_moves(ctx: StepContext[EmpiresState], seat: str, action: EndMoves) -> None:
    ctx.enter("move_land")


def end_land_moves(ctx: StepContext[EmpiresState], seat: str, action: EndMoves) -> None:
    close_action(ctx, place_flags=True)


def _sail_label(state: EmpiresState, ship: Unit, sea: str) -> Msg:
    enemy = next((u for u in state.units_in(sea) if u.empire != ship.empire), None)
    if enemy is None:
        return Msg(key="emp.label.sail_to", params={"region": sea})
    return Msg(
        key="emp.label.sail_to_fight",
        params={"region": sea, "target": enemy.kind, "enemy": enemy.empire, "odds": "1:1"},
    )


def destination_prompts(state: EmpiresState) -> list[Prompt]:
    assert state.decider is not None and state.selected is not None
    unit = state.unit(state.selected)
    choices = [Choice.of(Stay(), label=Msg(key="emp.label.stay", params={"region": unit.region}))]
    if unit.is_ship:
        choices += [
            Choice.of(SailTo(region=sea), label=_sail_label(state, unit, sea))
            for sea in ship_destinations(state, unit)
        ]
    else:
        choices += [
            Choice.of(march, label=march_label(state, unit, march, route))
            for march, route in march_choices(state, unit)
        ]
    return [
        Prompt(
            seat=state.decider,
            kind="destination",
            text=Msg(
                key="emp.prompt.destination", params={"region": unit.region, "unit": unit.kind}
            ),
            choices=choices,
        )
    ]


def _after_ship(ctx: StepContext[EmpiresState]) -> None:
    ctx.state.selected = None
    ctx.enter("move_ships")


def _after_land_unit(ctx: StepContext[EmpiresState]) -> None:
    ctx.state.selected = None
    ctx.enter("move_land")


def _stay(ctx: StepContext[EmpiresState]) -> None:
    state = ctx.state
    assert state.selected is not None
    state.unit(state.selected).moved = True


def ship_stays(ctx: StepContext[EmpiresState], seat: str, action: Stay) -> None:
    _stay(ctx)
    _after_ship(ctx)


def land_unit_stays(ctx: StepContext[EmpiresState], seat: str, action: Stay) -> None:
    _stay(ctx)
    _after_land_unit(ctx)


def sail_to(ctx: StepContext[EmpiresState], seat: str, action: SailTo) -> None:
    state = ctx.state
    assert state.selected is not None
    ship = state.unit(state.selected)
    origin = ship.region
    ship.region = action.region
    ship.moved = True
    state.entered.append(action.region)
    ctx.emit(
        "emp.event.ship_moved",
        empire=ship.empire,
        unit=ship.kind,
        origin=origin,
        region=action.region,
    )
    sea_combat(ctx, ship)
    _after_ship(ctx)


def march_to(ctx: StepContext[EmpiresState], seat: str, action: MarchTo) -> None:
    state = ctx.state
    assert state.selected is not None and state.decider is not None
    unit = state.unit(state.selected)
    route = _route_of(state, unit, action.to, action.via, action.two_masters)
    if route.permission_from is None:
        _execute(ctx, unit, route, action.target)
        return
    monarch = state.monarchs.get(route.permission_from)
    assert monarch is not None and route.via is not None
    state.pending_move = LandMove(
        unit=unit.id,
        to=action.to,
        via=route.via,
        target=action.target,
        two_masters=list(route.two_masters),
        empire=route.permission_from,
        seat=monarch,
    )
    ctx.enter("permission")
    ctx.emit(
        "emp.event.passage_requested",
        empire=unit.empire,
        through=route.permission_from,
        region=route.via,
    )


def _execute(ctx: StepContext[EmpiresState], unit: Unit, route: Route, target: str | None) -> None:
    state = ctx.state
    for step in route.steps:
        for ship_id in step.chain:
            ship = state.unit(ship_id)
            if ship.kind == "two_master":
                ship.carried = True
    origin = unit.region
    unit.region = route.to
    unit.moved = True
    state.entered.append(route.to)
    by_sea = any(step.chain for step in route.steps)
    ctx.emit(
        f"emp.event.land_moved{'_via' if route.via else ''}{'_sea' if by_sea else ''}",
        empire=unit.empire,
        unit=unit.kind,
        origin=origin,
        via=route.via,
        region=route.to,
        by_sea=by_sea,
    )
    if land_combat(ctx, unit, target):
        ctx.enter("retaliate")
    else:
        _after_land_unit(ctx)


def permission_prompts(state: EmpiresState) -> list[Prompt]:
    move = state.pending_move
    assert move is not None
    mover = state.unit(move.unit)
    return [
        Prompt(
            seat=move.seat,
            kind="grant_passage",
            text=Msg(
                key="emp.prompt.passage",
                params={"empire": mover.empire, "through": move.empire, "region": move.via},
            ),
            choices=[
                Choice.of(
                    AnswerPassage(grant=grant),
                    label=Msg(
                        key="emp.label.grant_passage" if grant else "emp.label.refuse_passage",
                        params={"empire": mover.empire, "region": move.via},
                    ),
                )
                for grant in (False, True)
            ],
            urgency="reaction",
        )
    ]


def answer_passage(ctx: StepContext[EmpiresState], seat: str, action: AnswerPassage) -> None:
    state = ctx.state
    move = state.pending_move
    assert move is not None
    state.pending_move = None
    ctx.emit(
        "emp.event.passage_granted" if action.grant else "emp.event.passage_refused",
        empire=move.empire,
        mover=state.unit(move.unit).empire,
        region=move.via,
    )
    unit = state.unit(move.unit)
    if not action.grant:
        state.denied.append((unit.id, move.via))
        ctx.enter("land_destination")
        return
    route = _route_of(state, unit, move.to, move.via, move.two_masters)
    _execute(ctx, unit, route, move.target)


def retaliate_prompts(state: EmpiresState) -> list[Prompt]:
    reply = state.retaliation
    assert reply is not None
    present = {u.kind for u in state.units_in(reply.region) if u.empire == reply.defender}
    kinds = [kind for kind in UNIT_VALUE_ORDER if kind in present]
    return [
        Prompt(
            seat=reply.seat,
            kind="retaliate",
            text=Msg(key="emp.prompt.retaliate", params={"region": reply.region}),
            choices=[
                Choice.of(
                    Retaliate(kind=k), label=Msg(key="emp.label.retaliate", params={"unit": k})
                )
                for k in kinds
            ],
            urgency="reaction",
        )
    ]


def answer_retaliation(ctx: StepContext[EmpiresState], seat: str, action: Retaliate) -> None:
    state = ctx.state
    reply = state.retaliation
    assert reply is not None
    state.retaliation = None
    retaliate(ctx, reply.attacker, reply.region, reply.defender, action.kind)
    _after_land_unit(ctx)


PHASES = (
    Phase(
        name="move_ships",
        prompts=ship_select_prompts,
        handlers={SelectUnit: select_ship, EndMoves: end_ship_moves},
        enter=_begin_ships,
    ),
    Phase(
        name="ship_destination",
        prompts=destination_prompts,
        handlers={Stay: ship_stays, SailTo: sail_to},
    ),
    Phase(
        name="move_land",
        prompts=land_select_prompts,
        handlers={SelectUnit: select_land_unit, EndMoves: end_land_moves},
        enter=_begin_land,
    ),
    Phase(
        name="land_destination",
        prompts=destination_prompts,
        handlers={Stay: land_unit_stays, MarchTo: march_to},
    ),
    Phase(name="permission", prompts=permission_prompts, handlers={AnswerPassage: answer_passage}),
    Phase(name="retaliate", prompts=retaliate_prompts, handlers={Retaliate: answer_retaliation}),
)
